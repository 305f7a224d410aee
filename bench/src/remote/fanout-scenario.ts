import os from 'node:os';
import { benchCommand, writeBenchmarkSection } from '../docs-section';
import { FANOUT_HEADING, FANOUT_SCENARIO_NAME, formatFanoutSection } from './fanout-report';
import { measureFanout } from './remote-fanout';

export { FANOUT_SCENARIO_NAME };

/** Measured seconds per step. */
const STEP_SECONDS = 5;

/**
 * Pair counts of the steps: 250 apart up to 2500, 500 apart past it, so a full run stays within
 * about 4 minutes (a side stops after its first step over the limit; on a quiet 2-core machine,
 * 26 Nov 2026, Playz held 3000 pairs and the peer 4000 in 3 minutes). 4500 at most: the server holds
 * both sides' sockets (2 per pair and side, 18,000 at 4500) under the 20,000 descriptors
 * `ulimit -n` allows here.
 */
export const DEFAULT_FANOUT_STEPS = [250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000, 4500];

/**
 * The remote-control fan-out as `npm run bench` runs it (`--only fan-out`): measures, prints and
 * writes its own section of docs/benchmarks.md (after `## Web bundle`, so the run's rewrite
 * carries it over). `steps` from `--pairs`, the default list otherwise.
 */
export async function runFanoutScenario(steps: number[] = DEFAULT_FANOUT_STEPS): Promise<void> {
  const started = performance.now();
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  const date = new Date().toISOString();
  const results = await measureFanout({ seconds: STEP_SECONDS, steps });
  const section = formatFanoutSection({
    command: benchCommand(),
    date,
    nodeVersion: process.version,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} (${os.availableParallelism()} cores available)`,
    cores: os.availableParallelism(),
    loadAverage: { start: loadAverageAtStart, end: os.loadavg()[0] ?? 0 },
    seconds: STEP_SECONDS,
    steps,
    ...results,
    durationSeconds: (performance.now() - started) / 1000,
  });
  console.log(`\n${section}\n`);
  writeBenchmarkSection(FANOUT_HEADING, section);
}
