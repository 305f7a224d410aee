import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorNumber, get, post, registerAccount } from '../accounts-test-support';
import { startLoad, storedResumePoint, wrongPasswordGuesses } from '../support/load-clients';
import { writeOceanClip } from '../support/ocean-clip';
import { restartablePostgres, type RestartablePostgres } from '../support/restartable-postgres';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Check 10 (docs/reliability.md): PostgreSQL restarted under load. The app runs on a PostgreSQL cluster of
 * the test's own (and on the stage's Redis, if any); while clients keep calling (logged /data,
 * View stream URLs, log-ins, resume points) the cluster is stopped as a crash stops it
 * (`pg_ctl -m immediate`: every backend killed, crash recovery at the next start) and started
 * again on the same port and data. Pass rule, as for Redis (check 9): during the outage every
 * answer is the envelope with a catalogue number, the only 5xx being the catalogue's 5; back by
 * itself within 10 s of the restart; the last acknowledged resume point is in the database; a
 * profile renamed just before the crash shows in /customer after it; log-in guesses are still
 * refused past 5 a minute (as in check 9), and a 4th device of the account is refused its stream.
 */
const RECOVERY_MS = 10_000;
const figures = { restarts: 0, requests: 0, internalErrors: 0, recoveryMs: 0 };
let cluster: RestartablePostgres;
let t: TestApp;

beforeAll(async () => {
  cluster = await restartablePostgres();
  t = await createTestApp({ env: { DATABASE_URL: cluster.url } });
  writeOceanClip(t.config.dataDir);
}, 60_000);
afterAll(async () => {
  report('PostgreSQL restarted under load', figures);
  await t?.close();
  await cluster?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('check 10: PostgreSQL restarted under load (docs/reliability.md)', () => {
  it('a crash-stop and restart of PostgreSQL: envelope answers only (5 at worst), back within 10 s, nothing acknowledged lost, limits hold', async () => {
    const app = t.app;
    const subscriberCookie = await logInAs(app, 'abonne@playz.fr');
    const account = await registerAccount(app);
    const customer = (await app.inject(get('/customer', { cookie: account.cookie }))).json().Response.Customer as {
      profiles: { UUID: string }[];
    };
    const renamed = await app.inject(
      post(
        '/customer/edit/profile',
        { customer_profile_uuid: customer.profiles[0]!.UUID, username: 'Avant la panne' },
        { cookie: account.cookie },
      ),
    );
    expect(errorNumber(renamed), renamed.body).toBe(0);

    const load = startLoad(app, {
      subscriberCookie,
      login: account.login,
      password: 'secret-1',
      accountCookie: account.cookie,
    });
    await sleep(200 + Math.floor(Math.random() * 300));
    await cluster.crash();
    await sleep(500 + Math.floor(Math.random() * 500));
    await cluster.start();
    const restartedAt = Date.now();
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
        app.inject(post('/customer', { login: account.login, password: 'secret-1' }, { ip: '10.68.0.1' })),
      ]);
      recovered = answers.every((a) => errorNumber(a) === 0);
      if (!recovered) await sleep(100);
    }
    figures.recoveryMs = Date.now() - restartedAt;
    await sleep(200);
    await load.stop();
    figures.restarts += 1;
    figures.requests += load.requests;
    figures.internalErrors += load.internalErrors;

    expect(load.breaches).toEqual([]);
    expect(recovered, `not back ${RECOVERY_MS} ms after the restart`).toBe(true);

    const stored = await storedResumePoint(t.database.db, account.login);
    expect(stored.playbackTime).toBeGreaterThanOrEqual(load.acknowledgedProgress);
    const after = (await app.inject(get('/customer', { cookie: account.cookie }))).json().Response.Customer as {
      profiles: { userName: string }[];
    };
    expect(after.profiles.map((p) => p.userName)).toContain('Avant la panne');

    const guesses = await wrongPasswordGuesses(app, account.login, '10.68.0.2');
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(guesses).toContain(429);
    expect(guesses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    // The device leases hold: the load's session keeps its place, two more play, the 4th is refused.
    const view = (cookie: string) =>
      app.inject(
        get('/content/1001/url/adaptive', { cookie, query: { product_usage: 'View', target: 'player_dash' } }),
      );
    const devices = [];
    for (let i = 0; i < 3; i += 1) devices.push(await logInAs(app, 'abonne@playz.fr'));
    expect(errorNumber(await view(subscriberCookie))).toBe(0);
    expect(errorNumber(await view(devices[0]!))).toBe(0);
    expect(errorNumber(await view(devices[1]!))).toBe(0);
    expect((await view(devices[2]!)).json().Error).toMatchObject({ Number: 4, Reason: 'DevicesLimitReached' });
  }, 60_000);
});
