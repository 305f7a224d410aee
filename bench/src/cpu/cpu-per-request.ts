import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { recordResponse } from '../playz-server';
import type { CpuServerMessage } from './cpu-server';

/**
 * CPU per request of one GET, Playz against the bare node:http peer answering the same bytes
 * (decision 121's measure, which a busy machine does not spoil the way it spoils throughput
 * ratios): each side runs in its own process, autocannon runs here, and a side's user + system
 * time from /proc/<pid>/stat over a run is divided by the requests it answered. Sides alternate.
 *
 *   node --import tsx bench/src/cpu/cpu-per-request.ts --path /api/1.2/data --logged --rounds 3
 *
 * `--profile DIR` starts Playz under --cpu-prof (written to DIR when it stops, the peer's to DIR/peer); `--beside` adds the
 * peer in a process that also holds an idle Playz server.
 */
const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/api/1.2/data' },
    logged: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '10' },
    profile: { type: 'string' },
    'playz-only': { type: 'boolean', default: false },
    /** A third side: the peer in a process that also holds an idle Playz server. */
    beside: { type: 'boolean', default: false },
  },
});

const TICK_US = 1e6 / 100; // USER_HZ, 100 on Linux

/** The process's user and system time so far, in ticks (fields 14 and 15 of /proc/<pid>/stat). */
function cpuTicks(pid: number): { user: number; system: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

function start(side: object, execArgv: string[]): Promise<{ child: ChildProcess; ready: CpuServerMessage }> {
  const child = fork(new URL('./cpu-server.ts', import.meta.url), [], {
    execArgv: ['--max-semi-space-size=16', '--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: CpuServerMessage) => resolve({ child, ready }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.send(side);
  });
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, headers, connections: Number(values.connections), duration: seconds });
  return { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, p50: result.latency.p50 };
}

const playz = await start({ side: 'playz' }, values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : []);
const headers: Record<string, string> = values.logged ? { cookie: playz.ready.cookie! } : {};
const url = `${playz.ready.baseUrl}${values.path}`;
const recorded = await recordResponse(url, 'GET', headers);
const peer = values['playz-only']
  ? null
  : await start(
      { side: 'peer', recorded: { ...recorded, body: recorded.body.toString('base64') } },
      values.profile ? ['--cpu-prof', '--cpu-prof-dir', `${values.profile}/peer`] : [],
    );
const beside = values.beside
  ? await start({ side: 'peer', beside: true, recorded: { ...recorded, body: recorded.body.toString('base64') } }, [])
  : null;
const sides = [
  { name: 'playz', pid: playz.child.pid!, url },
  ...(peer ? [{ name: 'peer', pid: peer.child.pid!, url: `${peer.ready.baseUrl}${values.path}` }] : []),
  ...(beside ? [{ name: 'beside', pid: beside.child.pid!, url: `${beside.ready.baseUrl}${values.path}` }] : []),
];
// Warm-up: JIT, caches, connections.
for (const side of sides) {
  const warm = await load(side.url, headers, 2);
  console.log(`${side.name.padEnd(6)} warm-up ${warm.requests} requests`);
}
const perRequest: Record<string, number[]> = { playz: [], peer: [], beside: [] };
for (let round = 0; round < Number(values.rounds); round++) {
  for (const side of round % 2 ? [...sides].reverse() : sides) {
    const before = cpuTicks(side.pid);
    const run = await load(side.url, headers, Number(values.seconds));
    const after = cpuTicks(side.pid);
    const user = after.user - before.user;
    const system = after.system - before.system;
    const ticks = user + system;
    const us = (ticks * TICK_US) / run.requests;
    perRequest[side.name]!.push(us);
    const [l1, l5] = os.loadavg();
    console.log(
      `${side.name.padEnd(6)} ${run.requests} requests (${run.non2xx} non-2xx, ${run.errors} errors), ` +
        `${ticks} ticks (user ${((user * TICK_US) / run.requests).toFixed(1)} + system ${((system * TICK_US) / run.requests).toFixed(1)}), ${us.toFixed(1)} µs CPU/request, p50 ${run.p50} ms, load ${l1!.toFixed(2)}/${l5!.toFixed(2)}`,
    );
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p = median(perRequest.playz!);
const q = median(perRequest.peer!);
console.log(
  `median: playz ${p.toFixed(1)} µs, peer ${q.toFixed(1)} µs` +
    (peer ? `, peer/playz ${(q / p).toFixed(2)}×` : '') +
    (beside ? `, peer beside an idle Playz ${median(perRequest.beside!).toFixed(1)} µs` : ''),
);
playz.child.kill('SIGTERM');
peer?.child.kill('SIGTERM');
beside?.child.kill('SIGTERM');
