// `npm test`: every check the project has, in order, stopping at the first failure:
// lint and typecheck (side by side), unit and API tests and the security suite on SQLite, API tests on PostgreSQL with
// Redis (several API nodes' shared state), two API nodes behind nginx, E2E journeys in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { ensureProjectNode } from './node-runtime.mjs';

// Node 24 for this script and every child it starts (decision 053).
await ensureProjectNode();
console.log(`Node ${process.version} (${process.execPath})`);

/** Runs commands side by side (2 cores; lint and typecheck each wait on a single thread much of the time). */
function runTogether(commands) {
  const runs = commands.map(
    ([command, args]) =>
      new Promise((resolve) => spawn(command, args, { stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1))),
  );
  return Promise.all(runs).then((codes) => ({ status: codes.every((c) => c === 0) ? 0 : 1 }));
}

const steps = [
  [
    'lint + typecheck',
    'together',
    [
      ['npm', ['run', 'lint', '--silent']],
      ['npm', ['run', 'typecheck', '--silent']],
    ],
  ],
  // With the security suite (docs/reliability.md: cross-account calls, media traversal, ended sessions,
  // contract fuzzing) in the same run: one vitest start instead of two, 334 s where the two steps took 352 s.
  ['unit + API + security (SQLite)', 'npx', ['vitest', 'run']],
  [
    'API (PostgreSQL + Redis)',
    'node',
    [
      ...['scripts/with-postgres.mjs', 'node', 'scripts/with-redis.mjs', 'npx', 'vitest', 'run'],
      // The security suite too: a NUL in a parameter was a 500 on PostgreSQL only.
      ...['--project', 'server', '--project', 'security'],
    ],
  ],
  // Decision 038: two API nodes on PostgreSQL + Redis behind Debian's nginx, about 80 s.
  ['cluster (nginx + 2 API nodes)', 'npm', ['run', 'test:cluster', '--silent']],
  ['E2E (Chromium)', 'npm', ['run', 'test:e2e', '--silent']],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((o) => name.toLowerCase().includes(o.toLowerCase()))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = command === 'together' ? await runTogether(args) : spawnSync(command, args, { stdio: 'inherit' });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (status !== 0) break;
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
