import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_ACCOUNT_PASSWORD, DEMO_ACCOUNTS } from './db/seed/demo-settings';
import { loadStreamSecret } from './lib/stream-secret';
import { renderProgress } from './lib/progress-bar';
import { prepareData } from './startup';

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const isTty = process.stdout.isTTY;

  // The stop requests are heard from the first moment: a signal while the server prepares its data
  // or starts its encoders (before the app exists) ends the process at once, and the kernel (or
  // the encoders' exit hook) ends its children with it (decision 048). Without these handlers
  // the signal's default action would kill the process with no hook run at all.
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (!app) {
      console.error(`Playz stopped while starting (${signal}).`);
      process.exit(0);
    }
    // Not ready first, so a load balancer moves traffic away; then no new connections, and the
    // requests in flight finish (Fastify answers 503 to any that still arrive while closing).
    app.beginDrain();
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down: draining');
    // The encoders stop at once and for good: one restarted during the drain would be started
    // after the signal that stops the server (decision 048). The drain waits for them too.
    await Promise.all([
      app.stopChildProcesses(),
      new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000)),
    ]);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  // SIGHUP too: a closed terminal stops the server as Ctrl-C does, its encoders with it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  // Started by `npm start` (scripts/start.mjs, over an IPC channel): when that parent dies, even
  // by SIGKILL, the channel closes and the server stops as on SIGTERM rather than run on unseen.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => void shutdown('parent exited'));
  }

  const database = await prepareData(config, ({ step, done, total }) => {
    const line = renderProgress(step, done, total);
    if (isTty) process.stdout.write(`\r${line}${done >= total ? '\n' : ''}`);
    else if (done >= total || done === 0) console.log(line);
  });
  app = await buildApp(config, { database, streamSecret: loadStreamSecret(config.dataDir, config.streamSecret) });

  await app.listen({ port: config.port, host: config.host });
  if (config.demo) {
    console.log(
      '\nDEMO MODE (PLAYZ_DEMO=1, decision 047): payments and sign-on go to local stand-ins with published keys;' +
        ' no real money moves. Never expose this to the public: a production start leaves PLAYZ_DEMO unset.',
    );
    console.log(`\nDemo accounts (password ${DEMO_ACCOUNT_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.login.padEnd(20)} ${a.access}`);
  }
  console.log(
    `\nPlayz is ready on ${config.publicUrl} (database: ${database.dialect}, API docs: ${config.publicUrl}/api/docs)`,
  );
}

main().catch((error: unknown) => {
  console.error('Playz could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
