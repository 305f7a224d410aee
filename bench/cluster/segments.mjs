// Cluster benchmark (decision 038): segments (2 MB) and playlists through the deployed nginx path (grant asked of
// the app, kept a few seconds in nginx's memory: decision 043) against nginx serving the same files
// statically, in the same run, alternating, median of the pairs' ratios (goal ≥ 0.9×). Two API nodes on
// PostgreSQL + Redis behind deploy/nginx/playz.conf (scripts/cluster.mjs).
//   node scripts/with-postgres.mjs node scripts/with-redis.mjs node bench/cluster/segments.mjs
// BENCH_PAIRS (5), BENCH_SECONDS (3), BENCH_CONNECTIONS (10) change the run; BENCH_KINDS (segment,playlist,live)
// picks what is measured. "live" is channel 1's live HLS media playlist (decision 096: the same bytes for every
// viewer; nginx keeps one copy a second after asking the app about the grant, decision 125, and sends it as a file,
// decision 135) against nginx serving those bytes from a file. Each line also gives the CPU per request of nginx's workers and of the API nodes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startCluster } from '../../scripts/cluster.mjs';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KINDS = (process.env.BENCH_KINDS ?? 'segment,playlist,live').split(',');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Requests per second and p95 latency of one autocannon run. Any non-2xx answer fails the run; so
 * do connection errors beyond 1 in 1,000 requests: nginx closes a keep-alive connection after
 * its 1,000th request (keepalive_requests), and a request autocannon had already sent on it then
 * meets the close — up to one error per connection per 1,000 requests (seen on nginx static at
 * 26 Nov 2026 and at 8,000 playlists/s on 30 Nov 2026: 18 errors in 24,000 requests).
 */
async function measure(url, processes) {
  const before = processes.map(cpuTicks);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > result.requests.total / 1_000)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  // CPU per request (decision 125): nginx's workers and the API nodes, user + system time.
  const [nginxUs, appUs] = [0, 1].map(
    (i) => ((cpuTicks(processes[i]) - before[i]) * 1e6) / TICKS_PER_SECOND / result.requests.total,
  );
  return {
    ...{ rps: result.requests.average, p95: result.latency.p97_5 ?? result.latency.p99, p99: result.latency.p99 },
    ...{ nginxUs, appUs },
  };
}

// Linux's clock ticks (USER_HZ): /proc/<pid>/stat counts CPU time in them.
const TICKS_PER_SECOND = 100;
/** User + system CPU ticks of these processes so far. */
function cpuTicks(pids) {
  return pids.reduce((sum, pid) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return sum + Number(fields[11]) + Number(fields[12]);
  }, 0);
}

/**
 * The live channels' clips as the API tests have them (apps/server/test/support/live-media.ts,
 * small segments), beside the cluster's own "ocean" clip: channel 1's guide plays them.
 */
function writeLiveClips(mediaRoot) {
  for (const key of ['slate', 'aurora', 'city', 'cartoon']) {
    const dir = path.join(mediaRoot, 'clips', key);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'manifest.mpd'),
      [
        '<MPD type="static" mediaPresentationDuration="PT32.0S">',
        '<Period id="0" start="PT0.0S">',
        '<Representation id="0" mimeType="video/mp4" codecs="avc1.4d4015" bandwidth="400000" width="480" height="270" sar="1:1">',
        '</Representation>',
        '<Representation id="1" mimeType="audio/mp4" codecs="mp4a.40.2" bandwidth="128000" audioSamplingRate="48000">',
        '</Representation>',
        '</Period>',
        '</MPD>',
      ].join('\n'),
    );
    fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=528000\nmedia_0.m3u8\n');
    for (const id of [0, 1]) {
      const lines = [
        '#EXTM3U',
        '#EXT-X-TARGETDURATION:3',
        '#EXT-X-MEDIA-SEQUENCE:1',
        `#EXT-X-MAP:URI="init-stream${id}.m4s"`,
      ];
      for (let n = 1; n <= 10; n++) {
        const name = `chunk-stream${id}-${String(n).padStart(5, '0')}.m4s`;
        lines.push(`#EXTINF:${id === 1 && n === 1 ? '3.178667' : '3.200000'},`, name);
        fs.writeFileSync(path.join(dir, name), `${key}/${name}`);
      }
      lines.push('#EXT-X-ENDLIST');
      fs.writeFileSync(path.join(dir, `media_${id}.m3u8`), `${lines.join('\n')}\n`);
      fs.writeFileSync(path.join(dir, `init-stream${id}.m4s`), `${key}/init-stream${id}.m4s`);
    }
  }
}

/** Channel 1's live media playlist through nginx, and a copy of its bytes for nginx to serve itself. */
async function livePlaylist(publicUrl, mediaRoot, cookie) {
  const stream = await fetch(`${publicUrl}/api/1.2/channel/1/url/adaptive?target=player_hls`, { headers: { cookie } });
  const master = new URL((await stream.json()).Response.AdaptiveStream.url, publicUrl);
  const url = new URL('media_0.m3u8', master).href;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
  fs.mkdirSync(path.join(mediaRoot, 'bench-live'), { recursive: true });
  fs.writeFileSync(path.join(mediaRoot, 'bench-live/media_0.m3u8'), Buffer.from(await response.arrayBuffer()));
  return url;
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
  return { playlist: playlistUrl.href, segment: new URL(segment, playlistUrl).href, cookie };
}

const cluster = await startCluster({
  nodeCount: 2,
  // The peer: the same files, read by the same nginx without any check.
  extraLocations: '    location /bench-static/ { alias MEDIA/; }',
});
try {
  writeLiveClips(cluster.mediaRoot);
  const urls = await streamUrls(cluster.publicUrl);
  urls.live = await livePlaylist(cluster.publicUrl, cluster.mediaRoot, urls.cookie).catch((error) => {
    console.error(cluster.logs().slice(-3000));
    throw error;
  });
  const peers = {
    live: `${cluster.publicUrl}/bench-static/bench-live/media_0.m3u8`,
    segment: `${cluster.publicUrl}/bench-static/clips/ocean/chunk-stream0-00001.m4s`,
    playlist: `${cluster.publicUrl}/bench-static/clips/ocean/media_0.m3u8`,
  };
  const nginxPid = fs.readFileSync(path.join(path.dirname(cluster.dataDir), 'nginx/nginx.pid'), 'utf8').trim();
  const workers = execFileSync('pgrep', ['-P', nginxPid]).toString().trim().split('\n').map(Number);
  const processes = [workers, cluster.nodes.map((node) => node.pid)];
  console.log(`Pairs ${PAIRS}, ${SECONDS} s each, ${CONNECTIONS} connections, ${new Date().toISOString()}`);
  for (const kind of KINDS) {
    const ratios = [];
    const rows = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      // Alternating who goes first, so a drift of the shared machine falls on both sides.
      const order = pair % 2 === 0 ? ['playz', 'peer'] : ['peer', 'playz'];
      const got = {};
      for (const side of order) got[side] = await measure(side === 'playz' ? urls[kind] : peers[kind], processes);
      ratios.push(got.playz.rps / got.peer.rps);
      rows.push(got);
    }
    const m = (side, key) => median(rows.map((r) => r[side][key]));
    console.log(
      `${kind.padEnd(8)} playz ${m('playz', 'rps').toFixed(0)} req/s (p97.5 ${m('playz', 'p95')} ms), ` +
        `nginx static ${m('peer', 'rps').toFixed(0)} req/s (p97.5 ${m('peer', 'p95')} ms), ` +
        `p99 ${m('playz', 'p99')} / ${m('peer', 'p99')} ms, ` +
        `ratio median ${median(ratios).toFixed(2)}× [${ratios.map((r) => r.toFixed(2)).join(', ')}], ` +
        `CPU per request nginx ${m('playz', 'nginxUs').toFixed(1)} / ${m('peer', 'nginxUs').toFixed(1)} µs, ` +
        `API nodes ${m('playz', 'appUs').toFixed(1)} / ${m('peer', 'appUs').toFixed(1)} µs`,
    );
  }
} finally {
  await cluster.stop();
}
