import os from 'node:os';
import path from 'node:path';
import { writeBenchmarkSection } from '../docs-section';
import { LANDING_SCENARIO_NAME, measureLanding } from './landing-page';
import { BENCH_DATA_DIR } from '../player/media-server';
import { formatEntryJavaScript, measureEntryJavaScript } from './entry-js';

export { LANDING_SCENARIO_NAME };
import { formatLandingSection, LANDING_HEADING } from './landing-report';

/** At least five loads per viewport (p50 over ≥ 5 loads), `--samples` when larger. */
const MIN_LOADS = 5;

/**
 * The landing-page benchmark as `npm run bench` runs it: measures, prints and writes its own
 * section of docs/benchmarks.md (after `## Web bundle`, so the run's rewrite carries it over).
 */
export async function runLandingScenario(samples: number): Promise<void> {
  const args = process.argv.slice(2).map((arg) => (/\s/.test(arg) ? `"${arg}"` : arg));
  const command = ['npm run bench', ...(args.length ? ['-w @playz/bench --', ...args] : [])].join(' ');
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  const date = new Date().toISOString();
  const results = await measureLanding(Math.max(MIN_LOADS, samples));
  // The build the loads were served from (measureLanding made it): its entry's static closure.
  const entryJavaScript = measureEntryJavaScript(path.join(BENCH_DATA_DIR, 'web'));
  console.log(formatEntryJavaScript(entryJavaScript));
  const section = formatLandingSection({
    command,
    date,
    nodeVersion: process.version,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} (${os.availableParallelism()} cores available)`,
    loadAverage: { start: loadAverageAtStart, end: os.loadavg()[0] ?? 0 },
    results,
    entryJavaScript,
  });
  console.log(`\n${section}\n`);
  writeBenchmarkSection(LANDING_HEADING, section);
}
