// Issue 12 benchmark: how many simulated HLS viewers two API nodes on PostgreSQL + Redis behind
// deploy/nginx/playz.conf hold with p95 segment latency ≤ 200 ms. Each viewer has its own session
// and stream (a device lease), refreshes its media playlist and fetches the next 2 MB segment
// every 3.2 s (the pipeline's segment length) with the signed URLs the playlist lists.
//   node scripts/with-postgres.mjs node scripts/with-redis.mjs node bench/cluster/hls-viewers.mjs
// BENCH_STEPS (10,20,40,80,120,160,200), BENCH_STEP_SECONDS (15) change the run.
import os from 'node:os';
import { startCluster } from '../../scripts/cluster.mjs';

const STEPS = (process.env.BENCH_STEPS ?? '10,20,40,80,120,160,200').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 15);
const SEGMENT_SECONDS = 3.2;
const GOAL_P95_MS = 200;
const ACCOUNTS = ['demo@playz.fr', 'abonne@playz.fr'];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let viewerCount = 0;
/** Logs a device in (its own address: attempt limits are per caller) and starts its stream. */
async function newViewer(publicUrl) {
  viewerCount += 1;
  const ip = `10.88.${Math.floor(viewerCount / 250)}.${(viewerCount % 250) + 1}`;
  const logIn = await fetch(`${publicUrl}/api/1.2/customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    // Two demo accounts of 100 places each (the setting's maximum): up to 200 viewers.
    body: new URLSearchParams({ login: ACCOUNTS[viewerCount % 2], password: 'playz2026' }),
  });
  const cookie = logIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('playz_sid='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`log-in refused: ${await logIn.text()}`);
  const view = await (
    await fetch(`${publicUrl}/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_hls`, {
      headers: { cookie, 'x-forwarded-for': ip },
    })
  ).json();
  if (view.Error.Number !== 0) throw new Error(`stream refused: ${JSON.stringify(view.Error)}`);
  const master = new URL(view.Response.AdaptiveStream.url, publicUrl);
  const text = await (await fetch(master)).text();
  return {
    playlist: new URL(
      text.split('\n').find((l) => l.endsWith('.m3u8')),
      master,
    ),
  };
}

/** One viewer's loop until `until`: playlist refresh, then the segment it lists; latencies kept. */
async function watch(viewer, until, samples, failures) {
  // Viewers start spread over one segment period, as real ones do.
  await sleep(Math.random() * SEGMENT_SECONDS * 1000);
  while (Date.now() < until) {
    const tick = Date.now();
    try {
      const playlist = await fetch(viewer.playlist);
      const text = await playlist.text();
      const segment = text.split('\n').find((l) => l.includes('.m4s') && !l.startsWith('#'));
      const started = performance.now();
      const res = await fetch(new URL(segment, viewer.playlist));
      await res.arrayBuffer();
      if (!playlist.ok || !res.ok) failures.push(`${playlist.status}/${res.status}`);
      else samples.push(performance.now() - started);
    } catch (error) {
      failures.push(error.message);
    }
    await sleep(Math.max(0, SEGMENT_SECONDS * 1000 - (Date.now() - tick)));
  }
}

const cluster = await startCluster({ nodeCount: 2, nodeEnv: { MAX_SIMULTANEOUS_DEVICES: '100' } });
try {
  console.log(`HLS viewers, steps ${STEPS.join(', ')}, ${STEP_SECONDS} s each, ${new Date().toISOString()}`);
  const viewers = [];
  let held = 0;
  for (const count of STEPS) {
    while (viewers.length < count) viewers.push(await newViewer(cluster.publicUrl));
    const samples = [];
    const failures = [];
    const until = Date.now() + STEP_SECONDS * 1000;
    await Promise.all(viewers.map((viewer) => watch(viewer, until, samples, failures)));
    const p50 = percentile(samples, 50);
    const p95 = percentile(samples, 95);
    const ok = failures.length === 0 && p95 <= GOAL_P95_MS;
    if (ok) held = count;
    console.log(
      `${String(count).padStart(4)} viewers: ${samples.length} segments, p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
        `${failures.length} failed${failures.length ? ` (${[...new Set(failures)].slice(0, 3).join(', ')})` : ''}, ` +
        `load ${os.loadavg()[0].toFixed(1)} ${ok ? 'held' : 'NOT held'}`,
    );
    if (!ok) break;
  }
  console.log(`Held with p95 ≤ ${GOAL_P95_MS} ms: ${held} viewers`);
} finally {
  await cluster.stop();
}
