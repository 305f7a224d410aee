import type { LoadSettings } from './load-settings';

export interface SideSummary {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  /** Requests per second of each round, in run order. */
  rounds: number[];
}

export interface ScenarioReport {
  name: string;
  request: string;
  /** How the request is authenticated, e.g. "the subscriber's session cookie"; null for a visitor. */
  credentials: string | null;
  responseBytes: number;
  contentType: string;
  playz: SideSummary;
  peer: SideSummary;
  /** Heap used after minus before Playz's runs (median over rounds); an indication only. */
  playzHeapDeltaBytes: number;
}

/** A player benchmark in Chromium (bench/src/player): times in ms, lower is better. */
export interface PlayerScenarioReport {
  name: string;
  method: string;
  playzLabel: string;
  peerLabel: string;
  goal: string;
  playz: number[];
  peer: number[];
  failures?: { playz: number; peer: number };
}

export interface BenchReport {
  /** The command line of this run, for the reader to run it again. */
  command: string;
  date: string;
  nodeVersion: string;
  cpu: string;
  platform: string;
  /** 1-minute load average at the start and at the end: other work on the machine skews both sides. */
  loadAverage: { start: number; end: number };
  settings: LoadSettings & { rounds: number };
  memory: { rssBeforeBytes: number; rssAfterBytes: number; maxRssBytes: number };
  scenarios: ScenarioReport[];
  players: PlayerScenarioReport[];
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${mb(Math.abs(bytes))}`;
const rps = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => value.toFixed(2);
// Small throughput ratios keep three decimals so 0.024 and 0.035 stay apart.
const ratio = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(value < 0.1 ? 3 : value < 10 ? 2 : 1)}×` : 'n/a';

function ratios(s: ScenarioReport) {
  return {
    throughput: s.playz.requestsPerSecond / s.peer.requestsPerSecond,
    p50: s.playz.latencyP50 / s.peer.latencyP50,
    p99: s.playz.latencyP99 / s.peer.latencyP99,
  };
}

/** Columns padded to their widest cell (the first left-aligned), with a rule under the header. */
function consoleTable(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  '),
  );
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines;
}

/**
 * The one-glance table printed at the end of `npm run bench`: the HTTP scenarios and the player
 * scenarios this run measured (a run of player scenarios only printed an empty HTTP table).
 */
export function formatConsoleTable(report: BenchReport): string {
  const lines: string[] = [];
  if (report.scenarios.length > 0) {
    lines.push(
      ...consoleTable([
        [
          'Scenario',
          'Playz req/s',
          'peer req/s',
          'req/s ratio',
          'Playz p50/p99 ms',
          'peer p50/p99 ms',
          'p50 ratio',
          'p99 ratio',
        ],
        ...report.scenarios.map((s) => {
          const r = ratios(s);
          return [
            s.name,
            rps(s.playz.requestsPerSecond),
            rps(s.peer.requestsPerSecond),
            ratio(r.throughput),
            `${ms(s.playz.latencyP50)} / ${ms(s.playz.latencyP99)}`,
            `${ms(s.peer.latencyP50)} / ${ms(s.peer.latencyP99)}`,
            ratio(r.p50),
            ratio(r.p99),
          ];
        }),
      ]),
    );
  }
  if (report.players.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(
      ...consoleTable([
        ['Player scenario', 'Playz p50/p95 ms', 'peer p50/p95 ms', 'p50 ratio', 'p95 ratio', 'no frame (Playz/peer)'],
        ...report.players.map((s) => {
          const [p50, p95] = [percentile(s.playz, 50), percentile(s.playz, 95)];
          const [q50, q95] = [percentile(s.peer, 50), percentile(s.peer, 95)];
          return [
            s.name,
            `${p50.toFixed(0)} / ${p95.toFixed(0)}`,
            `${q50.toFixed(0)} / ${q95.toFixed(0)}`,
            playerRatio(p50, q50),
            playerRatio(p95, q95),
            `${s.failures?.playz ?? 0} / ${s.failures?.peer ?? 0}`,
          ];
        }),
      ]),
    );
  }
  const m = report.memory;
  lines.push(
    '',
    `RSS ${mb(m.rssBeforeBytes)} before, ${mb(m.rssAfterBytes)} after, ${mb(m.maxRssBytes)} peak (Playz and peers share the process).`,
  );
  return lines.join('\n');
}

/** When and how a section was measured: a run with --only leaves the other sections as they were. */
function measuredLine(report: BenchReport, settings?: string): string {
  return (
    `Measured ${report.date} by \`${report.command}\`${settings ? ` (${settings})` : ''}; ` +
    `1-minute load average ${report.loadAverage.start.toFixed(2)} at the start, ${report.loadAverage.end.toFixed(2)} at the end ` +
    `(${report.cpu}).`
  );
}

function scenarioSection(s: ScenarioReport, report: BenchReport): string {
  const r = ratios(s);
  const rounds = (side: SideSummary) => side.rounds.map(rps).join(', ');
  const { settings } = report;
  return [
    `### ${s.name}`,
    '',
    measuredLine(
      report,
      `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured, ${settings.rounds} rounds per side`,
    ),
    '',
    `\`${s.request}\`${s.credentials ? ` with ${s.credentials}` : ''} — ${s.responseBytes.toLocaleString('en-US')} bytes of \`${s.contentType}\`.`,
    '',
    '| | Playz | Peer (node:http) | Playz / peer |',
    '| --- | ---: | ---: | ---: |',
    `| Requests/s | ${rps(s.playz.requestsPerSecond)} | ${rps(s.peer.requestsPerSecond)} | ${ratio(r.throughput)} |`,
    `| Latency p50 (ms) | ${ms(s.playz.latencyP50)} | ${ms(s.peer.latencyP50)} | ${ratio(r.p50)} |`,
    `| Latency p99 (ms) | ${ms(s.playz.latencyP99)} | ${ms(s.peer.latencyP99)} | ${ratio(r.p99)} |`,
    '',
    `Rounds (req/s, in run order): peer ${rounds(s.peer)}; Playz ${rounds(s.playz)}. ` +
      `Playz heap used after its run: ${signedMb(s.playzHeapDeltaBytes)} (indication only: garbage collection timing moves it).`,
  ].join('\n');
}

/** Where the hand-measured sections of docs/benchmarks.md start; a run keeps them as they are. */
export const KEPT_SECTIONS_MARKER = '\n## Web bundle';

/** The hand-measured sections of a previous docs/benchmarks.md (empty when it has none). */
export function keptSections(previous: string): string {
  const at = previous.indexOf(KEPT_SECTIONS_MARKER);
  return at < 0 ? '' : previous.slice(at);
}

const LOAD_GENERATOR_TEXT = `For each scenario the benchmark fetches the real answer once, then starts a
bare \`node:http\` **peer** in the same process that answers every request with exactly those bytes,
status and headers (content-type included). [autocannon](https://github.com/mcollina/autocannon)
loads both from a separate process with the same settings (given with each scenario below), in the
order peer, Playz, peer, Playz…; the tables show the median of the rounds. Latencies come from each
response's own timing (autocannon's histogram rounds to whole milliseconds). Any error, timeout or
non-2xx answer fails the run.`;

function playerRatio(playz: number, peer: number): string {
  return ratio(playz / peer);
}

function playerSummaryRow(s: PlayerScenarioReport): string {
  const [p50, p95] = [percentile(s.playz, 50), percentile(s.playz, 95)];
  const [q50, q95] = [percentile(s.peer, 50), percentile(s.peer, 95)];
  return `| ${s.name} | ${p50.toFixed(0)} / ${p95.toFixed(0)} | ${q50.toFixed(0)} / ${q95.toFixed(0)} | ${playerRatio(p50, q50)} | ${playerRatio(p95, q95)} |`;
}

function playerSection(s: PlayerScenarioReport, report: BenchReport): string {
  const row = (label: string, samples: number[]) =>
    `| ${label} | ${samples.length} | ${percentile(samples, 50).toFixed(0)} | ${percentile(samples, 95).toFixed(0)} | ${Math.min(...samples).toFixed(0)} | ${Math.max(...samples).toFixed(0)} |`;
  const ms0 = (samples: number[]) => samples.map((v) => v.toFixed(0)).join(', ');
  return [
    `### ${s.name}`,
    '',
    measuredLine(report),
    '',
    s.method,
    '',
    '| | Samples | p50 (ms) | p95 (ms) | min (ms) | max (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row(`Playz — ${s.playzLabel}`, s.playz),
    row(`Peer — ${s.peerLabel}`, s.peer),
    `| Playz / peer | | ${playerRatio(percentile(s.playz, 50), percentile(s.peer, 50))} | ${playerRatio(percentile(s.playz, 95), percentile(s.peer, 95))} | | |`,
    '',
    `Goal: ${s.goal}. Samples (ms, in run order): Playz ${ms0(s.playz)}; peer ${ms0(s.peer)}.` +
      (s.failures && (s.failures.playz || s.failures.peer)
        ? ` Tries with no frame within 30 s (not in the times): Playz ${s.failures.playz}, peer ${s.failures.peer}.`
        : ''),
  ].join('\n');
}

/** p-th percentile (nearest rank). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

interface Part {
  /** Summary table rows by scenario name. */
  rows: Map<string, string>;
  /** `### name` sections by scenario name. */
  sections: Map<string, string>;
}

/** The text between a `## heading` (any of `headings`) and the next `## `. */
function partOf(markdown: string, headings: string[]): string {
  for (const heading of headings) {
    const at = markdown.indexOf(`\n## ${heading}\n`);
    if (at < 0) continue;
    const end = markdown.indexOf('\n## ', at + 1);
    return markdown.slice(at, end < 0 ? undefined : end);
  }
  return '';
}

function parsePart(text: string, legacyMeasured: string | null): Part {
  const rows = new Map<string, string>();
  for (const line of text.split('\n')) {
    const name = /^\| ([^|]+?) \|/.exec(line)?.[1];
    if (name && name !== 'Scenario' && !name.startsWith('---')) rows.set(name, line);
  }
  const sections = new Map<string, string>();
  for (const chunk of text.split('\n### ').slice(1)) {
    const name = chunk.slice(0, chunk.indexOf('\n'));
    let body = `### ${chunk.trimEnd()}`;
    // A section of the old one-run file: its run's date and machine said once at the top.
    if (legacyMeasured && !body.includes('\nMeasured ')) body = body.replace('\n\n', `\n\n${legacyMeasured}\n\n`);
    sections.set(name, body);
  }
  // Rows of a summary table only: section tables have other first cells ("Requests/s", "Playz — …").
  for (const name of [...rows.keys()]) if (!sections.has(name)) rows.delete(name);
  return { rows, sections };
}

/** This run's rows and sections over the previous file's: a scenario not run keeps its last result. */
function merge(previous: Part, current: Part, order: string[]): { rows: string[]; sections: string[] } {
  const names = [...new Set([...order, ...previous.sections.keys()])].filter(
    (name) => current.sections.has(name) || previous.sections.has(name),
  );
  const pick = (map: 'rows' | 'sections', name: string) => current[map].get(name) ?? previous[map].get(name);
  return {
    rows: names.map((name) => pick('rows', name)).filter((row): row is string => row !== undefined),
    sections: names.map((name) => pick('sections', name)!),
  };
}

/**
 * docs/benchmarks.md: every scenario's latest result, with when and how it was measured. A run
 * (`--only` included) replaces the sections of the scenarios it measured and keeps the others.
 */
export function formatMarkdown(report: BenchReport, previous: string, order: string[]): string {
  const legacyDate = /\n- Date: (.+)\n/.exec(previous)?.[1];
  const legacyCpu = /\n- CPU: (.+)\n/.exec(previous)?.[1];
  const legacyMeasured = legacyDate
    ? `Measured ${legacyDate} by \`npm run bench\` (a full run, 10 connections, 2 s warm-up + 8 s measured, 2 rounds per side); CPU: ${legacyCpu ?? 'unknown'}.`
    : null;
  const http = merge(
    parsePart(partOf(previous, ['HTTP results', 'Last run']), legacyMeasured),
    {
      rows: new Map(
        report.scenarios.map((s) => {
          const r = ratios(s);
          return [
            s.name,
            `| ${s.name} | ${rps(s.playz.requestsPerSecond)} | ${rps(s.peer.requestsPerSecond)} | ${ratio(r.throughput)} | ${ratio(r.p50)} | ${ratio(r.p99)} |`,
          ];
        }),
      ),
      sections: new Map(report.scenarios.map((s) => [s.name, scenarioSection(s, report)])),
    },
    order,
  );
  const players = merge(
    parsePart(partOf(previous, ['Player in Chromium']), null),
    {
      rows: new Map(report.players.map((s) => [s.name, playerSummaryRow(s)])),
      sections: new Map(report.players.map((s) => [s.name, playerSection(s, report)])),
    },
    order,
  );
  return `# Benchmarks

Generated by \`npm run bench\` (bench/src/run.ts). Benchmarks are not tests (CONVENTIONS 12): nothing
fails on these numbers, they are compared by ratio against a peer measured in the same run. A run
with \`--only <text>\` measures the scenarios whose name contains the text and keeps every other
section as it was; each section says when, by which command and under which machine load it was
measured.

## What is measured

**HTTP scenarios.** The real server (\`buildApp\` from apps/server, \`NODE_ENV=production\` so the
per-response contract check is off as in deployments, SQLite with the demo data, no media) listens
on a free local port in the benchmark's process. ${LOAD_GENERATOR_TEXT}

**Player scenarios** (bench/src/player). The real server with the demo media and the built web app
(its own data folder, data/bench, media made on first use) in the benchmark's process, and Debian's
Chromium headless driven by playwright-core; each scenario says what its two sides do.

## How to read it

The HTTP peer is the upper bound of what \`node:http\` can do for these bytes on this machine: no
routing, no parsing, no session, no database. The ratio Playz / peer is the cost of everything Playz
does on top — Fastify routing and hooks, parameter validation, session lookup, database reads and
building the JSON — and it travels between machines far better than raw requests per second. A
throughput ratio of 0.25× means Playz serves a quarter of the peer's requests; a latency ratio of 4×
means answers take four times as long. For the player scenarios, times are in milliseconds and a
ratio under 1× means Playz is faster than its peer; percentiles are by nearest rank (of 12 samples,
p50 is the 6th fastest and p95 the slowest). Compare ratios between runs, not absolute
numbers; a few percent of drift between rounds is noise, and the machine's load average (given
with each section) moves both sides.

Re-run: \`npm run bench\` from the repository root (all), or
\`npm run bench -w @playz/bench -- --only <part of a name>\`. Stop other heavy work first: the
server, the load generator and Chromium share the machine's cores.

## HTTP results

| Scenario | Playz req/s | Peer req/s | Throughput Playz / peer | p50 Playz / peer | p99 Playz / peer |
| --- | ---: | ---: | ---: | ---: | ---: |
${http.rows.join('\n')}

${http.sections.join('\n\n')}

## Player in Chromium

| Scenario | Playz p50 / p95 (ms) | Peer p50 / p95 (ms) | p50 Playz / peer | p95 Playz / peer |
| --- | ---: | ---: | ---: | ---: |
${players.rows.join('\n')}

${players.sections.join('\n\n')}
`;
}
