import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { get, openDatabase, post, registerAccount } from './accounts-test-support';
import { readOutbox } from './support/outbox';
import { createSecondNode, createTestApp, type TestApp } from './test-app';

// Spec 1 §3 Customer optin and Alert Newsletter, §7 /customer/edit/alert, decision 067: the opt-in
// is used. Every Friday at 17:00 Paris time each customer who opted in is mailed the week's new
// titles and the coming live events, once across nodes, with a one-click unsubscribe (RFC 8058).
// The clock is the test's; the demo catalogue is seeded at its start, so every title is new.
const SEEDED = new Date('2026-11-26T09:00:00.000Z'); // a Thursday
let clock = SEEDED;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const newslettersTo = async (to: string) =>
  (await readOutbox(t.config.dataDir, 'mail', { to })).filter((m) => m.subject === 'Cette semaine sur Playz');
const optedIn = async () => {
  const account = await registerAccount(t.app, { optin: '1' });
  return account;
};

describe('weekly newsletter (spec 1 §3 optin, Alert Newsletter; decision 067)', () => {
  it('waits for Friday 17:00 in Paris, then mails each opted-in customer once, even with two nodes', async () => {
    const reader = await optedIn();
    const notOptedIn = await registerAccount(t.app, { optin: '0' });

    clock = new Date('2026-11-27T15:59:00.000Z'); // Friday 16:59 in Paris (UTC+1)
    expect((await t.app.weeklyNewsletter.runOnce()).sent).toBe(0);
    expect(await newslettersTo(reader.login)).toEqual([]);

    clock = new Date('2026-11-27T16:01:00.000Z');
    const second = await createSecondNode(t, { now: () => clock });
    try {
      const reports = await Promise.all([t.app.weeklyNewsletter.runOnce(), second.weeklyNewsletter.runOnce()]);
      expect(reports.map((r) => r.issue)).toEqual(['newsletter:2026-11-27', 'newsletter:2026-11-27']);
      await t.app.weeklyNewsletter.runOnce();
    } finally {
      await second.close();
    }
    const [mail] = await newslettersTo(reader.login);
    expect(await newslettersTo(reader.login)).toHaveLength(1);
    expect(mail!.text).toContain('Nouveautés');
    expect(mail!.text).toMatch(/\/content\/\d+\/[a-z0-9-]+\.html/);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await newslettersTo(notOptedIn.login)).toEqual([]);
  });

  it('tries a mail that could not leave again at the next run, once', async () => {
    // Opted in once the mail is set to fail: the app's own job timer (on the test's clock) may take
    // the run, and whichever run does, its mail is the one refused.
    const reader = await registerAccount(t.app, { optin: '0' });
    const sendMail = vi.spyOn(t.app.messages, 'sendMail').mockRejectedValueOnce(new Error('SMTP server down'));
    try {
      await t.app.inject(
        post('/customer/edit/alert', { alert_type: 'Newsletter', enabled: '1' }, { cookie: reader.cookie }),
      );
      clock = new Date('2026-11-27T16:10:00.000Z');
      await t.app.weeklyNewsletter.runOnce();
      await expect(sendMail.mock.results[0]?.value).rejects.toThrow('SMTP server down');
    } finally {
      sendMail.mockRestore();
    }
    clock = new Date('2026-11-27T16:20:00.000Z');
    await t.app.weeklyNewsletter.runOnce();
    await t.app.weeklyNewsletter.runOnce();
    expect(await newslettersTo(reader.login)).toHaveLength(1);
  });

  it('is stopped by its one-click link, which turns the opt-in off (the Newsletter alert)', async () => {
    const reader = await optedIn();
    clock = new Date('2026-11-27T16:30:00.000Z');
    await t.app.weeklyNewsletter.runOnce();
    const [mail] = await newslettersTo(reader.login);
    const url = new URL(/^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!);
    const page = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(page.body).toContain('Ne plus recevoir la lettre d’information de Playz ?');
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const customer = (await t.app.inject(get('/customer', { cookie: reader.cookie }))).json().Response.Customer;
    expect(customer.optin).toBe(false);
    expect(customer.alerts.find((a: { alertType: string }) => a.alertType === 'Newsletter').enabled).toBe(false);

    // Opting in again (the account's newsletter switch) brings the next issue, with that week's titles.
    await t.app.inject(
      post('/customer/edit/alert', { alert_type: 'Newsletter', enabled: '1' }, { cookie: reader.cookie }),
    );
    const db = openDatabase(t.config).db;
    const film = await db
      .selectFrom('contents')
      .select(['id', 'title'])
      .where('content_type', '=', 'Film')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('contents')
      .set({ created_at: '2026-12-02T10:00:00.000Z' })
      .where('id', '=', film.id)
      .execute();
    clock = new Date('2026-12-04T16:05:00.000Z');
    await t.app.weeklyNewsletter.runOnce();
    const issues = await newslettersTo(reader.login);
    expect(issues).toHaveLength(2);
    expect(issues[1]!.text).toContain(film.title);
  });

  it('skips an issue more than a day late rather than send it late', async () => {
    const reader = await optedIn();
    clock = new Date('2026-12-12T17:00:00.000Z'); // Saturday, the day after the issue of the 11th
    expect((await t.app.weeklyNewsletter.runOnce()).issue).toBeNull();
    expect(await newslettersTo(reader.login)).toEqual([]);
  });
});
