import os from 'node:os';
import { writeBenchmarkSection } from '../docs-section';
import { LANDING_SCENARIO_NAME, measureLanding } from './landing-page';

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
  const section = formatLandingSection({
    command,
    date,
    nodeVersion: process.version,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} (${os.availableParallelism()} cores available)`,
    loadAverage: { start: loadAverageAtStart, end: os.loadavg()[0] ?? 0 },
    results,
  });
  console.log(`\n${section}\n`);
  writeBenchmarkSection(LANDING_HEADING, section);
}
