import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, openDatabase, post, registerAccount } from './accounts-test-support';
import { readOutbox } from './support/outbox';
import { createSecondNode, createTestApp, type TestApp } from './test-app';

// Decision 057, spec 1 §3 Alert (LiveEvent, deltaTime) and §7 /customer/edit/alert: the alert is
// mailed at the lead time the customer chose, once across API nodes, with a one-click unsubscribe
// (RFC 8058). The clock is the test's: the demo live events are dated from the seed's now.
const MINUTE = 60_000;
let clock = new Date('2026-11-29T10:00:00.000Z');
let t: TestApp;
let event: { id: number; name: string; date_scheduled: string };
let login: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = openDatabase(t.config);
  event = await db.db
    .selectFrom('live_events')
    .select(['id', 'name', 'date_scheduled'])
    .where('date_scheduled', '>', clock.toISOString())
    .orderBy('date_scheduled')
    .executeTakeFirstOrThrow();
  ({ login, cookie } = await registerAccount(t.app));
  const saved = await t.app.inject(
    post('/customer/edit/alert', { alert_type: 'LiveEvent', delta_time: '30', enabled: '1' }, { cookie }),
  );
  expect(saved.json().Error.Number).toBe(0);
});
afterAll(() => t.close());

const startsAt = () => new Date(event.date_scheduled).getTime();
const mailsTo = async (to: string) =>
  (await readOutbox(t.config.dataDir, 'mail', { to })).filter((m) => m.subject?.includes(event.name));

describe('live-event alert by mail (spec 1 §3 Alert LiveEvent)', () => {
  it('is not sent before the lead time, then once at it, even with two nodes running the job', async () => {
    clock = new Date(startsAt() - 31 * MINUTE);
    await t.app.liveEventAlerts.runOnce();
    expect(await mailsTo(login)).toEqual([]);

    clock = new Date(startsAt() - 29 * MINUTE);
    const second = await createSecondNode(t, { now: () => clock });
    try {
      await Promise.all([t.app.liveEventAlerts.runOnce(), second.liveEventAlerts.runOnce()]);
      await t.app.liveEventAlerts.runOnce();
    } finally {
      await second.close();
    }
    const mails = await mailsTo(login);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Bientôt en direct : ${event.name}`);
    expect(mails[0]!.text).toContain(`/live-event/${event.id}/`);
  });

  it('carries a one-click unsubscribe (RFC 8058) that turns the alert off without a session', async () => {
    const [mail] = await mailsTo(login);
    if (!mail) throw new Error('the alert mail of the first case is missing');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')![1]!);
    const path = `${url.pathname}${url.search}`;

    // Opening the link asks first: link checkers open links without anyone asking.
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const alertOf = async () =>
      (await t.app.inject(get('/customer', { cookie })))
        .json()
        .Response.Customer.alerts.find((a: { alertType: string }) => a.alertType === 'LiveEvent');
    expect((await alertOf()).enabled).toBe(true);

    const forged = await t.app.inject({
      method: 'POST',
      url: path.replace(/token=\d+/, 'token=1'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect((await alertOf()).enabled).toBe(true);

    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect((await alertOf()).enabled).toBe(false);
  });

  it('sends nothing to a customer whose alert is off', async () => {
    const other = await registerAccount(t.app);
    await t.app.inject(
      post(
        '/customer/edit/alert',
        { alert_type: 'LiveEvent', delta_time: '30', enabled: '0' },
        { cookie: other.cookie },
      ),
    );
    await t.app.liveEventAlerts.runOnce();
    expect(await mailsTo(other.login)).toEqual([]);
  });
});
