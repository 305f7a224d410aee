import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { REMOTE_MAX_MESSAGE_BYTES } from '@playz/remote';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { prepareData } from '../../../apps/server/src/startup';
import { createSessionRepository } from '../../../apps/server/src/modules/accounts/session.repository';
import type { FanoutCommand, FanoutMessage, FanoutSetup, FanoutStep } from './fanout-settings';
import { startRelayPeer } from './relay-peer';

/**
 * Remote-control fan-out (issue 11, decision 034): how many linked TV + phone pairs Playz's
 * socket holds with the phone's round trip (seek → TV → onNotifyVideoSeek → phone) at p95 ≤
 * 500 ms, against a plain `ws` relay (relay-peer.ts) in the same run; goal ≥ 0.9× its pairs.
 * Every pair is its own account, as TVs and phones are in life. Run:
 *   npx tsx bench/src/remote/remote-fanout.ts [--seconds 5] [--steps 50,100,...]
 * It prints the figures and the markdown section for docs/benchmarks.md.
 */
const P95_LIMIT_MS = 500;

function readSettings() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      steps: { type: 'string', default: '200,400,600,800,1000,1200,1400,1600,1800,2000,2200,2400,2800,3200,4000' },
    },
  });
  const steps = values.steps.split(',').map(Number);
  if (steps.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--steps: positive integers, got ${values.steps}`);
  return { seconds: Number(values.seconds), steps };
}

/** The real server as the HTTP benchmark builds it (NODE_ENV=production), with one account per pair. */
async function startPlayz(pairs: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-bench-remote-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PLAYZ_SKIP_MEDIA: '1',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const database = await prepareData(config);
  const sessions = createSessionRepository(database.db);
  const accounts: FanoutSetup['accounts'] = [];
  const at = new Date().toISOString();
  for (let i = 0; i < pairs; i += 1) {
    const { id } = await database.db
      .insertInto('customers')
      .values({
        uid: `bench-remote-${i}`,
        locale: 'fr',
        country: 'fr',
        optin: 0,
        has_domain_mailbox: 0,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    accounts.push({
      tvToken: await sessions.create(id, 'Tizen', `bench-tv-${i}`),
      phoneCookie: `playz_sid=${await sessions.create(id, 'Web', null)}`,
    });
  }
  const app = await buildApp(config, { database, streamSecret: 'bench-secret-bench-secret-bench-secret' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/api/1.2/remote/socket`,
    accounts,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One side's load child: pairs stay open from step to step. */
function startSide(setup: FanoutSetup) {
  const child = fork(new URL('./fanout-load.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const tell = (command: FanoutCommand) => child.send(command);
  tell({ type: 'start', setup });
  const ask = (command: FanoutCommand) =>
    new Promise<FanoutMessage & { ok: true }>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${setup.side} load child exited with code ${code}`));
      child.once('exit', onExit);
      child.once('message', (message: FanoutMessage) => {
        child.off('exit', onExit);
        if (message.ok) resolve(message);
        else reject(new Error(`${setup.side}: ${message.error}`));
      });
      tell(command);
    });
  return {
    /** Opens pairs up to `pairs`, then measures them; the server's CPU time is read around the measure. */
    async step(pairs: number): Promise<FanoutStep> {
      await ask({ type: 'open', pairs });
      const before = process.cpuUsage();
      const answer = await ask({ type: 'measure' });
      const cpu = process.cpuUsage(before);
      if (!('step' in answer)) throw new Error(`${setup.side}: no measure`);
      return { ...answer.step, serverCpuMs: (cpu.user + cpu.system) / 1000 };
    },
    end: () => tell({ type: 'end' }),
  };
}

const over = (step: FanoutStep) => step.p95 > P95_LIMIT_MS || step.lost > 0;

/**
 * Both sides at each pair count in turn, peer first (the machine's drift falls on both), until
 * each goes over the limit. A step over the limit is measured once more and the better of the
 * two kept: other work on a shared machine can spike one 5-second window.
 */
async function alternate(sides: Record<'peer' | 'Playz', ReturnType<typeof startSide>>, steps: number[]) {
  const results: Record<'peer' | 'Playz', FanoutStep[]> = { peer: [], Playz: [] };
  const active = { peer: true, Playz: true };
  for (const pairs of steps) {
    for (const side of ['peer', 'Playz'] as const) {
      if (!active[side]) continue;
      let step = await sides[side].step(pairs);
      log(side, step);
      if (over(step)) {
        const again = await sides[side].step(pairs);
        log(side, again);
        if (again.p95 < step.p95) step = again;
      }
      results[side].push(step);
      if (over(step)) active[side] = false;
    }
    if (!active.peer && !active.Playz) break;
  }
  return results;
}

function log(side: string, step: FanoutStep) {
  console.log(
    `  ${side}: ${step.pairs} pairs, p50 ${step.p50.toFixed(1)} ms, p95 ${step.p95.toFixed(1)} ms, ${step.lost} of ${step.seeks} seeks lost, server ${cpuPerFrame(step).toFixed(1)} µs CPU per frame`,
  );
}

/** The server's CPU time per frame relayed: less noisy than latency on a shared machine. */
const cpuPerFrame = (s: FanoutStep) => ((s.serverCpuMs ?? Number.NaN) * 1000) / s.frames;
const medianCpu = (steps: FanoutStep[]) => {
  const sorted = steps.map(cpuPerFrame).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The most pairs held at p95 ≤ the limit with no seek lost. */
const held = (steps: FanoutStep[]) =>
  Math.max(0, ...steps.filter((s) => s.p95 <= P95_LIMIT_MS && s.lost === 0).map((s) => s.pairs));

function markdown(command: string, playz: FanoutStep[], peer: FanoutStep[], seconds: number): string {
  const row = (side: string, s: FanoutStep) =>
    `| ${side} | ${s.pairs} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.lost} / ${s.seeks} | ${cpuPerFrame(s).toFixed(1)} |`;
  const ratio = held(peer) ? (held(playz) / held(peer)).toFixed(2) : 'n/a';
  return [
    '## Remote-control fan-out',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\`, Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown'} (${os.availableParallelism()} cores available, shared), load average ${os.loadavg()[0]?.toFixed(2)}.`,
    '',
    `Each pair is one account's TV and phone, linked over the remote-control WebSocket (decision 034). For ${seconds} s per step every TV sends its time update every 100 ms (spec 2 §9) and every phone a seek each second; the round trip is the seek reaching the TV, the TV's onNotifyVideoSeek, and that event reaching the phone. A seek unanswered within 2 s counts as 2 s. The peer is a plain \`ws\` relay of the same frames (no session, validation or accounts), served by the same process as Playz; each side's sockets live in a child process of their own. The sides alternate at each pair count, peer first; a step over the limit is measured once more and the better kept (a shared machine spikes).`,
    '',
    '| Server | Pairs | p50 (ms) | p95 (ms) | Seeks lost | Server CPU (µs per frame) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...peer.map((s) => row('Peer (`ws` relay)', s)),
    ...playz.map((s) => row('Playz', s)),
    '',
    `Pairs held at p95 ≤ ${P95_LIMIT_MS} ms: Playz ${held(playz)}, peer ${held(peer)}: **${ratio}×** (goal ≥ 0.9×). Server CPU per relayed frame, median of the steps: Playz ${medianCpu(playz).toFixed(1)} µs, peer ${medianCpu(peer).toFixed(1)} µs.`,
    '',
  ].join('\n');
}

async function main() {
  const settings = readSettings();
  const command = ['npx tsx bench/src/remote/remote-fanout.ts', ...process.argv.slice(2)].join(' ');
  const most = Math.max(...settings.steps);
  console.log(`Remote-control fan-out: steps ${settings.steps.join(', ')} pairs, ${settings.seconds} s each.`);
  const playz = await startPlayz(most);
  const peer = await startRelayPeer(4 * REMOTE_MAX_MESSAGE_BYTES);
  const setup = { seconds: settings.seconds, accounts: playz.accounts };
  const sides = {
    peer: startSide({ ...setup, side: 'peer', url: peer.url }),
    Playz: startSide({ ...setup, side: 'Playz', url: playz.url }),
  };
  let results: Awaited<ReturnType<typeof alternate>>;
  try {
    results = await alternate(sides, settings.steps);
  } finally {
    sides.peer.end();
    sides.Playz.end();
    await peer.close();
    await playz.close();
  }
  const { Playz: playzSteps, peer: peerSteps } = results;
  console.log(`\n${markdown(command, playzSteps, peerSteps, settings.seconds)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
