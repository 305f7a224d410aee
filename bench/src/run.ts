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

/**
 * `npm run bench`: Playz against a bare node:http peer serving the same bytes, measured in the
 * same run, reported as ratios in docs/benchmarks.md (CONVENTIONS 12). Shorter runs for a quick
 * look: `npm run bench -w @playz/bench -- --duration 2 --warmup 1 --rounds 1`.
 */
const REPORT_FILE = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

function readSettings(): LoadSettings & { rounds: number; only: string } {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      duration: { type: 'string', default: '8' },
      rounds: { type: 'string', default: '2' },
      /** Only the scenarios whose name contains this text (a quick look at one). */
      only: { type: 'string', default: '' },
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
    only: values.only,
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

async function main() {
  const settings = readSettings();
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  console.log(
    `Settings: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured, ${settings.rounds} rounds per side.`,
  );
  const playz = await startPlayzServer();
  const reports: ScenarioReport[] = [];
  let rssBeforeBytes = 0;
  try {
    const needsSubscriber = scenarios.some((s) => s.actor === 'subscriber');
    const subscriberCookie = needsSubscriber
      ? await logIn(playz.baseUrl, DEMO_SUBSCRIBER.login, DEMO_SUBSCRIBER.password)
      : '';
    const headersOf = (s: Scenario) => ({
      ...s.headers,
      ...(s.actor === 'subscriber' ? { cookie: subscriberCookie } : {}),
    });
    rssBeforeBytes = process.memoryUsage().rss;

    for (const listed of scenarios.filter((s) => s.name.toLowerCase().includes(settings.only.toLowerCase()))) {
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

  const report: BenchReport = {
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
  };
  console.log(`\n${formatConsoleTable(report)}`);
  // Sections measured by hand (the web bundle) are not this run's: they are carried over.
  const previous = fs.existsSync(REPORT_FILE) ? fs.readFileSync(REPORT_FILE, 'utf8') : '';
  fs.writeFileSync(REPORT_FILE, formatMarkdown(report) + keptSections(previous));
  console.log(`\nWrote ${REPORT_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
