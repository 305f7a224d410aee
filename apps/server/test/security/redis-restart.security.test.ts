import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { errorNumber, get, post, registerAccount } from '../accounts-test-support';
import { startLoad, storedResumePoint, wrongPasswordGuesses } from '../support/load-clients';
import { writeOceanClip } from '../support/ocean-clip';
import { restartableRedis, type RestartableRedis } from '../support/restartable-redis';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Check 9 (docs/reliability.md): Redis restarted under load. The app runs on the stage's database (SQLite,
 * or PostgreSQL in the PostgreSQL stage) with a Redis of the test's own; while clients keep
 * calling (logged /data, View stream URLs, log-ins, resume points), Redis is killed (SIGKILL) and
 * started again on the same port, once empty (no persistence) and once with its data (AOF).
 * Pass rule:
 * - during the outage, every answer is the envelope with a catalogue number; the only 5xx allowed
 *   is the catalogue's 5 "internal error" (what needs Redis cannot be answered, and says so);
 * - without help the service is back within 10 s of the restart (a logged /data, a stream URL
 *   and a log-in all answer 0);
 * - no acknowledged write is lost (the last acknowledged resume point is in the database);
 * - the limits still hold after: of 11 wrong passwords from one address the first 5 are answered
 *   401 and at least one later one 429 (decision 032's windows are fixed minutes), and a 4th
 *   device of the account is refused its stream (DevicesLimitReached);
 * - every Redis connection of the app handles its errors (no ioredis "Unhandled error event");
 * - the customer view cache (decision 037) serves no stale row: a profile renamed while Redis was
 *   down shows in /customer at once after the restart, as the database has it.
 */
const RECOVERY_MS = 10_000;
const figures = { restarts: 0, requests: 0, internalErrors: 0, recoveryMsMax: 0 };
let t: TestApp | null = null;
let redis: RestartableRedis | null = null;

afterEach(async () => {
  await t?.close();
  await redis?.close();
  t = null;
  redis = null;
});
afterAll(() => report('Redis restarted under load', figures));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let ip = 0;
const freshIp = () => `10.67.${(ip += 1) % 250}.1`;

async function restartUnderLoad(persist: boolean) {
  // Every Redis connection of the app handles its errors (ioredis prints the others).
  const printed = vi.spyOn(console, 'error');
  redis = await restartableRedis({ persist });
  const app = (t = await createTestApp({ env: { REDIS_URL: redis.url } })).app;
  writeOceanClip(t.config.dataDir);
  const subscriberCookie = await logInAs(app, 'abonne@playz.fr');
  const account = await registerAccount(app);
  // The customer view of the account is cached before the outage (decision 037).
  const profilesOf = async () =>
    (
      (await app.inject(get('/customer', { cookie: account.cookie }))).json().Response.Customer as {
        profiles: { userName: string }[];
      }
    ).profiles.map((p) => p.userName);
  const before = await profilesOf();
  expect(await profilesOf()).toEqual(before);

  const load = startLoad(app, {
    subscriberCookie,
    login: account.login,
    password: 'secret-1',
    accountCookie: account.cookie,
  });
  await sleep(200 + Math.floor(Math.random() * 300));
  await redis.kill();
  // A write while Redis is down: its answer is given, its cache bump is lost.
  const profile = (await app.inject(get('/customer', { cookie: account.cookie }))).json().Response?.Customer
    ?.profiles?.[0] as { UUID: string } | undefined;
  const renamed = await app.inject(
    post(
      '/customer/edit/profile',
      { customer_profile_uuid: profile?.UUID ?? '', username: 'Renommé pendant la panne' },
      { cookie: account.cookie },
    ),
  );
  await sleep(800 + Math.floor(Math.random() * 700));
  await redis.start();
  const restartedAt = Date.now();

  // Back by itself: the load's own calls, and ours, succeed again within RECOVERY_MS.
  let recovered = false;
  while (!recovered && Date.now() - restartedAt < RECOVERY_MS) {
    const answers = await Promise.all([
      app.inject(get('/data', { cookie: subscriberCookie })),
      app.inject(
        get('/content/1001/url/adaptive', {
          cookie: subscriberCookie,
          query: { product_usage: 'View', target: 'player_dash' },
        }),
      ),
      app.inject(post('/customer', { login: account.login, password: 'secret-1' }, { ip: freshIp() })),
    ]);
    recovered = answers.every((a) => errorNumber(a) === 0);
    if (!recovered) await sleep(100);
  }
  const recoveryMs = Date.now() - restartedAt;
  await sleep(200);
  await load.stop();
  figures.restarts += 1;
  figures.requests += load.requests;
  figures.internalErrors += load.internalErrors;
  figures.recoveryMsMax = Math.max(figures.recoveryMsMax, recoveryMs);

  expect(load.breaches).toEqual([]);
  const unhandled = printed.mock.calls.filter((args) => String(args[0]).includes('Unhandled error event'));
  printed.mockRestore();
  expect(unhandled).toEqual([]);
  expect(recovered, `not back ${RECOVERY_MS} ms after the restart`).toBe(true);

  // No acknowledged write lost.
  const customer = await storedResumePoint(t.database.db, account.login);
  expect(customer.playbackTime).toBeGreaterThanOrEqual(load.acknowledgedProgress);

  // No stale row: /customer shows the profiles as the database has them.
  const stored = await t.database.db
    .selectFrom('customer_profiles')
    .select('user_name')
    .where('customer_id', '=', customer.customerId)
    .orderBy('position')
    .execute();
  expect(errorNumber(renamed), renamed.body).toBe(0);
  expect(stored.map((p) => p.user_name)).toContain('Renommé pendant la panne');
  expect((await profilesOf()).sort()).toEqual(stored.map((p) => p.user_name).sort());

  // The limits hold again (decision 032).
  const guesser = freshIp();
  const guesses = await wrongPasswordGuesses(app, account.login, guesser);
  expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(guesses).toContain(429);
  expect(guesses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
  // The subscriber's load session holds one place; two more devices play, the 4th is refused.
  const devices = [
    await logInAs(app, 'abonne@playz.fr'),
    await logInAs(app, 'abonne@playz.fr'),
    await logInAs(app, 'abonne@playz.fr'),
  ];
  const view = (cookie: string) =>
    app.inject(get('/content/1001/url/adaptive', { cookie, query: { product_usage: 'View', target: 'player_dash' } }));
  expect(errorNumber(await view(subscriberCookie))).toBe(0);
  expect(errorNumber(await view(devices[0]!))).toBe(0);
  expect(errorNumber(await view(devices[1]!))).toBe(0);
  const refused = await view(devices[2]!);
  expect(refused.json().Error).toMatchObject({ Number: 4, Reason: 'DevicesLimitReached' });
}

describe('check 9: Redis restarted under load (docs/reliability.md, decisions 018 and 037)', () => {
  it('Redis killed and started again empty: envelope answers only (5 at worst), back within 10 s, nothing acknowledged lost, limits and leases hold, no stale customer view', async () => {
    await restartUnderLoad(false);
  }, 60_000);

  it('Redis killed and started again with its data (append-only file): the same, and a write made during the outage is seen at once', async () => {
    await restartUnderLoad(true);
  }, 60_000);
});
