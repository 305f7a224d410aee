// Cluster benchmark (decision 038): segments (2 MB) and playlists through the deployed nginx path (grant asked of
// the app, kept a few seconds in nginx's memory: decision 043) against nginx serving the same files
// statically, in the same run, alternating, median of the pairs' ratios (goal ≥ 0.9×). Two API nodes on
// PostgreSQL + Redis behind deploy/nginx/playz.conf (scripts/cluster.mjs).
//   node scripts/with-postgres.mjs node scripts/with-redis.mjs node bench/cluster/segments.mjs
// BENCH_PAIRS (5), BENCH_SECONDS (3), BENCH_CONNECTIONS (10) change the run.
import autocannon from 'autocannon';
import { startCluster } from '../../scripts/cluster.mjs';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Requests per second and p95 latency of one autocannon run. Any non-2xx answer fails the run; so
 * do connection errors beyond 1 in 10,000 requests: nginx closes a keep-alive connection after
 * its 1,000th request (keepalive_requests), and at ~15,000 playlists/s a request autocannon had
 * already sent on it now and then meets the close (seen on nginx static, 26 Nov 2026).
 */
async function measure(url) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > Math.max(0, result.requests.total / 10_000))
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p95: result.latency.p97_5 ?? result.latency.p99 };
}

/** A subscriber's DASH manifest and first segment URLs through nginx (the player's path). */
async function streamUrls(publicUrl) {
  const logIn = await fetch(`${publicUrl}/api/1.2/customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login: 'abonne@playz.fr', password: 'playz2026' }),
  });
  const cookie = logIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('playz_sid='))
    .split(';')[0];
  const view = await fetch(`${publicUrl}/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_hls`, {
    headers: { cookie },
  });
  const manifest = new URL((await view.json()).Response.AdaptiveStream.url, publicUrl);
  const master = await (await fetch(manifest)).text();
  // A finished clip's media playlist hangs under the segment grant (decision 042).
  const playlistUrl = new URL(
    master.split('\n').find((l) => l.endsWith('.m3u8')),
    manifest,
  );
  const playlist = await (await fetch(playlistUrl)).text();
  const segment = playlist.split('\n').find((l) => l.includes('chunk-stream0-00001.m4s'));
  return { playlist: playlistUrl.href, segment: new URL(segment, playlistUrl).href };
}

const cluster = await startCluster({
  nodeCount: 2,
  // The peer: the same files, read by the same nginx without any check.
  extraLocations: '    location /bench-static/ { alias MEDIA/; }',
});
try {
  const urls = await streamUrls(cluster.publicUrl);
  const peers = {
    segment: `${cluster.publicUrl}/bench-static/clips/ocean/chunk-stream0-00001.m4s`,
    playlist: `${cluster.publicUrl}/bench-static/clips/ocean/media_0.m3u8`,
  };
  console.log(`Pairs ${PAIRS}, ${SECONDS} s each, ${CONNECTIONS} connections, ${new Date().toISOString()}`);
  for (const kind of ['segment', 'playlist']) {
    const ratios = [];
    const rows = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      // Alternating who goes first, so a drift of the shared machine falls on both sides.
      const order = pair % 2 === 0 ? ['playz', 'peer'] : ['peer', 'playz'];
      const got = {};
      for (const side of order) got[side] = await measure(side === 'playz' ? urls[kind] : peers[kind]);
      ratios.push(got.playz.rps / got.peer.rps);
      rows.push(got);
    }
    const m = (side, key) => median(rows.map((r) => r[side][key]));
    console.log(
      `${kind.padEnd(8)} playz ${m('playz', 'rps').toFixed(0)} req/s (p97.5 ${m('playz', 'p95')} ms), ` +
        `nginx static ${m('peer', 'rps').toFixed(0)} req/s (p97.5 ${m('peer', 'p95')} ms), ` +
        `ratio median ${median(ratios).toFixed(2)}× [${ratios.map((r) => r.toFixed(2)).join(', ')}]`,
    );
  }
} finally {
  await cluster.stop();
}
