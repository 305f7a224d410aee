import { fork } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { startNginx, type RunningNginx } from '../../../scripts/cluster.mjs';
import { logIn, startPlayzServer } from '../playz-server';
import { DEMO_SUBSCRIBER } from '../scenarios';
import { writeBenchmarkSection } from '../docs-section';
import { formatSoakSection, soakHeading } from './soak-report';
import type { SoakLoadMessage, SoakLoadSetup } from './soak-settings';
import { soakVerdict, type SoakSample } from './soak-verdict';

/**
 * `npm run soak` (decision 039; not in CI, not in `npm test`): the real server, started as the HTTP
 * benchmark starts it, under a fixed load for SOAK_MINUTES (30 by default), sampled every 30 s;
 * at the end a verdict (no error, RSS flat) written to docs/benchmarks.md. Exit code 1 when the
 * verdict fails.
 */
const SAMPLE_MS = 30_000;
const VIEWERS = 8;
const CYCLE_MS = 2_000;

/**
 * A full collection before each memory reading (node --expose-gc, as `npm run soak` starts it):
 * without it RSS and heap swing by tens of MB with the collector's own rhythm, and a short soak's
 * slope reads that sawtooth instead of what the server keeps.
 */
function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the soak needs node --expose-gc (npm run soak passes it)');
  gc();
}

/**
 * SOAK_HLS_VIEWERS=2000: the HLS viewers mode instead of the journeys — that many players of
 * channel 1 on one API node, whose RSS must stay under HLS_RSS_BOUND_MB and flat. The
 * sessions are the account's device places (at most 100 per account, MAX_SIMULTANEOUS_DEVICES).
 */
const HLS_SESSIONS = 100;
const HLS_SEGMENT_MS = 3200;
const HLS_RAMP_MS = 60_000;
const HLS_RSS_BOUND_MB = 400;

function readHlsViewers(): number | null {
  const raw = process.env.SOAK_HLS_VIEWERS;
  if (raw === undefined || raw === '') return null;
  const viewers = Number(raw);
  if (!Number.isInteger(viewers) || viewers <= 0)
    throw new Error(`SOAK_HLS_VIEWERS must be a positive integer, got ${raw}`);
  return viewers;
}

/**
 * SOAK_HEAP_PROFILE=2,20: V8's sampling heap profiler started at the first sample past the first
 * minute, and what it holds at the first sample past the second written to SOAK_HEAP_DIR (the
 * system's temporary folder by default) as a .heapprofile (Chrome DevTools opens it): the
 * allocations made since the start and still alive after that sample's full collection, by call
 * stack — what grew, and where (decision 121). Full heap snapshots were not kept for this: one
 * stopped a soak's process for 23 s and left its RSS 270 MB higher, which is the very figure a
 * soak judges.
 */
function readHeapProfileMinutes(): readonly [number, number] | null {
  const raw = process.env.SOAK_HEAP_PROFILE ?? '';
  if (raw === '') return null;
  const [from, to] = raw.split(',').map(Number);
  if (from === undefined || to === undefined || !(from >= 0 && to > from))
    throw new Error(`SOAK_HEAP_PROFILE must be two minutes, e.g. 2,20; got ${raw}`);
  return [from, to];
}

/** The sampling heap profiler of this process (the server's), through the inspector. */
function heapProfiler() {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  return {
    // One sample per 32 kB allocated on average; only what is still alive is reported.
    start: () => post('HeapProfiler.startSampling', { samplingInterval: 32_768 }),
    async write(file: string) {
      const { profile } = (await post('HeapProfiler.getSamplingProfile')) as { profile: unknown };
      await post('HeapProfiler.stopSampling');
      session.disconnect();
      fs.writeFileSync(file, JSON.stringify(profile));
    },
  };
}

/**
 * SOAK_LOAD_NICE=10: the load process runs at that niceness (decision 126). On a machine shared
 * with other work, the load generator and the server share its cores; a niced load leaves the
 * server the cores it asks for, so what is judged is the server keeping up, not the generator.
 */
function readLoadNice(): number {
  const raw = process.env.SOAK_LOAD_NICE ?? '0';
  const nice = Number(raw);
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new Error(`SOAK_LOAD_NICE must be 0 to 19, got ${raw}`);
  return nice;
}

/**
 * SOAK_NGINX=1: the deployed nginx (deploy/nginx/playz.conf, one worker, as bench/cluster/ starts
 * it) in front of the soak's node, as in production: the load goes through nginx, which reads the
 * segments from the node's media folder after asking it about each grant and sends the live
 * playlist's copy (decisions 096, 135); the node answers the grant checks, the playlist once a
 * second and the API. The RSS judged is still the node's.
 */
function readNginx(): boolean {
  const raw = process.env.SOAK_NGINX ?? '';
  if (raw !== '' && raw !== '0' && raw !== '1') throw new Error(`SOAK_NGINX must be 0 or 1, got ${raw}`);
  return raw === '1';
}

/** nginx's workers' resident memory (the master's children), for the log beside the node's. */
function nginxWorkersRssBytes(nginx: RunningNginx): number {
  const children = fs.readFileSync(`/proc/${nginx.pid}/task/${nginx.pid}/children`, 'utf8').trim().split(/\s+/);
  return children.filter(Boolean).reduce((sum, pid) => {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return sum + Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
  }, 0);
}

function readMinutes(): number {
  const raw = process.env.SOAK_MINUTES ?? '30';
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`SOAK_MINUTES must be a positive number, got ${raw}`);
  return minutes;
}

async function main() {
  const minutes = readMinutes();
  const heapProfileMinutes = readHeapProfileMinutes();
  const heapDir = process.env.SOAK_HEAP_DIR || os.tmpdir();
  const profiler = heapProfileMinutes ? heapProfiler() : null;
  let profiling: 'before' | 'sampling' | 'written' = 'before';
  const hlsViewers = readHlsViewers();
  const loadNice = readLoadNice();
  const behindNginx = readNginx();
  const viewers = hlsViewers ?? VIEWERS;
  const cycleMs = hlsViewers ? HLS_SEGMENT_MS : CYCLE_MS;
  const sessions = hlsViewers ? Math.min(HLS_SESSIONS, hlsViewers) : 1;
  collectGarbage();
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  const startedAt = new Date();
  const server = await startPlayzServer(hlsViewers ? { env: { MAX_SIMULTANEOUS_DEVICES: String(HLS_SESSIONS) } } : {});
  const samples: SoakSample[] = [];
  let nginx: RunningNginx | null = null;
  try {
    if (behindNginx)
      nginx = await startNginx({
        nodePorts: [server.port],
        mediaRoot: path.join(server.dataDir, 'media'),
        // A connection per viewer (the load's pool opens them as it needs), and one to the node for each proxied request.
        workerConnections: Math.max(1024, viewers * 3),
      });
    const baseUrl = nginx?.publicUrl ?? server.baseUrl;
    const cookies: string[] = [];
    for (let i = 0; i < sessions; i++) {
      cookies.push(await logIn(baseUrl, DEMO_SUBSCRIBER.login, DEMO_SUBSCRIBER.password));
    }
    const setup: SoakLoadSetup = {
      baseUrl,
      cookie: cookies[0]!,
      viewers,
      cycleMs,
      sampleMs: SAMPLE_MS,
      durationMs: minutes * 60_000,
      ...(hlsViewers ? { hls: { cookies, rampMs: HLS_RAMP_MS } } : {}),
    };
    console.log(
      hlsViewers
        ? `Soak: ${minutes} min, ${viewers} HLS viewers on ${sessions} sessions, a reload and a segment each every ${cycleMs / 1000} s.`
        : `Soak: ${minutes} min, ${VIEWERS} viewers, one journey each every ${CYCLE_MS / 1000} s.`,
    );
    if (nginx) console.log(`Through nginx (${nginx.publicUrl}, deploy/nginx/playz.conf), which reads the segments.`);
    const loadStart = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = fork(new URL('./soak-load.ts', import.meta.url), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      if (loadNice > 0 && child.pid !== undefined)
        os.setPriority(child.pid, Math.min(19, os.getPriority(child.pid) + loadNice));
      let finished = false;
      child.on('message', (message: SoakLoadMessage) => {
        if (message.kind === 'done') finished = true;
        if (message.kind === 'failed') reject(new Error(`soak load failed: ${message.error}`));
        if (message.kind !== 'sample') return;
        collectGarbage();
        const memory = process.memoryUsage();
        const sample: SoakSample = {
          minute: (performance.now() - loadStart) / 60_000,
          ...message.sample,
          rssBytes: memory.rss,
          heapUsedBytes: memory.heapUsed,
        };
        samples.push(sample);
        const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
        console.log(
          `  ${sample.minute.toFixed(1)} min: ${sample.requests} requests, ${sample.errors} errors, p50 ${sample.latencyP50.toFixed(1)} ms, p99 ${sample.latencyP99.toFixed(1)} ms, RSS ${mb(sample.rssBytes)} MB, heap ${mb(sample.heapUsedBytes)} MB`,
        );
        for (const example of message.sample.errorExamples) console.log(`    error: ${example}`);
        // Where an RSS that grows while the heap does not goes: V8's committed heap, Buffers, the rest (malloc).
        console.log(
          `    active handles and requests: ${process.getActiveResourcesInfo().length}; heap committed ${mb(memory.heapTotal)} MB, external ${mb(memory.external)} MB (array buffers ${mb(memory.arrayBuffers)} MB)` +
            (nginx ? `; nginx's workers' RSS ${mb(nginxWorkersRssBytes(nginx))} MB` : ''),
        );
        if (profiler && heapProfileMinutes && profiling === 'before' && sample.minute >= heapProfileMinutes[0]) {
          profiling = 'sampling';
          void profiler.start().then(() => console.log('    sampling heap profiler started'));
        } else if (
          profiler &&
          heapProfileMinutes &&
          profiling === 'sampling' &&
          sample.minute >= heapProfileMinutes[1]
        ) {
          profiling = 'written';
          const file = path.join(heapDir, `soak-${startedAt.toISOString().replace(/[:.]/g, '-')}.heapprofile`);
          void profiler.write(file).then(
            () => console.log(`    heap profile ${file}`),
            (error: unknown) => console.error('    heap profile not written', error),
          );
        }
      });
      child.once('error', reject);
      child.once('exit', (code) => (finished ? resolve() : reject(new Error(`soak load exited with code ${code}`))));
      child.send(setup);
    });
  } finally {
    // nginx's own account of what failed (its folder goes with it).
    if (nginx && samples.some((sample) => sample.errors > 0)) console.error(nginx.errorLog().slice(-3000));
    await nginx?.stop();
    await server.close();
  }
  const verdict = soakVerdict(samples, hlsViewers ? HLS_RSS_BOUND_MB : undefined);
  const section = formatSoakSection({
    minutes,
    viewers,
    cycleMs,
    ...(hlsViewers ? { hls: { sessions, rssBoundMb: HLS_RSS_BOUND_MB } } : {}),
    behindNginx,
    startedAt,
    nodeVersion: process.version,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} (${os.availableParallelism()} cores available)`,
    loadAverage: { start: loadAverageAtStart, end: os.loadavg()[0] ?? 0 },
    samples,
    verdict,
  });
  console.log(`\n${section}`);
  writeBenchmarkSection(soakHeading(hlsViewers !== null, behindNginx), section);
  console.log('Wrote docs/benchmarks.md');
  if (!verdict.passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
