import { RSS_SLOPE_BOUND_MB_PER_MINUTE, type SoakSample, type SoakVerdict } from './soak-verdict';

export const SOAK_HEADING = '## Soak';
/** The HLS viewers mode's own section (SOAK_HLS_VIEWERS), beside the journeys soak. */
export const SOAK_HLS_HEADING = '## Soak, HLS viewers on one API node';

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
      `grant path, without a cookie, as a player does (decision 096). The app serves the segments itself here (nginx ` +
      `does in production, after asking the app).`
    : `${run.viewers} viewers on the demo subscriber's session, ` +
      `each running one journey every ${run.cycleMs / 1000} s — app data, home rows, the live stream URL of channel 1, three media ` +
      `playlist reloads each followed by a segment fetched through its signed URL, a favourite write (set / unset in turn) and a ` +
      `resume-point save (\`playback/status\`).`;
  const bound = run.hls
    ? ` Peak RSS ${run.verdict.peakRssMb.toFixed(1)} MB (bound: under ${run.hls.rssBoundMb} MB, ` +
      `${run.verdict.underRssBound ? 'met' : 'not met'}).`
    : '';
  const command = `${run.hls ? `SOAK_HLS_VIEWERS=${run.viewers} ` : ''}${run.minutes < 30 ? `SOAK_MINUTES=${run.minutes} ` : ''}npm run soak`;
  return [
    run.hls ? SOAK_HLS_HEADING : SOAK_HEADING,
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
