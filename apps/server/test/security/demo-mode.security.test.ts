import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verify } from '@node-rs/argon2';
import { loadConfig, REPO_ROOT } from '../../src/config';
import { DEMO_ACCOUNT_PASSWORD, DEMO_ACCOUNTS } from '../../src/db/seed/demo-settings';
import { prepareData } from '../../src/startup';
import { CREDIT_CARD_SANDBOX } from '../../src/modules/billing/providers/credit-card/config';
import { signFields } from '../../src/modules/billing/providers/credit-card/signature';
import { ownProcessEnv } from '../support/server-process';
import { createTestApp, freePort, type TestApp } from '../test-app';

/**
 * The demo mode (decision 047). The payment stand-ins take a published test card, keys written in
 * this repository and receipts they mint themselves: mounted in a real deployment, each is a free
 * subscription. Pass rule: a production start (NODE_ENV=production, no PLAYZ_DEMO) mounts no
 * /sandbox path, never loads @playz/provider-sandbox, answers a card notification signed with the
 * stand-in's key with nothing, and refuses to start, naming the setting, with any stand-in switch,
 * stand-in key or "change-me" placeholder; the same paths answer in the demo mode (the control).
 * A start with NODE_ENV unset is no demo either (decision 073): the demo mode is asked for.
 */
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const FORBID = path.join(REPO_ROOT, 'apps/server/test/support/forbid-stand-ins.mjs');

/** One route of every stand-in (apps/provider-sandbox/src/payments), as a forger would call it. */
const STAND_IN_ROUTES = [
  '/sandbox/direct-pass/v1/transactions',
  '/sandbox/credit-card/vads-payment/',
  '/sandbox/paypal/v1/oauth2/token',
  '/sandbox/samsung-checkout/_test/purchase',
  '/sandbox/amazon-pay/_test/purchase',
  '/sandbox/google-play/_test/purchase',
  '/sandbox/google-play/token',
  '/sandbox/app-store/_test/purchase',
  '/sandbox/orange-appshoptv/appshop/api/subscriptions/subscribe',
  '/sandbox/bachat/api/v1/deeplinks',
];

const baseEnv = (dataDir: string, port: number): Record<string, string> =>
  ownProcessEnv(port, dataDir, {
    NODE_ENV: 'production',
    DATABASE_URL: '',
    REDIS_URL: '',
    STREAM_SECRET: 'demo-mode-test-secret-demo-mode-test-secret',
  });

/** Runs main.ts with the forbidding hook; resolves when it is ready (or exited: its code and output). */
function startServer(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', FORBID, MAIN], {
    cwd: REPO_ROOT,
    // Not the test runner's own settings (vitest's NODE_ENV=test, a stage's DATABASE_URL).
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  const ready = (async (): Promise<{ exitCode: number | null; output: () => string }> => {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) return { exitCode: await exited, output: () => output };
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return { exitCode: null, output: () => output };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server neither started nor stopped within 90 s:\n${output}`);
  })();
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  return { ready, stop };
}

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-demo-mode-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('decision 047: a production start runs no stand-in', () => {
  let port: number;
  let server: ReturnType<typeof startServer>;

  beforeAll(async () => {
    port = await freePort();
    server = startServer(baseEnv(newDataDir(), port), port);
    const started = await server.ready;
    expect(started.exitCode, started.output()).toBeNull();
  }, 120_000);
  afterAll(async () => server?.stop());

  it('mounts no /sandbox path of any stand-in', async () => {
    for (const route of STAND_IN_ROUTES) {
      const res = await fetch(`http://127.0.0.1:${port}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'vads_site_id=12345678',
      });
      expect(res.status, route).toBe(404);
    }
  });

  it('answers a card notification signed with the stand-in key with nothing, and offers no card payment', async () => {
    const fields: Record<string, string> = {
      vads_site_id: CREDIT_CARD_SANDBOX.siteId,
      vads_trans_status: 'AUTHORISED',
      vads_order_id: '0123456789abcdef01234567',
      vads_amount: '999',
    };
    fields.signature = signFields(fields, CREDIT_CARD_SANDBOX.key);
    const ipn = await fetch(`http://127.0.0.1:${port}/billing/callbacks/credit-card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    expect(ipn.status).toBe(404);
    const carriers = await fetch(`http://127.0.0.1:${port}/api/1.2/billing/direct-pass/carriers?product_id=1`);
    const body = (await carriers.json()) as { Response: { Carriers: { billings: unknown[]; operators: unknown[] } } };
    expect(body.Response.Carriers).toEqual({ billings: [], operators: [] });
    const data = (await (await fetch(`http://127.0.0.1:${port}/api/1.2/data`)).json()) as {
      Response: { App: { demoPayments?: boolean } };
    };
    expect(data.Response.App.demoPayments).toBeUndefined();
  });

  it('has no demo account: the published password signs nobody in', async () => {
    for (const { login } of DEMO_ACCOUNTS) {
      const res = await fetch(`http://127.0.0.1:${port}/api/1.2/customer`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login, password: DEMO_ACCOUNT_PASSWORD, platform: 'Web' }),
      });
      const body = (await res.json()) as { Error: { Number: number } };
      expect(body.Error.Number, login).not.toBe(0);
    }
  });
});

describe('decision 073: a start with NODE_ENV unset is not a demo', () => {
  it('starts without loading the stand-ins, mounts no /sandbox path and says nothing of a demo', async () => {
    const port = await freePort();
    const { NODE_ENV: _unset, ...env } = baseEnv(newDataDir(), port);
    const { ready, stop } = startServer(env, port);
    try {
      const started = await ready;
      expect(started.exitCode, started.output()).toBeNull();
      for (const route of STAND_IN_ROUTES) {
        const res = await fetch(`http://127.0.0.1:${port}${route}`, { method: 'POST' });
        expect(res.status, route).toBe(404);
      }
      const data = (await (await fetch(`http://127.0.0.1:${port}/api/1.2/data`)).json()) as {
        Response: { App: { demoPayments?: boolean } };
      };
      expect(data.Response.App.demoPayments).toBeUndefined();
      // The start-up lines are all written once it says it is ready.
      await vi.waitFor(() => expect(started.output()).toContain('Playz is ready'), { timeout: 30_000 });
      expect(started.output()).not.toContain('DEMO MODE');
    } finally {
      await stop();
    }
  }, 120_000);
});

describe('decision 047: a database a demo seeded, then started for production', () => {
  it('locks the demo accounts that still have the published password, and ends their sessions', async () => {
    const dataDir = newDataDir();
    const common = { DATA_DIR: dataDir, PLAYZ_SKIP_MEDIA: '1', LOG_LEVEL: 'silent', DATABASE_URL: '' };
    const demo = await prepareData(loadConfig({ ...common, NODE_ENV: 'test' }));
    const seeded = await demo.db.selectFrom('customers').select(['id', 'login']).execute();
    expect(seeded.map((c) => c.login)).toEqual(expect.arrayContaining(DEMO_ACCOUNTS.map((a) => a.login)));
    await demo.db
      .insertInto('sessions')
      .values({
        ...{ id: 'a'.repeat(64), customer_id: seeded[0]!.id, platform: 'Web', device_udid: null },
        ...{ created_at: new Date().toISOString(), last_seen_at: new Date().toISOString() },
        ...{ expires_at: new Date(Date.now() + 86_400_000).toISOString(), device_id: null, profile_id: null },
      })
      .execute();
    await demo.close();
    const production = await prepareData(
      loadConfig({ ...common, NODE_ENV: 'production', STREAM_SECRET: 'demo-mode-test-secret-demo-mode-test-secret' }),
    );
    try {
      const rows = await production.db.selectFrom('customers').select(['login', 'password_hash']).execute();
      for (const { login } of DEMO_ACCOUNTS) {
        const row = rows.find((r) => r.login === login)!;
        expect(await verify(row.password_hash!, DEMO_ACCOUNT_PASSWORD), login).toBe(false);
      }
      expect(await production.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    } finally {
      await production.close();
    }
  });
});

describe('decision 047: a production start refuses what only a demo may use', () => {
  it('names every stand-in switch, stand-in key and placeholder secret, and does not start', async () => {
    const port = await freePort();
    const { ready, stop } = startServer(
      {
        ...baseEnv(newDataDir(), port),
        BILLING_SANDBOX: '1',
        BILLING_DUMMY: '1',
        SSO_SANDBOX_URL: 'http://127.0.0.1:4001',
        CARD_GATEWAY_URL: 'https://secure.example-processor.com/vads-payment/',
        CARD_API_URL: 'https://api.example-processor.com/api-payment/V4',
        CARD_SITE_ID: '87654321',
        CARD_KEY: CREDIT_CARD_SANDBOX.key,
        CARD_API_PASSWORD: 'a-real-looking-password',
        STREAM_SECRET: 'change-me-to-64-hex-characters',
      },
      port,
    );
    try {
      const { exitCode, output } = await ready;
      expect(exitCode).toBe(1);
      for (const setting of ['BILLING_SANDBOX', 'BILLING_DUMMY', 'SSO_SANDBOX_URL', 'CARD_KEY', 'STREAM_SECRET'])
        expect(output(), setting).toMatch(new RegExp(`^\\s*- ${setting}: `, 'm'));
      // A refused value is never echoed: a real secret may sit beside the bad one.
      expect(output()).not.toContain('a-real-looking-password');
      expect(output()).not.toContain(CREDIT_CARD_SANDBOX.key);
    } finally {
      await stop();
    }
  }, 120_000);

  it('refuses deploy/playz.env.example as shipped (its change-me secrets), naming each', async () => {
    const example = Object.fromEntries(
      fs
        .readFileSync(path.join(REPO_ROOT, 'deploy/playz.env.example'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const port = await freePort();
    const { ready, stop } = startServer(
      { ...example, ...baseEnv(newDataDir(), port), STREAM_SECRET: example.STREAM_SECRET! },
      port,
    );
    try {
      const { exitCode, output } = await ready;
      expect(exitCode).toBe(1);
      for (const setting of ['STREAM_SECRET', 'METRICS_TOKEN']) expect(output()).toMatch(new RegExp(`- ${setting}: `));
    } finally {
      await stop();
    }
  }, 120_000);

  it('the control: the demo mode loads the stand-ins (the forbidding hook catches it) and mounts them', async () => {
    const port = await freePort();
    const { ready, stop } = startServer({ ...baseEnv(newDataDir(), port), PLAYZ_DEMO: '1' }, port);
    try {
      const { exitCode, output } = await ready;
      expect(exitCode).toBe(1);
      expect(output()).toContain('FORBIDDEN MODULE LOADED');
    } finally {
      await stop();
    }
    let demo: TestApp | null = null;
    try {
      demo = await createTestApp({ env: { NODE_ENV: 'production', PLAYZ_DEMO: '1' } });
      for (const route of STAND_IN_ROUTES) {
        const res = await demo.app.inject({
          method: 'POST',
          url: route,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'vads_site_id=12345678',
        });
        expect(res.statusCode, route).not.toBe(404);
      }
      const data = await demo.app.inject({ method: 'GET', url: '/api/1.2/data' });
      expect(data.json().Response.App.demoPayments).toBe(true);
    } finally {
      await demo?.close();
    }
  }, 120_000);
});
