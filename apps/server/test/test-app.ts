import { expect } from 'vitest';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db/connect';
import { prepareData } from '../src/startup';

/**
 * A real server over a real database for API tests (CONVENTIONS 8): a fresh SQLite file, or a
 * fresh PostgreSQL database when TEST_DATABASE_URL is set (CI runs the suite on both).
 */
export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Db;
  redisKeyPrefix: string;
  close(): Promise<void>;
}

const STREAM_SECRET = 'test-secret-test-secret-test-secret';

/** Each test app's database, by its config (accounts-test-support's openDatabase). */
const databases = new WeakMap<Config, Db>();
export const databaseOfTestApp = (config: Config): Db | undefined => databases.get(config);

export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `playz_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  opts: {
    now?: () => Date;
    env?: Record<string, string>;
    /** Apps given the same prefix share their Redis state like nodes of one deployment. */
    redisKeyPrefix?: string;
    /**
     * Listen on a free port of 127.0.0.1 with PUBLIC_URL pointing there: payment stand-ins call
     * the server back over HTTP, as real providers do (decision 025).
     */
    listen?: boolean;
  } = {},
): Promise<TestApp> {
  const port = opts.listen ? await freePort() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDb = adminUrl ? await createPostgresDatabase(adminUrl) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PLAYZ_SKIP_MEDIA: '1',
    PUBLIC_URL: port ? `http://127.0.0.1:${port}` : 'http://localhost:3000',
    // Tests stand where nginx would: their X-Forwarded-For picks the client address.
    TRUSTED_PROXIES: '127.0.0.1',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    // With REDIS_URL (scripts/with-redis.mjs) rate limits and device leases run on Redis.
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...opts.env,
  });
  const database = await prepareData(config, undefined, opts.now?.());
  databases.set(config, database);
  // Test files run in parallel on one Redis: each app counts on its own unless told to share.
  const redisKeyPrefix = opts.redisKeyPrefix ?? `playz-test-${randomBytes(6).toString('hex')}:`;
  const app = await buildApp(config, { database, streamSecret: STREAM_SECRET, now: opts.now, redisKeyPrefix });
  await app.ready();
  if (port) await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    database,
    redisKeyPrefix,
    async close() {
      await watched('app.close', () => app.close());
      await watched('database.close', () => database.close());
      await watched('drop the PostgreSQL database', async () => pgDb?.drop());
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs one step of closing a test app, saying on stderr which one is still pending after 15 s: a
 * close that hangs fails its file's afterAll after a minute, and the step's name is what to look at.
 */
async function watched<T>(step: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const timer = setInterval(
    () =>
      process.stderr.write(`[test-app] ${step} still pending after ${Math.round((Date.now() - started) / 1000)} s\n`),
    15_000,
  );
  try {
    return await run();
  } finally {
    clearInterval(timer);
  }
}

/** A port nothing listens on now (the OS picks it; closed at once for the app to take). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A second API node over the same database and the same Redis keys, as a load balancer would
 * spread calls over (ARCHITECTURE decision 2). Close it before the first.
 */
export async function createSecondNode(first: TestApp, opts: { now?: () => Date } = {}): Promise<FastifyInstance> {
  const app = await buildApp(first.config, {
    database: first.database,
    streamSecret: STREAM_SECRET,
    now: opts.now,
    redisKeyPrefix: first.redisKeyPrefix,
  });
  await app.ready();
  return app;
}

/** Logs in through the API and returns the session cookie header for later calls. */
export async function logInAs(app: FastifyInstance, login: string, password = 'playz2026'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/1.2/customer',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ login, password }).toString(),
  });
  if (res.json().Error.Number !== 0) throw new Error(`log-in failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'playz_sid');
  if (!cookie) throw new Error('no session cookie');
  return `playz_sid=${cookie.value}`;
}

/** An answer in the envelope with the catalogue number `number` and a message (decision 002). */
export function expectEnvelope(body: string, number: number) {
  const json = JSON.parse(body);
  expect(json).toMatchObject({ Response: null, Error: { Number: number } });
  expect(typeof json.Error.Message).toBe('string');
}
