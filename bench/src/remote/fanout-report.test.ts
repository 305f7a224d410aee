import { describe, expect, it } from 'vitest';
import { formatFanoutSection, type FanoutRun } from './fanout-report';
import type { FanoutRunSteps, FanoutStep } from './fanout-settings';

/** A step held (p95 under the limit) or not, with a CPU time of `cpuUs` per frame. */
const step = (pairs: number, held: boolean, cpuUs = 20): FanoutStep => ({
  pairs,
  seeks: pairs,
  lost: 0,
  p50: held ? 100 : 400,
  p95: held ? 300 : 700,
  frames: 1000,
  serverCpuMs: cpuUs,
});
/** A side that held every count up to `held` and failed the next one of `ladder`. */
const side = (ladder: number[], held: number) => ladder.filter((p) => p <= held + 250).map((p) => step(p, p <= held));
const LADDER = [1000, 1250, 1500, 1750, 2000];
const run = (playz: number, peer: number): FanoutRunSteps => ({ playz: side(LADDER, playz), peer: side(LADDER, peer) });

const section = (runs: FanoutRunSteps[]) =>
  formatFanoutSection({
    command: 'npm run bench -w @playz/bench -- --only fan-out',
    date: '2026-11-26T16:32:00.000Z',
    nodeVersion: 'v20.20.2',
    cpu: 'test',
    cores: 2,
    loadAverage: { start: 0.2, end: 1.5 },
    seconds: 5,
    steps: LADDER,
    runs,
    durationSeconds: 400,
  } satisfies FanoutRun);
const verdictOf = (text: string) => text.split('\n').find((line) => line.startsWith('Pairs held'))!;

describe('remote-control fan-out benchmark (decision 034): the verdict is the median run of the ladder', () => {
  it('judges by the median run, not the best or the worst', () => {
    const text = section([run(1500, 1500), run(1250, 1750), run(1750, 1750)]);
    // Ratios 1.00×, 0.71×, 1.00×: the median is 1.00× (one run under the goal does not decide).
    expect(verdictOf(text)).toContain('the median run of 3: **Playz 1500, peer 1500 (1.00×)**');
    expect(verdictOf(text)).toContain('goal ≥ 0.9×: met');
    expect(text).toContain('| 2 | 1250 | 1750 | 0.71× | not met |');
  });

  it('is not met when the median run is under the goal', () => {
    const text = section([run(1250, 1750), run(1500, 1750), run(1750, 1750)]);
    expect(verdictOf(text)).toContain('**Playz 1500, peer 1750 (0.86×)**');
    expect(verdictOf(text)).toContain('goal ≥ 0.9×: not met');
  });

  it('does not decide when both sides held the largest step (their limits lie higher)', () => {
    const text = section([run(2000, 2000), run(1750, 2000), run(2000, 2000)]);
    expect(verdictOf(text)).toContain('**Playz ≥ 2000, peer ≥ 2000 (1.00×)**');
    expect(verdictOf(text)).toContain('not decided: both sides held the largest step');
  });

  it('compares CPU per frame only at pair counts both sides held, over every run', () => {
    const runs = [run(1250, 1250), run(1250, 1250)];
    for (const r of runs) for (const s of r.playz) s.serverCpuMs = 22;
    expect(section(runs)).toContain('Playz / peer 1.10× (median of 4 steps over the runs, 1.10× to 1.10×)');
  });
});
