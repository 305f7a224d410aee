// A Playz deployment on this machine (decision 038), for npm run test:cluster and the cluster
// benchmarks: API nodes sharing one PostgreSQL (TEST_DATABASE_URL), one Redis (REDIS_URL) and one
// media folder, behind Debian's nginx running deploy/nginx/playz.conf with this run's ports and
// folders. Run inside scripts/with-postgres.mjs and scripts/with-redis.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './system-deps.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = '/usr/sbin/nginx';
/** Where Debian's nginx module packages put their modules. */
const NGINX_MODULES = '/usr/lib/nginx/modules';
const READY_TIMEOUT_MS = 90_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url, what, child) {
  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} not ready within ${READY_TIMEOUT_MS / 1000} s (${url})`);
}

/** A finished clip for content 1001 ("ocean") as the media pipeline leaves it; 2 MB segments. */
function writeOceanClip(mediaRoot) {
  const dir = path.join(mediaRoot, 'clips/ocean');
  fs.mkdirSync(dir, { recursive: true });
  const write = (name, data) => fs.writeFileSync(path.join(dir, name), data);
  write('manifest.mpd', '<MPD mediaPresentationDuration="PT32.0S">\n\t<Period id="0"></Period>\n</MPD>\n');
  write('master.m3u8', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2500000\nmedia_0.m3u8\n');
  write(
    'media_0.m3u8',
    '#EXTM3U\n#EXT-X-MAP:URI="init-stream0.m4s"\n#EXTINF:3.200000,\nchunk-stream0-00001.m4s\n#EXT-X-ENDLIST\n',
  );
  write('init-stream0.m4s', 'init');
  write('chunk-stream0-00001.m4s', Buffer.alloc(2 * 1024 * 1024, 7));
  write('preview.mp4', 'teaser');
  write('poster.jpg', 'poster');
  write(
    'clip.json',
    JSON.stringify({
      key: 'ocean',
      title: 'Ocean',
      durationSec: 32,
      width: 1280,
      height: 720,
      renditions: [{ height: 720, width: 1280, bandwidth: 2500000 }],
      hlsPath: 'clips/ocean/master.m3u8',
      dashPath: 'clips/ocean/manifest.mpd',
      thumbnails: [],
    }),
  );
}

/** deploy/nginx/playz.conf with this run's ports and folders, inside a complete nginx.conf. */
function nginxConfig({ dir, listenPort, nodePorts, mediaRoot, extraLocations, workerConnections = 1024 }) {
  let site = fs.readFileSync(path.join(ROOT, 'deploy/nginx/playz.conf'), 'utf8');
  const servers = nodePorts.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n');
  site = site
    .replace(/( {4}server 127\.0\.0\.1:\d+ max_fails=3 fail_timeout=10s;\n)+/, `${servers}\n`)
    .replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
    .replaceAll('/etc/nginx/playz-grant.lua', path.join(ROOT, 'deploy/nginx/playz-grant.lua'))
    .replaceAll('/srv/playz/data/media', mediaRoot)
    .replaceAll('/var/lib/nginx/playz-live', path.join(dir, 'live-cache'))
    .replaceAll('/srv/playz/web', path.join(ROOT, 'apps/web/dist'))
    // Locations a caller adds to the server block (a benchmark's static peer).
    .replace(/\n}\s*$/, `\n${extraLocations.replaceAll('MEDIA', mediaRoot)}\n}\n`);
  if (!site.includes(`127.0.0.1:${nodePorts[0]}`))
    throw new Error('deploy/nginx/playz.conf: upstream servers not found');
  const isRoot = process.getuid?.() === 0;
  // pcre_jit: the grant key and the media locations are regular expressions (deploy/nginx/playz.conf).
  // The Lua module (and the kit it builds on) is what Debian's modules-enabled would load.
  return `${isRoot ? 'user root;\n' : ''}worker_processes 1;
load_module ${NGINX_MODULES}/ndk_http_module.so;
load_module ${NGINX_MODULES}/ngx_http_lua_module.so;
pcre_jit on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_rlimit_nofile ${workerConnections * 2};
events { worker_connections ${workerConnections}; }
http {
  include /etc/nginx/mime.types;
  types { application/dash+xml mpd; video/iso.segment m4s; }
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

/** Stops a child still running: SIGTERM, then SIGKILL if it has not exited within 5 s. */
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(force);
}

/**
 * Debian's nginx with deploy/nginx/playz.conf in front of API nodes already listening on
 * `nodePorts` (127.0.0.1) that share `mediaRoot`; one worker; in `dir` and on `listenPort` when
 * given (a fresh folder and a free port otherwise); `workerConnections` (1,024 by default) counts a
 * proxied request twice, its client's connection and the upstream's. `stop()` ends it and removes its folder (its
 * logs with it); `errorLog()` reads its error log. Used by `startCluster` and by the
 * soak's nginx mode (SOAK_NGINX=1, bench/src/soak/soak.ts).
 */
export async function startNginx({
  nodePorts,
  mediaRoot,
  extraLocations = '',
  dir: given,
  listenPort: port,
  workerConnections,
}) {
  if (!ensureSystemPackages(['nginx'])) throw new Error('nginx is missing and could not be installed');
  const dir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'playz-nginx-'));
  // The folder of live playlists' copies nginx writes (deploy/nginx/playz.conf, decision 135).
  fs.mkdirSync(path.join(dir, 'live-cache'), { recursive: true });
  const listenPort = port ?? (await freePort());
  const publicUrl = `http://127.0.0.1:${listenPort}`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    nginxConfig({ dir, listenPort, nodePorts, mediaRoot, extraLocations, workerConnections }),
  );
  const nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  const errorLog = () => {
    const file = path.join(dir, 'error.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  };
  const stop = async () => {
    await stopChild(nginx);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${publicUrl}/healthz`, 'nginx', nginx);
  } catch (error) {
    console.error(errorLog().slice(-4000));
    await stop();
    throw error;
  }
  return { publicUrl, dir, pid: nginx.pid, stop, errorLog };
}

/**
 * Starts PostgreSQL-backed API nodes one after the other (the first migrates, seeds and writes the
 * shared stream secret), then nginx in front. `stop()` ends what was started and removes the temp
 * folder; `logs()` reads the nodes' and nginx's logs (for a failure report). `extraLocations` go
 * into nginx's server block, `MEDIA` in them standing for the media folder (a benchmark's peer);
 * `nodeEnv` adds settings to every node's environment.
 */
export async function startCluster({ nodeCount = 2, extraLocations = '', nodeEnv = {} } = {}) {
  if (!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL) {
    throw new Error('run inside scripts/with-postgres.mjs and scripts/with-redis.mjs');
  }
  if (!ensureSystemPackages(['nginx'])) throw new Error('nginx is missing and could not be installed');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-cluster-'));
  const dataDir = path.join(tmp, 'data');
  const mediaRoot = path.join(dataDir, 'media');
  writeOceanClip(mediaRoot);

  // The nodes' PUBLIC_URL is nginx's address, so its port is chosen before they start.
  const nginxPort = await freePort();
  const nodePorts = [];
  for (let i = 0; i < nodeCount; i++) nodePorts.push(await freePort());
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  let nginx = null;
  const children = [];
  const startNode = (name, port) => {
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      // The cluster tests pay through the stand-ins (decision 047); production starts without stand-ins
      // are proved by the security suite.
      PLAYZ_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      TRUSTED_PROXIES: '127.0.0.1',
      PLAYZ_SKIP_MEDIA: '1',
      LIVE_INGEST: '0',
      BILLING_JOB: '1',
      SHUTDOWN_DRAIN_SECONDS: '1',
      LOG_LEVEL: 'warn',
      ...nodeEnv,
    };
    // The deployed nodes' young generation (decision 112).
    const args = ['--max-semi-space-size=16', '--import', 'tsx', 'apps/server/src/main.ts'];
    const child = spawn('node', args, { cwd: ROOT, env, stdio: 'pipe' });
    const log = fs.createWriteStream(path.join(tmp, `node-${name}.log`));
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    children.push(child);
    return child;
  };
  const stop = async () => {
    await nginx?.stop();
    for (const child of [...children].reverse()) await stopChild(child);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  const logs = () =>
    [...nodePorts.map((_, i) => `node-${String.fromCharCode(97 + i)}.log`), 'nginx/error.log']
      .map((name) => path.join(tmp, name))
      .filter((file) => fs.existsSync(file))
      .map((file) => `--- ${path.relative(tmp, file)} ---\n${fs.readFileSync(file, 'utf8').slice(-4000)}`)
      .join('\n');
  try {
    const nodes = [];
    for (const [i, port] of nodePorts.entries()) {
      const name = String.fromCharCode(97 + i);
      const child = startNode(name, port);
      await waitFor(`http://127.0.0.1:${port}/readyz`, `node ${name.toUpperCase()}`, child);
      nodes.push({ url: `http://127.0.0.1:${port}`, pid: child.pid });
    }
    // In the cluster's folder: its logs are read by logs(), its pid file by bench/cluster/segments.mjs.
    const dir = path.join(tmp, 'nginx');
    nginx = await startNginx({ nodePorts, mediaRoot, extraLocations, dir, listenPort: nginxPort });
    return { publicUrl, nodes, dataDir, mediaRoot, stop, logs };
  } catch (error) {
    console.error(logs());
    await stop();
    throw error;
  }
}
