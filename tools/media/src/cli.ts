/**
 * npx tsx tools/media/src/cli.ts demo <mediaRoot>
 * Builds the demo clips (idempotent) with a text progress bar. FFMPEG_PATH is read here, the
 * CLI being this package's entry point; the library itself takes it as a parameter.
 */
import { resolve } from 'node:path';
import { ensureDemoMedia, type DemoProgress } from './demo-media';

const USAGE = 'usage: cli.ts demo <mediaRoot>';

async function main(argv: string[]): Promise<number> {
  const [command, mediaRoot] = argv;
  if (command !== 'demo' || !mediaRoot) {
    console.error(USAGE);
    return 2;
  }
  const started = performance.now();
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  const clips = await ensureDemoMedia(resolve(mediaRoot), {
    ffmpegPath: process.env.FFMPEG_PATH || undefined,
    onProgress: drawProgress,
    signal: abort.signal,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\n${clips.length} demo clips ready in ${resolve(mediaRoot)} (${seconds} s)\n`);
  for (const clip of clips) process.stdout.write(`  ${clip.key.padEnd(8)} ${clip.hlsPath}\n`);
  return 0;
}

const BAR_WIDTH = 30;
let lastStep = '';

function drawProgress(p: DemoProgress): void {
  const ratio = p.total ? Math.min(1, p.done / p.total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%`;
  // \r redraws in a terminal; when piped to a log, one line per step stays readable.
  if (process.stdout.isTTY) process.stdout.write(`\r${bar} ${p.step.padEnd(24)}`);
  else if (p.step !== lastStep) process.stdout.write(`${bar} ${p.step}\n`);
  lastStep = p.step;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
