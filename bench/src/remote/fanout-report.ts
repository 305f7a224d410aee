import {
  cpuPerFrame,
  overLimit,
  P95_LIMIT_MS,
  pairsHeld,
  type FanoutRunSteps,
  type FanoutStep,
} from './fanout-settings';

/** The name `--only` matches (bench/src/run.ts), and the heading of its section. */
export const FANOUT_SCENARIO_NAME = 'Remote-control fan-out';
export const FANOUT_HEADING = `## ${FANOUT_SCENARIO_NAME}`;

/** The goal (decision 034): Playz holds at least this share of the peer's pairs. */
const GOAL_RATIO = 0.9;

export interface FanoutRun {
  command: string;
  date: string;
  nodeVersion: string;
  cpu: string;
  cores: number;
  /** 1-minute load average at the start and at the end of the scenario. */
  loadAverage: { start: number; end: number };
  seconds: number;
  steps: number[];
  /** Each full run of the steps: each side's steps, up to its first over the limit. */
  runs: FanoutRunSteps[];
  /** Wall-clock time of the scenario, servers and accounts included. */
  durationSeconds: number;
}

/** Whether other work shared the cores when the scenario started (its own processes load the end). */
const busy = (run: FanoutRun) => run.loadAverage.start >= 0.5 * run.cores;

function machineLine(run: FanoutRun): string {
  const { start, end } = run.loadAverage;
  const load =
    `1-minute load average ${start.toFixed(2)} at the start, ${end.toFixed(2)} at the end ` +
    `(the benchmark's own server and load children count in the second)`;
  const state = busy(run)
    ? `**The machine was busy** when the scenario started (load average at least half its ${run.cores} cores; ` +
      `in a full run the scenarios before count in it): the pairs held are lower than a quiet machine's.`
    : 'The machine was quiet when the scenario started.';
  const when = `${run.date.slice(0, 16).replace('T', ' ')} UTC`;
  return (
    `\`${run.command}\`, ${when}, Node ${run.nodeVersion}, ${run.cpu}; ${load}. ${state} ` +
    `${run.runs.length} run(s) of steps of ${run.steps.join(', ')} pairs, ${run.seconds} s each; ` +
    `the scenario took ${Math.round(run.durationSeconds)} s.`
  );
}

/** Whether a side held the largest step it was given: its limit lies higher than measured. */
const openEnded = (steps: FanoutStep[]) => steps.length > 0 && !overLimit(steps[steps.length - 1]!);

const heldText = (steps: FanoutStep[]) => `${openEnded(steps) ? '≥ ' : ''}${pairsHeld(steps)}`;

/**
 * The goal's verdict. A side that held the largest step makes the ratio a bound: a lower bound
 * when it is Playz (met if already ≥ the goal), an upper bound when it is the peer (not met if
 * already under it), nothing when both did.
 */
function goalText(run: FanoutRunSteps, ratio: number): string {
  const [playzOpen, peerOpen] = [openEnded(run.playz), openEnded(run.peer)];
  if (!Number.isFinite(ratio)) return 'not decided: the peer held no step (smaller steps with `--pairs`)';
  if (playzOpen && peerOpen) return 'not decided: both sides held the largest step (larger steps with `--pairs`)';
  if (peerOpen && ratio >= GOAL_RATIO) return 'not decided: the peer held the largest step, its limit is higher';
  if (playzOpen && ratio < GOAL_RATIO) return 'not decided: Playz held the largest step, its limit is higher';
  return ratio >= GOAL_RATIO ? 'met' : 'not met';
}

/** Playz's pairs held over the peer's in one run (NaN when the peer held none). */
const ratioOf = (run: FanoutRunSteps) =>
  pairsHeld(run.peer) ? pairsHeld(run.playz) / pairsHeld(run.peer) : Number.NaN;
const ratioText = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'n/a');

/** The run whose ratio is the median of the runs' (the lower middle one of an even count). */
function medianRun(runs: FanoutRunSteps[]): FanoutRunSteps {
  const sorted = [...runs].sort((a, b) => (ratioOf(a) || 0) - (ratioOf(b) || 0));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function runsTable(runs: FanoutRunSteps[]): string[] {
  return [
    '| Run | Playz pairs held | Peer pairs held | Playz / peer | Goal |',
    '| ---: | ---: | ---: | ---: | --- |',
    ...runs.map(
      (run, i) =>
        `| ${i + 1} | ${heldText(run.playz)} | ${heldText(run.peer)} | ${ratioText(ratioOf(run))} | ${goalText(run, ratioOf(run))} |`,
    ),
  ];
}

function verdict(run: FanoutRun): string {
  const middle = medianRun(run.runs);
  const ratio = ratioOf(middle);
  const lost = run.runs.flatMap((r) => [...r.playz, ...r.peer]).reduce((sum, s) => sum + s.lost, 0);
  return (
    `Pairs held at p95 ≤ ${P95_LIMIT_MS} ms, the median run of ${run.runs.length}: **Playz ${heldText(middle.playz)}, ` +
    `peer ${heldText(middle.peer)} (${ratioText(ratio)})**, goal ≥ ${GOAL_RATIO}×: ${goalText(middle, ratio)}. ` +
    (lost ? `${lost} seeks were lost, in steps over the limit.` : 'No seek was lost.')
  );
}

/**
 * Playz's CPU per frame over the peer's at the pair counts both held, e.g. "1.20× (median of 12
 * steps, 0.97× to 1.34×)".
 */
function cpuRatioText(run: FanoutRun): string | null {
  const ratios = run.runs
    .flatMap((r) =>
      r.playz
        .filter((s) => !overLimit(s))
        .flatMap((s) => {
          const peer = r.peer.find((p) => p.pairs === s.pairs && !overLimit(p));
          return peer ? [cpuPerFrame(s) / cpuPerFrame(peer)] : [];
        }),
    )
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (ratios.length === 0) return null;
  const x = (value: number) => `${value.toFixed(2)}×`;
  const median = ratios[Math.floor((ratios.length - 1) / 2)]!;
  return ratios.length === 1
    ? x(median)
    : `${x(median)} (median of ${ratios.length} steps over the runs, ${x(ratios[0]!)} to ${x(ratios[ratios.length - 1]!)})`;
}

/** The docs/benchmarks.md section of one fan-out run. */
export function formatFanoutSection(run: FanoutRun): string {
  const row = (side: string, s: FanoutStep) =>
    `| ${side} | ${s.pairs} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.lost} / ${s.seeks} | ${cpuPerFrame(s).toFixed(1)} |`;
  const cpu = cpuRatioText(run);
  return [
    FANOUT_HEADING,
    '',
    machineLine(run),
    '',
    `Goal (decision 034): linked pairs held at p95 round trip ≤ ${P95_LIMIT_MS} ms, goal ≥ ${GOAL_RATIO}× a plain \`ws\` relay's. ` +
      `Each pair is one account's TV and phone, linked over the remote-control WebSocket (decision 034). For ` +
      `${run.seconds} s per step every TV sends its time update every 100 ms (spec 2 §9) and every phone a seek each ` +
      `second; the round trip is the seek reaching the TV, the TV's \`onNotifyVideoSeek\`, and that event reaching the ` +
      `phone (a seek unanswered within 2 s counts as 2 s). The **peer** (\`bench/src/remote/relay-peer.ts\`) is a ` +
      `plain \`ws\` relay of the same frames with no session, validation or accounts, served by the same process as ` +
      `Playz; each side's sockets live in a child process of their own. The sides alternate at each pair count, peer ` +
      `first; a step over the limit is measured once more and the better kept, and a side stops there. The whole ` +
      `ladder is run ${run.runs.length} time(s) with fresh load children, and the verdict is the median run's. Server CPU is ` +
      `the server process's user + system time during the measure, per frame the load side sent (time updates, seeks, ` +
      `seek answers).`,
    '',
    ...runsTable(run.runs),
    '',
    verdict(run),
    '',
    `The median run's steps:`,
    '',
    '| Server | Pairs | p50 (ms) | p95 (ms) | Seeks lost | Server CPU (µs per frame) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...medianRun(run.runs).peer.map((s) => row('Peer (`ws` relay)', s)),
    ...medianRun(run.runs).playz.map((s) => row('Playz', s)),
    '',
    `How far to trust it: the limit lies between the last step held and the next one, so the ratio moves by a ` +
      `step's width; the server, both load children and the peer share the machine's ${run.cores} cores, and any ` +
      `other work lowers both sides' pairs unevenly; the load children alone take most of a core. On 26 Nov 2026 ` +
      `five runs at load average 4.5 to 13 gave 0.25× to 1.33×, and four at 0.6 to 2.0 gave 0.75× or less ` +
      `(Playz 1500 to 3000 pairs, the peer 2000 to 4000); once a screen's time updates were relayed as their bytes ` +
      `came (decision 034, addendum), five runs on the quiet machine that afternoon gave 0.82×, 0.83×, 0.88×, 0.89× ` +
      `and 1.00× (Playz 3500 to 4250 pairs, the peer 4250 to 4500 and more). ` +
      (cpu
        ? `The steadier figure is the server's CPU per relayed frame at the pair counts both sides held, Playz / ` +
          `peer ${cpu}: what is left of checking every frame, the account and link rules, and the bus that lets ` +
          `several API nodes share the sockets. Past its limit a side's CPU per frame ` +
          `falls (frames queue and are written in batches): compare the steps held only.`
        : `No pair count was held by both sides, so their CPU per frame cannot be compared in this run.`),
  ].join('\n');
}
