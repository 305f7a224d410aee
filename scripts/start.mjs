// `npm start`: build the web and TV apps and the console when their sources changed, then run the server (which prepares the
// database and, on first start, the demo media). ffmpeg comes from Debian when it can be
// installed, otherwise from the npm package that ships a binary (see tools/media).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './system-deps.mjs';
import { ensureProjectNode } from './node-runtime.mjs';

// Node 24 for this script and every child it starts (decision 053).
await ensureProjectNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each browser app, the files its build reads, and the command that builds it. */
const APPS = [
  {
    name: 'web app',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages'],
    built: 'apps/web/dist/index.html',
    build: ['run', 'build', '-w', '@playz/web', '--silent'],
    // WEB_DIST_DIR: the caller built the web app itself (the e2e run, into its own folder).
    prebuilt: 'WEB_DIST_DIR',
  },
  {
    name: 'TV app',
    sources: ['apps/tv/src', 'apps/tv/index.html', 'apps/tv/vite.config.ts', 'apps/web/src/styles', 'packages'],
    built: 'apps/tv/dist/index.html',
    build: ['run', 'build', '-w', '@playz/tv', '--silent'],
    prebuilt: 'TV_DIST_DIR',
  },
  {
    name: 'console',
    sources: ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'packages/api-contract'],
    built: 'apps/admin/dist/index.html',
    build: ['run', 'build', '-w', '@playz/admin', '--silent'],
    prebuilt: 'ADMIN_DIST_DIR',
  },
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function buildIsStale(app) {
  const built = path.join(root, app.built);
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return app.sources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

if (!fs.existsSync('/usr/bin/ffmpeg') && process.env.PLAYZ_SKIP_MEDIA !== '1') {
  // Not fatal: the media pipeline falls back to the ffmpeg binary shipped on npm.
  try {
    ensureSystemPackages(['ffmpeg']);
  } catch {
    console.warn('Could not install Debian ffmpeg; using the npm ffmpeg binary.');
  }
}

for (const app of APPS) {
  if (process.env[app.prebuilt] || !buildIsStale(app)) continue;
  console.log(`Building the ${app.name}...`);
  const build = spawnSync('npm', app.build, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A young generation of 2 x 16 MB, as the deployed nodes run (decision 112).
const serverArgs = ['--max-semi-space-size=16', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  // The IPC channel closes when this script dies, however it dies: the server then stops with its
  // encoders (decision 048) instead of running on without the process that started it.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // The demo mode (decision 047): what `npm start` runs on a fresh machine is a demonstration, with
  // the payment stand-ins; a real deployment starts main.ts itself (deploy/) and refuses them.
  env: { NODE_ENV: 'production', PLAYZ_DEMO: '1', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
