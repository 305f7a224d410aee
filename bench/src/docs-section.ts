import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** docs/benchmarks.md, where every benchmark writes its section. */
export const BENCHMARKS_FILE = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/**
 * `markdown` with the `## heading` section replaced by `section` (which starts with that
 * heading), or with `section` appended when it has none. A section runs to the next `## `.
 * Sections after `## Web bundle` are carried over by `npm run bench` as they are (report.ts).
 */
export function withSection(markdown: string, heading: string, section: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  const body = section.trimEnd() + '\n';
  if (start < 0) return `${markdown.trimEnd()}\n\n${body}`;
  const next = markdown.indexOf('\n## ', start + heading.length + 1);
  const after = next < 0 ? '' : markdown.slice(next);
  return `${markdown.slice(0, start + 1)}${body}${after}`;
}

/** Writes `section` into docs/benchmarks.md under `heading` (see withSection). */
export function writeBenchmarkSection(heading: string, section: string): void {
  const previous = fs.existsSync(BENCHMARKS_FILE) ? fs.readFileSync(BENCHMARKS_FILE, 'utf8') : '';
  fs.writeFileSync(BENCHMARKS_FILE, withSection(previous, heading, section));
}

/** This run's command line as a section quotes it, for the reader to run it again. */
export function benchCommand(): string {
  const args = process.argv.slice(2).map((arg) => (/\s/.test(arg) ? `"${arg}"` : arg));
  return ['npm run bench', ...(args.length ? ['-w @playz/bench --', ...args] : [])].join(' ');
}
