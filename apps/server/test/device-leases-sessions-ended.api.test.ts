import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccountsCommand } from '../src/cli/accounts';
import { connectRedis } from '../src/lib/redis-client';
import { createDeviceLeaseRepository } from '../src/streaming/device-lease.repository';
import { createRedisDeviceLeaseStore } from '../src/streaming/device-lease-redis-store';
import { createDeviceLeases } from '../src/streaming/device-leases';
import { readOutbox, resetSecretOf } from './support/outbox';
import { redisForTests } from './support/redis-server';
import { createTestApp, logInAs, type TestApp } from './test-app';

/**
 * Every way a session ends frees its device place at once (spec 1 §2 devices-limit dialog: "log
 * out elsewhere"; decision 018): log-out, a device signed out from the account page, sign out
 * everywhere, password change, password reset, account deletion, the operator's sign-out.
 */

/** A finished clip for content 1001, as the media pipeline leaves it (see playback.api.test.ts). */
function writeClip(dataDir: string) {
  const dir = path.join(dataDir, 'media/clips/ocean');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'manifest.mpd'), '<MPD/>');
  fs.writeFileSync(
    path.join(dir, 'clip.json'),
    JSON.stringify({
      ...{ key: 'ocean', title: 'Ocean', durationSec: 32, width: 1280, height: 720 },
      renditions: [{ height: 720, width: 1280, bandwidth: 2500000 }],
      ...{ hlsPath: 'clips/ocean/master.m3u8', dashPath: 'clips/ocean/manifest.mpd', thumbnails: [] },
      ...{ posterPath: 'clips/ocean/poster.jpg', portraitPath: 'clips/ocean/portrait.jpg' },
      previewPath: 'clips/ocean/preview.mp4',
    }),
  );
}

const LOGIN = 'abonne@playz.fr';
const isGranted = async (app: FastifyInstance, cookie: string) =>
  (
    await app.inject({
      url: '/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_dash',
      headers: { cookie },
    })
  ).json().Error.Number === 0;
const form = (url: string, fields: Record<string, string>, cookie?: string) => ({
  method: 'POST' as const,
  url: `/api/1.2${url}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  payload: new URLSearchParams(fields).toString(),
});

describe('a session that ends frees its device place at once (decision 018)', () => {
  let t: TestApp;
  let password = 'playz2026';
  /** Cookies of the devices a, b, c playing, and d refused. */
  let a: string, b: string, c: string, d: string;

  beforeAll(async () => {
    t = await createTestApp();
    writeClip(t.config.dataDir);
  });
  afterAll(() => t.close());

  /** 3 devices play, a 4th is refused: the account's places are full. */
  async function fillPlaces() {
    const cookies = await Promise.all([0, 1, 2, 3].map(() => logInAs(t.app, LOGIN, password)));
    [a, b, c, d] = cookies as [string, string, string, string];
    for (const cookie of [a, b, c]) expect(await isGranted(t.app, cookie)).toBe(true);
    expect(await isGranted(t.app, d)).toBe(false);
  }
  /** Ends the test: every place goes, so the next test starts from an empty account. */
  async function emptyPlaces() {
    await runAccountsCommand(['sign-out', LOGIN], { db: t.database.db, serverSecret: 'unused', print: () => {} });
  }

  it('spec 1 §7 log-out', async () => {
    await fillPlaces();
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie: a } });
    expect(await isGranted(t.app, d)).toBe(true);
    await emptyPlaces();
  });

  it('spec 1 §7 active devices: signing one device out', async () => {
    await fillPlaces();
    const listed = await t.app.inject({ url: '/api/1.2/customer/active-devices', headers: { cookie: a } });
    const devices = listed.json().Response.Devices as { ID: string; isCurrent: boolean }[];
    const deviceOfA = devices.find((device) => device.isCurrent)!;
    const res = await t.app.inject(form('/customer/device/logout', { device_id: deviceOfA.ID }, b));
    expect(res.json().Error.Number).toBe(0);
    expect(await isGranted(t.app, d)).toBe(true);
    await emptyPlaces();
  });

  it('sign out everywhere (POST /customer/logout/others)', async () => {
    await fillPlaces();
    const res = await t.app.inject(form('/customer/logout/others', {}, d));
    expect(res.json().Response).toMatchObject({ Success: true, SignedOut: 3 });
    expect(await isGranted(t.app, d)).toBe(true);
    await emptyPlaces();
  });

  it('spec 1 §7 password change ends the other sessions', async () => {
    await fillPlaces();
    const current = password;
    password = 'nouveau-secret';
    const res = await t.app.inject(
      form('/customer/edit', { password, password_confirm: password, current_password: current }, d),
    );
    expect(res.json().Error.Number).toBe(0);
    expect(await isGranted(t.app, d)).toBe(true);
    await emptyPlaces();
  });

  it('spec 1 §7 password reset ends every session', async () => {
    await fillPlaces();
    const before = (await readOutbox(t.config.dataDir, 'mail', { to: LOGIN })).length;
    await t.app.inject({ url: `/api/1.2/customer/forgot-password?email=${LOGIN}` });
    const secret = resetSecretOf(
      (await readOutbox(t.config.dataDir, 'mail', { to: LOGIN, atLeast: before + 1 })).at(-1)!,
    );
    password = 'apres-reset-2026';
    const done = await t.app.inject(form('/customer/password/reset', { secret, password, password_confirm: password }));
    expect(done.json().Error.Number).toBe(0);
    // d's session ended too: a new sign-in of the 4th device plays.
    expect(await isGranted(t.app, await logInAs(t.app, LOGIN, password))).toBe(true);
    await emptyPlaces();
  });

  it.each([['sign-out', LOGIN], ['sign-out-all']])('operator command npm run accounts -- %s', async (...args) => {
    await fillPlaces();
    const code = await runAccountsCommand(args.filter(Boolean) as string[], {
      db: t.database.db,
      serverSecret: 'unused',
      print: () => {},
    });
    expect(code).toBe(0);
    expect(await isGranted(t.app, await logInAs(t.app, LOGIN, password))).toBe(true);
    await emptyPlaces();
  });
});

describe('on Redis, the places go from the shared store itself, with no later check (decision 018)', () => {
  let redis: Awaited<ReturnType<typeof redisForTests>>;
  let t: TestApp;
  let customerId: number;
  const heldBy = async () => {
    const raw = await connectRedis(redis.url, { keyPrefix: t.redisKeyPrefix });
    try {
      return await raw.zrange(`device-leases:customer:${customerId}`, 0, -1);
    } finally {
      await raw.quit();
    }
  };
  beforeAll(async () => {
    redis = await redisForTests();
    t = await createTestApp({
      env: { REDIS_URL: redis.url },
      redisKeyPrefix: `playz-ended-${randomBytes(6).toString('hex')}:`,
    });
    writeClip(t.config.dataDir);
    customerId = (
      await t.database.db.selectFrom('customers').select('id').where('login', '=', LOGIN).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('log-out, then the operator sign-out (through Redis from the CLI process), then account deletion', async () => {
    const cookies = await Promise.all([0, 1, 2].map(() => logInAs(t.app, LOGIN)));
    for (const cookie of cookies) expect(await isGranted(t.app, cookie)).toBe(true);
    expect(await heldBy()).toHaveLength(3);
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie: cookies[0]! } });
    expect(await heldBy()).toHaveLength(2);

    // The CLI builds its own leases on the same Redis, as its main block does with REDIS_URL.
    const cliRedis = await connectRedis(redis.url, { keyPrefix: t.redisKeyPrefix });
    const cliLeases = createDeviceLeases({
      store: createRedisDeviceLeaseStore(cliRedis),
      limit: 3,
      liveSessions: createDeviceLeaseRepository(t.database.db).liveSessions,
    });
    try {
      const code = await runAccountsCommand(['sign-out-all'], {
        db: t.database.db,
        serverSecret: 'unused',
        print: () => {},
        onSessionsEnded: (scope) => cliLeases.sessionsEnded(scope),
      });
      expect(code).toBe(0);
    } finally {
      await cliRedis.quit();
    }
    expect(await heldBy()).toEqual([]);

    const again = await Promise.all([0, 1].map(() => logInAs(t.app, LOGIN)));
    for (const cookie of again) expect(await isGranted(t.app, cookie)).toBe(true);
    expect(await heldBy()).toHaveLength(2);
    await t.app.inject({ url: '/api/1.2/customer/delete', headers: { cookie: again[0]! } });
    expect(await heldBy()).toEqual([]);
  });
});
