// Cluster benchmark (decision 038): how many simulated HLS viewers two API nodes on PostgreSQL + Redis behind
// deploy/nginx/playz.conf hold with p95 segment latency ≤ 200 ms. Each viewer has its own session
// and stream (a device lease), refreshes its media playlist and fetches the next 2 MB segment
// every 3.2 s (the pipeline's segment length) with the signed URLs the playlist lists.
//   node scripts/with-postgres.mjs node scripts/with-redis.mjs node bench/cluster/hls-viewers.mjs
// BENCH_STEPS (10,20,40,80,120,160,200,300,400,500,600), BENCH_STEP_SECONDS (15) change the run.
import os from 'node:os';
import pg from 'pg';
import { startCluster } from '../../scripts/cluster.mjs';

const STEPS = (process.env.BENCH_STEPS ?? '10,20,40,80,120,160,200,300,400,500,600').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 15);
const SEGMENT_SECONDS = 3.2;
const GOAL_P95_MS = 200;
/** Device places per account (MAX_SIMULTANEOUS_DEVICES, the setting's maximum). */
const PLACES = 100;
const PASSWORD = 'playz2026';
/** The demo subscribers, then accounts made for the run (a viewer per place). */
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
    // Accounts of 100 places each (the setting's maximum), filled in turn.
    body: new URLSearchParams({ login: ACCOUNTS[viewerCount % ACCOUNTS.length], password: PASSWORD }),
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

/**
 * Enough subscribed accounts for the largest step: registered through the API, then given the
 * demo subscriber's subscription rows in PostgreSQL (a bench-only write the nodes are not told
 * of, so the run waits out their customer-view cache, lib/generation-cache MAX_AGE_MS 30 s).
 */
async function addSubscribers(publicUrl, viewers) {
  const needed = Math.ceil(viewers / PLACES) - ACCOUNTS.length;
  if (needed <= 0) return;
  for (let i = 0; i < needed; i++) {
    const login = `viewers-${i}@playz.test`;
    const registered = await fetch(`${publicUrl}/api/1.2/customer/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.89.0.${i + 1}` },
      body: new URLSearchParams({ login, password: PASSWORD, optin: '0' }),
    });
    const answer = await registered.json();
    if (answer.Error.Number !== 0) throw new Error(`register ${login}: ${JSON.stringify(answer.Error)}`);
    ACCOUNTS.push(login);
  }
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `insert into subscriptions (customer_id, offer_id, billing_type, status, subscriber, expiration_date, created_at, operator_id)
       select c.id, s.offer_id, s.billing_type, s.status, s.subscriber, s.expiration_date, s.created_at, s.operator_id
       from customers c, subscriptions s join customers d on d.id = s.customer_id and d.login = 'abonne@playz.fr'
       where c.login like 'viewers-%@playz.test'`,
    );
  } finally {
    await client.end();
  }
  await sleep(31_000);
}

const cluster = await startCluster({ nodeCount: 2, nodeEnv: { MAX_SIMULTANEOUS_DEVICES: String(PLACES) } });
try {
  await addSubscribers(cluster.publicUrl, Math.max(...STEPS));
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
