import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWebPushSandbox, type ReceivedPushMessage, type WebPushSandbox } from '@playz/provider-sandbox';
import { get, openDatabase, post, registerAccount } from './accounts-test-support';
import { readOutbox } from './support/outbox';
import { createSecondNode, createTestApp, logInAs, type TestApp } from './test-app';

// Spec 1 §3 Alert (LiveEvent, deltaTime), decision 066: the live-event alert also goes by Web Push
// to each browser the customer subscribed, encrypted for it (RFC 8291) and signed with the
// server's VAPID key (RFC 8292), once across API nodes. The push service is the stand-in, which
// checks the VAPID authorization and decrypts the message as the browser would.
const MINUTE = 60_000;
let clock = new Date('2026-11-29T10:00:00.000Z');
let t: TestApp;
let push: WebPushSandbox;
let event: { id: number; name: string; date_scheduled: string };
let publicKey: string;

interface Browser {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A browser's pushManager.subscribe() with the server's key, at the stand-in push service. */
async function subscribeBrowser(): Promise<Browser> {
  const res = await fetch(`${push.url}/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationServerKey: publicKey }),
  });
  return (await res.json()) as Browser;
}
const received = async (browser: Browser): Promise<ReceivedPushMessage[]> =>
  (
    (await (await fetch(`${push.url}/subscriptions/${browser.id}/messages`)).json()) as {
      messages: ReceivedPushMessage[];
    }
  ).messages;
const subscribe = (browser: Browser, cookie: string, locale = 'fr') =>
  t.app.inject(
    post(
      '/customer/web-push/subscribe',
      { endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth },
      { cookie, headers: { 'accept-language': locale } },
    ),
  );
/**
 * A customer with the alert on `leadMinutes` before events. The app's own job timer runs too
 * (every minute, on the test's clock): each case's lead time is one its setup's clock has not
 * reached yet, and the cases assert what arrived, whichever run sent it.
 */
async function customerWithAlert(leadMinutes: number): Promise<{ login: string; cookie: string }> {
  const account = await registerAccount(t.app);
  const saved = await t.app.inject(
    post(
      '/customer/edit/alert',
      { alert_type: 'LiveEvent', delta_time: String(leadMinutes), enabled: '1' },
      { cookie: account.cookie },
    ),
  );
  expect(saved.json().Error.Number).toBe(0);
  return account;
}
const startsAt = () => new Date(event.date_scheduled).getTime();

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  push = await startWebPushSandbox();
  const db = openDatabase(t.config);
  event = await db.db
    .selectFrom('live_events')
    .select(['id', 'name', 'date_scheduled'])
    .where('date_scheduled', '>', clock.toISOString())
    .orderBy('date_scheduled')
    .executeTakeFirstOrThrow();
  publicKey = (await t.app.inject(get('/web-push/key'))).json().Response.PublicKey;
});
afterAll(async () => {
  await push.close();
  await t.close();
});

describe('live-event alert by Web Push (spec 1 §3 Alert LiveEvent, decision 066)', () => {
  it('gives browsers the VAPID public key the demo mode made and keeps (an uncompressed P-256 point)', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const second = await createSecondNode(t);
    try {
      expect((await second.inject(get('/web-push/key'))).json().Response.PublicKey).toBe(publicKey);
    } finally {
      await second.close();
    }
  });

  it('pushes an encrypted, VAPID-signed message each browser decrypts, once with two nodes, in its language', async () => {
    const { login, cookie } = await customerWithAlert(30);
    const [laptop, phone] = [await subscribeBrowser(), await subscribeBrowser()];
    expect((await subscribe(laptop, cookie, 'fr')).json().Error.Number).toBe(0);
    expect((await subscribe(phone, cookie, 'en')).json().Error.Number).toBe(0);

    clock = new Date(startsAt() - 31 * MINUTE);
    await t.app.liveEventAlerts.runOnce();
    expect(await received(laptop)).toEqual([]);

    clock = new Date(startsAt() - 29 * MINUTE);
    const second = await createSecondNode(t, { now: () => clock });
    try {
      await Promise.all([t.app.liveEventAlerts.runOnce(), second.liveEventAlerts.runOnce()]);
      await t.app.liveEventAlerts.runOnce();
    } finally {
      await second.close();
    }
    const [french] = await received(laptop);
    expect(await received(laptop)).toHaveLength(1);
    expect(french).toMatchObject({ contentEncoding: 'aes128gcm', vapidKey: publicKey, urgency: 'high' });
    expect(french!.topic).toBe(`live-event-${event.id}`);
    // Stale once the event starts: the push service keeps it 29 minutes at most.
    expect(french!.ttl).toBe(29 * 60);
    const shown = JSON.parse(french!.payload);
    expect(shown).toMatchObject({
      title: `Bientôt en direct : ${event.name}`,
      tag: `live-event-${event.id}`,
      lang: 'fr',
    });
    expect(shown.url).toMatch(new RegExp(`^${t.config.publicUrl}/live-event/${event.id}/`));
    expect(french!.encryptedBytes).toBeGreaterThan(french!.payload.length);

    const english = await received(phone);
    expect(english).toHaveLength(1);
    expect(JSON.parse(english[0]!.payload).title).toBe(`Live soon: ${event.name}`);
    // The mail left too, once.
    expect(
      (await readOutbox(t.config.dataDir, 'mail', { to: login })).filter((m) => m.subject?.includes(event.name)),
    ).toHaveLength(1);
  });

  it('drops a subscription its push service no longer knows (410) and tries a failed mail again without pushing twice', async () => {
    const { login, cookie } = await customerWithAlert(20);
    const [ended, kept] = [await subscribeBrowser(), await subscribeBrowser()];
    await subscribe(ended, cookie);
    await subscribe(kept, cookie);
    await fetch(`${push.url}/subscriptions/${ended.id}`, { method: 'DELETE' });
    const status = async (browser: Browser) =>
      (await t.app.inject(post('/customer/web-push/status', { endpoint: browser.endpoint }, { cookie }))).json()
        .Response.Subscribed;
    expect(await status(ended)).toBe(true);

    const sendMail = vi.spyOn(t.app.messages, 'sendMail').mockRejectedValueOnce(new Error('SMTP server down'));
    try {
      clock = new Date(startsAt() - 20 * MINUTE);
      await t.app.liveEventAlerts.runOnce();
      // This run or the app's timer took the delivery; either way its mail was the one refused.
      await expect(sendMail.mock.results[0]?.value).rejects.toThrow('SMTP server down');
    } finally {
      sendMail.mockRestore();
    }
    expect(await status(ended)).toBe(false);
    expect(await received(kept)).toHaveLength(1);

    clock = new Date(startsAt() - 19 * MINUTE);
    await t.app.liveEventAlerts.runOnce();
    const mails = (await readOutbox(t.config.dataDir, 'mail', { to: login })).filter((m) =>
      m.subject?.includes(event.name),
    );
    expect(mails).toHaveLength(1);
    expect(await received(kept)).toHaveLength(1);
  });

  it('stops pushing to a browser once it turns push off or its session ends', async () => {
    const { login, cookie } = await customerWithAlert(5);
    const [turnedOff, signedOut, stays] = [
      await subscribeBrowser(),
      await subscribeBrowser(),
      await subscribeBrowser(),
    ];
    await subscribe(turnedOff, cookie);
    await subscribe(stays, cookie);
    // The same account on another browser, with a session of its own.
    const otherCookie = await logInAs(t.app, login, 'secret-1');
    await subscribe(signedOut, otherCookie);

    const off = await t.app.inject(
      post('/customer/web-push/unsubscribe', { endpoint: turnedOff.endpoint }, { cookie }),
    );
    expect(off.json().Response.Success).toBe(true);
    expect(
      (await t.app.inject(post('/customer/web-push/unsubscribe', { endpoint: turnedOff.endpoint }, { cookie }))).json()
        .Error.Number,
    ).toBe(7);
    expect((await t.app.inject(get('/customer/logout', { cookie: otherCookie }))).json().Error.Number).toBe(0);

    clock = new Date(startsAt() - 4 * MINUTE);
    expect((await t.app.liveEventAlerts.runOnce()).pushFailed).toBe(0);
    expect(await received(turnedOff)).toEqual([]);
    expect(await received(signedOut)).toEqual([]);
    expect(await received(stays)).toHaveLength(1);
  });

  it('refuses an endpoint that is not a push service (3) and malformed keys (3), and a visitor (11)', async () => {
    const { cookie } = await customerWithAlert(5);
    const browser = await subscribeBrowser();
    const refused = async (fields: Record<string, string>, opts: { cookie?: string } = { cookie }) =>
      (await t.app.inject(post('/customer/web-push/subscribe', fields, opts))).json().Error.Number;
    const keys = { p256dh: browser.keys.p256dh, auth: browser.keys.auth };
    expect(await refused({ endpoint: 'https://attacker.example/push/1', ...keys })).toBe(3);
    expect(await refused({ endpoint: 'http://169.254.169.254/latest/meta-data', ...keys })).toBe(3);
    expect(await refused({ endpoint: browser.endpoint, p256dh: 'AAAA', auth: keys.auth })).toBe(3);
    expect(await refused({ endpoint: browser.endpoint, p256dh: keys.p256dh, auth: 'AAAA' })).toBe(3);
    expect(await refused({ endpoint: browser.endpoint, ...keys }, {})).toBe(11);
  });
});
