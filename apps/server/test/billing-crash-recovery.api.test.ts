import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentSandbox, type PaymentSandbox } from '@playz/provider-sandbox';
import { loadConfig, REPO_ROOT } from '../src/config';
import { connectDatabase, type Db } from '../src/db/connect';
import { createPostgresDatabase, freePort } from './test-app';
import { ownProcessEnv } from './support/server-process';

// Exactly once across a crash (decision 025): the server is killed with
// SIGKILL after the operator took the payment and before any notification reached it; after the
// restart, one subscription exists, made from the operator's own record. The payment stand-ins run
// in their own process, as real providers do. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
let sandbox: PaymentSandbox;
let server: ChildProcess | null = null;
let port: number;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-crash-'));

async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start within 60 s');
}

function killServer(): Promise<void> {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGKILL');
  });
}

const api = (p: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}/api/1.2${p}`, init);
const dropNotifications = (drop: boolean) =>
  fetch(`${sandbox.url}/direct-pass/_test/drop-notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ drop }),
  });

beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  port = await freePort();
  const pg = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : null;
  dropDatabase = pg?.drop ?? null;
  env = ownProcessEnv(port, dataDir, {
    NODE_ENV: 'test',
    STREAM_SECRET: 'crash-test-secret-crash-test-secret',
    DIRECT_PASS_URL: `${sandbox.url}/direct-pass`,
    DIRECT_PASS_MERCHANT_ID: 'playz',
    DIRECT_PASS_SECRET: 'direct-pass-sandbox-secret',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });
  await startServer();
}, 90_000);

afterAll(async () => {
  await killServer();
  await sandbox?.close();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed between the provider’s success and our write (decision 025)', () => {
  it('reconciles the payment after the restart into exactly one subscription', async () => {
    const start = await api(
      '/billing/direct-pass/url?product_id=1&product_price_id=12&operator_id=2&msisdn=0688888888',
    );
    const { Url, BillingID } = ((await start.json()) as { Response: { Url: string; BillingID: string } }).Response;
    const billingCookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(billingCookie).toMatch(/^playz_billing=/);

    await dropNotifications(true);
    const paid = await fetch(Url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'confirm' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await killServer();
    await dropNotifications(false);
    await startServer();

    const confirm = () =>
      api('/billing/direct-pass/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: billingCookie },
        body: new URLSearchParams({ billing_id: BillingID }),
      }).then(async (r) => (await r.json()) as { Response: { Billing: { state: string } } });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    expect(answers.map((a) => a.Response.Billing.state)).toEqual(['Succeeded', 'Succeeded', 'Succeeded']);

    const database: Db = connectDatabase(loadConfig(env));
    try {
      const subscriptions = await database.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('billing_id', '=', BillingID)
        .execute();
      expect(subscriptions).toHaveLength(1);
      const ledger = await database.db
        .selectFrom('billing_ledger')
        .selectAll()
        .where('billing_id', '=', BillingID)
        .execute();
      expect(ledger.map((l) => l.entry)).toEqual(['TrialStarted']);
    } finally {
      await database.close();
    }
  }, 120_000);
});
