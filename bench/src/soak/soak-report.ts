import { RSS_SLOPE_BOUND_MB_PER_MINUTE, type SoakSample, type SoakVerdict } from './soak-verdict';

export const SOAK_HEADING = '## Soak';
/** The HLS viewers mode's own section (SOAK_HLS_VIEWERS), beside the journeys soak. */
export const SOAK_HLS_HEADING = '## Soak, HLS viewers on one API node';
/** The HLS viewers mode behind nginx (SOAK_NGINX=1), nginx reading the segments as in production. */
export const SOAK_HLS_NGINX_HEADING = '## Soak, HLS viewers on one API node behind nginx';
/** The journeys soak behind nginx (SOAK_NGINX=1 without SOAK_HLS_VIEWERS). */
export const SOAK_NGINX_HEADING = '## Soak behind nginx';

/** The docs/benchmarks.md section a run writes. */
export function soakHeading(hls: boolean, behindNginx: boolean): string {
  if (hls) return behindNginx ? SOAK_HLS_NGINX_HEADING : SOAK_HLS_HEADING;
  return behindNginx ? SOAK_NGINX_HEADING : SOAK_HEADING;
}

export interface SoakRun {
  minutes: number;
  viewers: number;
  cycleMs: number;
  startedAt: Date;
  nodeVersion: string;
  cpu: string;
  loadAverage: { start: number; end: number };
  samples: SoakSample[];
  verdict: SoakVerdict;
  /** The HLS viewers mode: its sessions and the RSS bound it is judged by. */
  hls?: { sessions: number; rssBoundMb: number };
  /** SOAK_NGINX=1: the load went through the deployed nginx, which read the segments. */
  behindNginx?: boolean;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;

/** The docs/benchmarks.md section of one soak run. */
export function formatSoakSection(run: SoakRun): string {
  const { verdict } = run;
  const total = run.samples.reduce((sum, s) => sum + s.requests, 0);
  const short =
    run.minutes < 30 ? ` — **the short form** (\`SOAK_MINUTES=${run.minutes}\`), not the 30-minute soak` : '';
  const rows = run.samples.map(
    (s) =>
      `| ${s.minute.toFixed(1)} | ${s.requests} | ${s.errors} | ${s.latencyP50.toFixed(1)} | ${s.latencyP99.toFixed(1)} | ${mb(s.rssBytes)} | ${mb(s.heapUsedBytes)} |`,
  );
  const load = run.hls
    ? `${run.viewers} HLS viewers of channel 1 live on ${run.hls.sessions} sessions of the demo subscriber ` +
      `(MAX_SIMULTANEOUS_DEVICES=100), arriving over the first minute; each asks its own stream URL once, then every ` +
      `${run.cycleMs / 1000} s reloads the media playlist and fetches its newest segment through the playlist's own ` +
      `grant path, without a cookie, as a player does (decision 096). ` +
      (run.behindNginx
        ? `Through the deployed nginx (\`deploy/nginx/playz.conf\`, one worker), as in production: nginx reads the ` +
          `segments after asking the app about each, and sends the live playlist's copy after asking it about each ` +
          `reload's grant (decisions 096, 135).`
        : `The app serves the segments itself here (nginx does in production, after asking the app; \`SOAK_NGINX=1\` ` +
          `puts it in front).`)
    : `${run.viewers} viewers on the demo subscriber's session, ` +
      `each running one journey every ${run.cycleMs / 1000} s — app data, home rows, the live stream URL of channel 1, three media ` +
      `playlist reloads each followed by a segment fetched through its signed URL, a favourite write (set / unset in turn) and a ` +
      `resume-point save (\`playback/status\`).` +
      (run.behindNginx ? ' Through the deployed nginx (`deploy/nginx/playz.conf`, one worker), as in production.' : '');
  const bound = run.hls
    ? ` Peak RSS ${run.verdict.peakRssMb.toFixed(1)} MB (bound: under ${run.hls.rssBoundMb} MB, ` +
      `${run.verdict.underRssBound ? 'met' : 'not met'}).`
    : '';
  const command = `${run.hls ? `SOAK_HLS_VIEWERS=${run.viewers} ` : ''}${run.behindNginx ? 'SOAK_NGINX=1 ' : ''}${run.minutes < 30 ? `SOAK_MINUTES=${run.minutes} ` : ''}npm run soak`;
  return [
    soakHeading(run.hls !== undefined, run.behindNginx === true),
    '',
    `\`${command}\`, ${run.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC${short}. ` +
      `Node ${run.nodeVersion}, ${run.cpu}, shared with other engineers' work (load average ${run.loadAverage.start.toFixed(1)} at the start, ${run.loadAverage.end.toFixed(1)} at the end).`,
    '',
    `The real server as \`npm run bench\` starts it (NODE_ENV=production, SQLite, the demo data and the API tests' live clips) ` +
      `under a fixed load from a child process (\`bench/src/soak/soak-load.ts\`): ${load} An error is any non-2xx answer, any API error (spec 1 §8: none is expected on this ` +
      `journey, so no refusal is excused) or a failed request. RSS and heap used are the server process's, read every 30 s just after a full garbage collection (\`--expose-gc\`; the pause, tens of ms, falls in the next sample's latencies).`,
    '',
    '| Minute | Requests | Errors | p50 ms | p99 ms | RSS MB | Heap used MB |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `**Verdict: ${verdict.passed ? 'passed' : 'failed'}.** ${total.toLocaleString('en-US')} requests, ${verdict.errors} errors. ` +
      `RSS slope over the last two thirds of the samples ${signed(verdict.rssSlopeMbPerMinute)} MB/min ` +
      `(bound: under ${RSS_SLOPE_BOUND_MB_PER_MINUTE} MB/min, i.e. under ${RSS_SLOPE_BOUND_MB_PER_MINUTE * 30} MB over 30 minutes; ` +
      `memory ${verdict.memoryFlat ? 'flat' : 'not shown flat'}), heap used ${signed(verdict.heapSlopeMbPerMinute)} MB/min. ` +
      `The first third is left out of the slope: caches, the JIT and the allocator fill then.${bound}`,
  ].join('\n');
}
