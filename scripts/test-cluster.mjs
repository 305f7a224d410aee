// `npm run test:cluster` (decision 038): Playz as it runs in production, on one machine.
// Debian's PostgreSQL and Redis (scripts/with-postgres.mjs, with-redis.mjs), two API nodes sharing
// one database, one Redis and one media folder, and Debian's nginx in front with the
// configuration of deploy/nginx/playz.conf (scripts/cluster.mjs). Then runs
// apps/server/test/cluster/ against them, and stops everything it started.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureProjectNode } from './node-runtime.mjs';

// Node 24 for this script and every child it starts (decision 053).
await ensureProjectNode();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// PostgreSQL and Redis first: this script runs again inside both helpers.
if (!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL) {
  const wrapped = ['scripts/with-postgres.mjs', 'node', 'scripts/with-redis.mjs', 'node', 'scripts/test-cluster.mjs'];
  process.exit(spawnSync('node', wrapped, { stdio: 'inherit', cwd: ROOT }).status ?? 1);
}
const { startCluster } = await import('./cluster.mjs');

const started = Date.now();
let status = 1;
let cluster;
try {
  cluster = await startCluster({ nodeCount: 2 });
  const [nodeA, nodeB] = cluster.nodes;
  console.log(
    `Cluster up in ${Math.round((Date.now() - started) / 1000)} s: nginx ${cluster.publicUrl}, nodes ${nodeA.url}, ${nodeB.url}`,
  );
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'apps/server/test/cluster/vitest.config.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      CLUSTER_PUBLIC_URL: cluster.publicUrl,
      CLUSTER_NODE_A: nodeA.url,
      CLUSTER_NODE_B: nodeB.url,
      CLUSTER_NODE_A_PID: String(nodeA.pid),
      CLUSTER_DATABASE_URL: process.env.TEST_DATABASE_URL,
      CLUSTER_DATA_DIR: cluster.dataDir,
    },
  });
  status = run.status ?? 1;
  if (status !== 0) console.error(cluster.logs());
} catch (error) {
  console.error('Cluster test could not run:', error.message);
} finally {
  await cluster?.stop();
}
console.log(`Cluster test ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status);
