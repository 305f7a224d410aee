import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runLoad } from './load';
import type { LoadResult, LoadSettings } from './load-settings';
import { startPeerServer } from './peer-server';
import { logIn, recordResponse, startPlayzServer } from './playz-server';
import {
  formatConsoleTable,
  formatMarkdown,
  keptSections,
  type BenchReport,
  type ScenarioReport,
  type SideSummary,
} from './report';
import { DEMO_SUBSCRIBER, scenarios, type Scenario } from './scenarios';
import { benchCommand } from './docs-section';
import { launchChromium } from './player/chromium';
import { registerPeerPage } from './player/hls-peer';
import { benchSubscriberLogin, startPlayzMediaServer } from './player/media-server';
import type { PlayerScenario } from './player/player-scenario';
import { remoteReactionScenarios } from './player/remote-reaction';
import { ttffScenarios } from './player/ttff';
import { LANDING_SCENARIO_NAME, runLandingScenario } from './landing/landing-scenario';
import { FANOUT_SCENARIO_NAME, runFanoutScenario } from './remote/fanout-scenario';
import { tvScenarios } from './player/tv';
import { runSigningScenario, SIGNING_SCENARIO_NAME } from './signing/signing-scenario';
import { zapScenarios } from './player/zap-time';
import type { PlayerScenarioReport } from './report';
import { runConsoleScale } from './console/console-run';
import { CONSOLE_SIZES, consoleScenarios, selectConsoleScenarios } from './console/console-scale';

/** The player benchmarks in Chromium, each from its own file in bench/src/player. */
const playerScenarios: PlayerScenario[] = [
  ...ttffScenarios,
  ...zapScenarios,
  ...tvScenarios,
  ...remoteReactionScenarios,
];

/**
 * `npm run bench`: Playz against a bare node:http peer serving the same bytes, measured in the
 * same run, reported as ratios in docs/benchmarks.md (CONVENTIONS 12). Shorter runs for a quick
 * look: `npm run bench -w @playz/bench -- --duration 2 --warmup 1 --rounds 1`.
 */
const REPORT_FILE = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

function readSettings(): LoadSettings & {
  rounds: number;
  samples: number;
  only: string;
  pairs?: number[];
  runs: number;
  skipConsoleScale: boolean;
} {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      duration: { type: 'string', default: '8' },
      rounds: { type: 'string', default: '2' },
      /** Samples per side of each player scenario (first frames, zaps). */
      samples: { type: 'string', default: '12' },
      /** Only the scenarios whose name contains this text (a quick look at one). */
      only: { type: 'string', default: '' },
      /** Pair counts of the remote-control fan-out's steps, e.g. 200,400 (its default list otherwise). */
      pairs: { type: 'string' },
      /** Full runs of the remote-control fan-out's steps: its verdict is their median. */
      runs: { type: 'string', default: '3' },
      /** A quick run without the console at scale (its seeds take minutes, decision 117). */
      'skip-console-scale': { type: 'boolean', default: false },
    },
  });
  const positive = (name: string, raw: string) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got ${raw}`);
    return value;
  };
  return {
    connections: positive('connections', values.connections),
    warmupSeconds: positive('warmup', values.warmup),
    durationSeconds: positive('duration', values.duration),
    rounds: positive('rounds', values.rounds),
    samples: positive('samples', values.samples),
    only: values.only,
    pairs: values.pairs?.split(',').map((count) => positive('pairs', count)),
    runs: positive('runs', values.runs),
    skipConsoleScale: values['skip-console-scale'],
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summarize(results: LoadResult[]): SideSummary {
  return {
    requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
    latencyP50: median(results.map((r) => r.latencyP50)),
    latencyP99: median(results.map((r) => r.latencyP99)),
    rounds: results.map((r) => r.requestsPerSecond),
  };
}

/** A run with errors, timeouts or non-2xx answers measured something else: it fails the benchmark. */
function assertClean(label: string, result: LoadResult) {
  if (result.errors || result.timeouts || result.non2xx || result.totalRequests === 0) {
    throw new Error(
      `${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx of ${result.totalRequests} (status codes ${JSON.stringify(result.statusCodes)})`,
    );
  }
}

/** Playz's player page against its peer in Chromium, for the player scenarios this run selects. */
async function runPlayerScenarios(selected: PlayerScenario[], samples: number): Promise<PlayerScenarioReport[]> {
  if (selected.length === 0) return [];
  // Each scenario may give each of its loads (a warm-up and the samples) its own subscriber.
  const server = await startPlayzMediaServer(registerPeerPage, selected.length * (samples + 1));
  const browser = await launchChromium();
  const reports: PlayerScenarioReport[] = [];
  try {
    const sessionCookie = await logIn(server.baseUrl, DEMO_SUBSCRIBER.login, DEMO_SUBSCRIBER.password);
    let used = 0;
    for (const scenario of selected) {
      console.log(`${scenario.name}…`);
      const newSubscriber = () => logIn(server.baseUrl, benchSubscriberLogin(++used), DEMO_SUBSCRIBER.password);
      const result = await scenario.run({ baseUrl: server.baseUrl, browser, sessionCookie, samples, newSubscriber });
      const { run: _run, ...described } = scenario;
      reports.push({ ...described, ...result });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return reports;
}

async function main() {
  const settings = readSettings();
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  const selects = (name: string) => name.toLowerCase().includes(settings.only.toLowerCase());
  const selectedHttp = scenarios.filter((s) => selects(s.name));
  console.log(
    `Settings: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured, ${settings.rounds} rounds per side.`,
  );
  const playz = await startPlayzServer();
  const reports: ScenarioReport[] = [];
  let rssBeforeBytes = 0;
  try {
    const needsSubscriber = selectedHttp.some((s) => s.actor === 'subscriber');
    const subscriberCookie = needsSubscriber
      ? await logIn(playz.baseUrl, DEMO_SUBSCRIBER.login, DEMO_SUBSCRIBER.password)
      : '';
    const headersOf = (s: Scenario) => ({
      ...s.headers,
      ...(s.actor === 'subscriber' ? { cookie: subscriberCookie } : {}),
    });
    rssBeforeBytes = process.memoryUsage().rss;

    for (const listed of selectedHttp) {
      const headers = headersOf(listed);
      const path = listed.resolvePath ? await listed.resolvePath(playz.baseUrl, headers) : listed.path;
      const scenario = { ...listed, path };
      const recorded = await recordResponse(`${playz.baseUrl}${scenario.path}`, scenario.method, headers);
      const peer = await startPeerServer(recorded);
      const peerResults: LoadResult[] = [];
      const playzResults: LoadResult[] = [];
      const heapDeltas: number[] = [];
      try {
        for (let round = 1; round <= settings.rounds; round++) {
          // Alternating peer and Playz spreads the machine's drift over both sides.
          const label = `${scenario.name}, round ${round}/${settings.rounds}`;
          console.log(`${label}: peer…`);
          const peerResult = await runLoad({
            url: `${peer.baseUrl}${scenario.path}`,
            method: scenario.method,
            headers,
            settings,
          });
          assertClean(`${label}, peer`, peerResult);
          peerResults.push(peerResult);

          console.log(`${label}: Playz…`);
          const heapBefore = process.memoryUsage().heapUsed;
          const playzResult = await runLoad({
            url: `${playz.baseUrl}${scenario.path}`,
            method: scenario.method,
            headers,
            settings,
          });
          heapDeltas.push(process.memoryUsage().heapUsed - heapBefore);
          assertClean(`${label}, Playz`, playzResult);
          playzResults.push(playzResult);
        }
      } finally {
        await peer.close();
      }
      reports.push({
        name: scenario.name,
        request: `${scenario.method} ${listed.path}`,
        credentials: scenario.actor === 'subscriber' ? 'the demo subscriber’s session cookie' : null,
        responseBytes: recorded.body.length,
        contentType: recorded.headers['content-type'] ?? 'unknown',
        playz: summarize(playzResults),
        peer: summarize(peerResults),
        playzHeapDeltaBytes: median(heapDeltas),
      });
    }
  } finally {
    await playz.close();
  }
  const players = await runPlayerScenarios(
    playerScenarios.filter((s) => selects(s.name)),
    settings.samples,
  );
  const report: BenchReport = {
    command: benchCommand(),
    date: new Date().toISOString(),
    nodeVersion: process.version,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} (${os.availableParallelism()} cores available)`,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: { start: loadAverageAtStart, end: os.loadavg()[0] ?? 0 },
    settings,
    memory: {
      rssBeforeBytes,
      rssAfterBytes: process.memoryUsage().rss,
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
    },
    scenarios: reports,
    players,
  };
  console.log(`\n${formatConsoleTable(report)}`);
  // Scenarios this run did not measure keep their last section; the sections after `## Web bundle`
  // (measured by hand, or by the landing page and the fan-out below) are carried over as they are.
  const previous = fs.existsSync(REPORT_FILE) ? fs.readFileSync(REPORT_FILE, 'utf8') : '';
  const order = [...scenarios, ...playerScenarios].map((s) => s.name);
  const kept = keptSections(previous);
  const measured = previous.slice(0, previous.length - kept.length);
  fs.writeFileSync(REPORT_FILE, formatMarkdown(report, measured, order).trimEnd() + '\n' + kept);
  console.log(`\nWrote ${REPORT_FILE}`);

  // Written before these two, so their minutes do not count in the sections' end load average and a
  // failure here keeps the results above. Each writes its own section after `## Web bundle`.
  // The landing page: Chromium on the built web app.
  if (selects(LANDING_SCENARIO_NAME)) await runLandingScenario(settings.samples);
  // The remote-control fan-out (decision 034): its own server, a relay peer and two load children.
  if (selects(FANOUT_SCENARIO_NAME)) await runFanoutScenario(settings.pairs, settings.runs);
  // Signed stream URLs (decision 006): the server with and without signing its grants, median of ≥ 5 pairs.
  if (selects(SIGNING_SCENARIO_NAME)) await runSigningScenario(settings, Math.max(5, settings.rounds));
  // The console at scale (decision 117): its own seeded data on SQLite, then on PostgreSQL.
  const consoleLines = selectConsoleScenarios(
    consoleScenarios(CONSOLE_SIZES),
    settings.only,
    settings.skipConsoleScale,
  );
  await runConsoleScale(consoleLines, settings, benchCommand());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
