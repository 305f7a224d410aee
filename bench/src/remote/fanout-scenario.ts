import os from 'node:os';
import { benchCommand, writeBenchmarkSection } from '../docs-section';
import { FANOUT_HEADING, FANOUT_SCENARIO_NAME, formatFanoutSection } from './fanout-report';
import { measureFanout } from './remote-fanout';

export { FANOUT_SCENARIO_NAME };

/** Measured seconds per step. */
const STEP_SECONDS = 5;

/**
 * Pair counts of the steps: 500 apart up to 2500, then 250 apart where both sides' limits were
 * seen on a quiet 2-core machine (26 Nov 2026: Playz 3500–4250 pairs, the peer 4250 and more), so
 * one run of the ladder takes about 3 minutes and the default 3 runs about 10 (a side stops after
 * its first step over the limit). 4500 at most: the server holds both sides' sockets (2 per pair
 * and side, 18,000 at 4500) under the 20,000 descriptors `ulimit -n` allows here.
 */
export const DEFAULT_FANOUT_STEPS = [500, 1000, 1500, 2000, 2500, 2750, 3000, 3250, 3500, 3750, 4000, 4250, 4500];

/**
 * The remote-control fan-out as `npm run bench` runs it (`--only fan-out`): measures, prints and
 * writes its own section of docs/benchmarks.md (after `## Web bundle`, so the run's rewrite
 * carries it over). `steps` from `--pairs`, the default list otherwise; `runs` from `--runs`.
 */
export async function runFanoutScenario(steps: number[] = DEFAULT_FANOUT_STEPS, runs = 3): Promise<void> {
  const started = performance.now();
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  const date = new Date().toISOString();
  const results = await measureFanout({ seconds: STEP_SECONDS, steps, runs });
  const section = formatFanoutSection({
    command: benchCommand(),
    date,
    nodeVersion: process.version,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} (${os.availableParallelism()} cores available)`,
    cores: os.availableParallelism(),
    loadAverage: { start: loadAverageAtStart, end: os.loadavg()[0] ?? 0 },
    seconds: STEP_SECONDS,
    steps,
    runs: results,
    durationSeconds: (performance.now() - started) / 1000,
  });
  console.log(`\n${section}\n`);
  writeBenchmarkSection(FANOUT_HEADING, section);
}
