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
  const database = await prepareData(config, ({ step, done, total }) => {
    const line = renderProgress(step, done, total);
    if (isTty) process.stdout.write(`\r${line}${done >= total ? '\n' : ''}`);
    else if (done >= total || done === 0) console.log(line);
  });
  const app = await buildApp(config, { database, streamSecret: loadStreamSecret(config.dataDir, config.streamSecret) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready first, so a load balancer moves traffic away; then no new connections, and the
    // requests in flight finish (Fastify answers 503 to any that still arrive while closing).
    app.beginDrain();
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down: draining');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`\nDemo accounts (password ${DEMO_ACCOUNT_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.login.padEnd(20)} ${a.access}`);
  console.log(
    `\nPlayz is ready on ${config.publicUrl} (database: ${database.dialect}, API docs: ${config.publicUrl}/api/docs)`,
  );
}

main().catch((error: unknown) => {
  console.error('Playz could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
