import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect';
import { readOutbox, resetSecretOf } from './support/outbox';
import { createTestApp, logInAs, type TestApp } from './test-app';

let t: TestApp;
// Real time at the start: sessions are checked against the real clock.
let clock = new Date();
let ipCounter = 0;
/** Each test speaks from its own address, so per-address limits of one test do not touch another. */
const freshIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const get = (url: string, ip: string, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/1.2${url}?${new URLSearchParams(query)}`,
    headers: { 'x-forwarded-for': ip },
  });
const post = (url: string, ip: string, fields: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/1.2${url}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
const mailsTo = (login: string, atLeast = 0) => readOutbox(t.config.dataDir, 'mail', { to: login, atLeast });
/** Asks for a reset link and returns the secret of the mail it sent. */
async function requestResetSecret(login: string, ip: string): Promise<string> {
  const before = (await mailsTo(login)).length;
  const res = await get('/customer/forgot-password', ip, { email: login });
  expect(res.json().Response).toEqual({ Result: true });
  return resetSecretOf((await mailsTo(login, before + 1)).at(-1)!);
}

describe('GET /customer/forgot-password (spec 1 §7, §5; decision 011)', () => {
  it('answers Result true and mails a single-use reset link to an existing account', async () => {
    const res = await get('/customer/forgot-password', freshIp(), { email: 'Demo@Playz.fr' });
    expect(res.json()).toEqual({ Response: { Result: true }, Error: { Number: 0, Message: 'ok' } });
    const [mail] = await mailsTo('demo@playz.fr', 1);
    expect(mail?.subject).toBe('Réinitialisation de votre mot de passe Playz');
    expect(mail?.text).toContain('http://localhost:3000/customer/change-password?secret=');
    expect(mail?.html).toContain('<a href="http://localhost:3000/customer/change-password?secret=');
    // A real message file is written beside the JSON, for a mail client.
    const eml = path.join(t.config.dataDir, 'outbox', 'mail', mail!.file.replace(/\.json$/, '.eml'));
    expect(fs.readFileSync(eml, 'utf8')).toMatch(/^From: Playz <no-reply@playz\.fr>/m);
  });

  it('answers the same Result true for an unknown e-mail and sends nothing', async () => {
    const before = (await readOutbox(t.config.dataDir, 'mail')).length;
    const ip = freshIp();
    const res = await get('/customer/forgot-password', ip, { email: 'nobody-here@playz.fr' });
    expect(res.json().Response).toEqual({ Result: true });
    // A known address (an account of this test's own) asked next: its work is queued after the
    // unknown one's, so once its mail is out the unknown one's work is over too: it sent nothing.
    const known = `known-${Date.now()}@playz.fr`;
    const registered = await post('/customer/register', ip, {
      login: known,
      password: 'secret-1',
      password_confirm: 'secret-1',
    });
    expect(registered.json().Error.Number).toBe(0);
    await get('/customer/forgot-password', ip, { email: known });
    expect(await readOutbox(t.config.dataDir, 'mail', { to: known, atLeast: 1 })).toHaveLength(1);
    const since = (await readOutbox(t.config.dataDir, 'mail')).slice(before);
    expect(since.map((mail) => mail.to)).not.toContain('nobody-here@playz.fr');
  });

  it('answers 13 for a value that is not an e-mail and 2 when it is missing', async () => {
    expect((await get('/customer/forgot-password', freshIp(), { email: 'not-an-email' })).json().Error.Number).toBe(13);
    expect((await get('/customer/forgot-password', freshIp(), {})).json().Error.Number).toBe(2);
  });

  it('stops a flood per e-mail address and per caller address with HTTP 429', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push((await get('/customer/forgot-password', ip, { email: 'flood@playz.fr' })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const other = freshIp();
    const perAddress = [];
    for (let i = 0; i < 11; i += 1) {
      perAddress.push((await get('/customer/forgot-password', other, { email: `x${i}@playz.fr` })).statusCode);
    }
    expect(perAddress.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(perAddress[10]).toBe(429);
  });
});

describe('Password reset from the mailed link (spec 1 §2 change-password, §4; decision 011)', () => {
  it('checks the secret, sets the new password, ends every session, and the link cannot be reused', async () => {
    const ip = freshIp();
    const oldSession = await logInAs(t.app, 'visiteur@playz.fr');
    const secret = await requestResetSecret('visiteur@playz.fr', ip);

    expect((await get('/customer/password/check', ip, { secret })).json().Response).toEqual({ Status: 'valid' });
    const done = await post('/customer/password/reset', ip, {
      secret,
      password: 'nouveau-2026',
      password_confirm: 'nouveau-2026',
    });
    expect(done.json()).toMatchObject({ Response: { Success: true }, Error: { Number: 0 } });

    // The session opened before the reset is gone; the new password works, the old one does not.
    const me = await t.app.inject({ method: 'GET', url: '/api/1.2/customer', headers: { cookie: oldSession } });
    expect(me.json().Response.Customer.logged).toBe(false);
    await expect(logInAs(t.app, 'visiteur@playz.fr', 'nouveau-2026')).resolves.toContain('playz_sid=');
    await expect(logInAs(t.app, 'visiteur@playz.fr', 'playz2026')).rejects.toThrow();

    expect((await get('/customer/password/check', ip, { secret })).json().Response).toEqual({ Status: 'expired' });
    const reuse = await post('/customer/password/reset', ip, {
      secret,
      password: 'encore-2026',
      password_confirm: 'encore-2026',
    });
    expect(reuse.json().Error.Number).toBe(42);
    await expect(logInAs(t.app, 'visiteur@playz.fr', 'encore-2026')).rejects.toThrow();
  });

  it('kills the older link when a newer one is sent', async () => {
    const ip = freshIp();
    const first = await requestResetSecret('abonne@playz.fr', ip);
    const second = await requestResetSecret('abonne@playz.fr', ip);
    expect(second).not.toBe(first);
    expect((await get('/customer/password/check', ip, { secret: first })).json().Response.Status).toBe('expired');
    expect((await get('/customer/password/check', ip, { secret: second })).json().Response.Status).toBe('valid');
  });

  it('lets a link expire after 20 minutes', async () => {
    const ip = freshIp();
    const secret = await requestResetSecret('demo@playz.fr', ip);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 19 * 60 * 1000);
      expect((await get('/customer/password/check', ip, { secret })).json().Response.Status).toBe('valid');
      clock = new Date(start.getTime() + 20 * 60 * 1000 + 1);
      expect((await get('/customer/password/check', ip, { secret })).json().Response.Status).toBe('expired');
      const late = await post('/customer/password/reset', ip, {
        secret,
        password: 'tardif-2026',
        password_confirm: 'tardif-2026',
      });
      expect(late.json().Error.Number).toBe(42);
    } finally {
      clock = start;
    }
  });

  it('answers 14 for a short password or a different confirmation, and the link stays usable', async () => {
    const ip = freshIp();
    const secret = await requestResetSecret('abonne@playz.fr', ip);
    const short = await post('/customer/password/reset', ip, { secret, password: 'abcd', password_confirm: 'abcd' });
    expect(short.json().Error).toEqual({ Number: 14, Message: "Le mode passe n'est pas valide" });
    const mismatch = await post('/customer/password/reset', ip, {
      secret,
      password: 'abcde1',
      password_confirm: 'abcde2',
    });
    expect(mismatch.json().Error.Number).toBe(14);
    expect((await get('/customer/password/check', ip, { secret })).json().Response.Status).toBe('valid');
  });

  it('reads an unknown secret as expired', async () => {
    expect((await get('/customer/password/check', freshIp(), { secret: 'made-up' })).json().Response.Status).toBe(
      'expired',
    );
  });

  it('writes the mail in the customer language (nl)', async () => {
    const database = connectDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    await database.db.updateTable('customers').set({ locale: 'nl' }).where('login', '=', 'demo@playz.fr').execute();
    await database.close();
    await requestResetSecret('demo@playz.fr', freshIp());
    const latest = (await mailsTo('demo@playz.fr')).at(-1)!;
    expect(latest.subject).toBe('Je Playz-wachtwoord opnieuw instellen');
    expect(latest.text).toContain('Deze link is 20 minuten geldig');
  });
});

describe('GET /dev/outbox (decision 011: outboxes viewable in development)', () => {
  it('lists the messages newest first with clickable links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/<a href="http:\/\/localhost:3000\/customer\/change-password\?secret=[\w-]+">/);
  });
});

describe('GET /dev/outbox in production (decision 011)', () => {
  it('is not served, and no sign-on provider is offered without settings', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/outbox' });
      // Whatever answers (not found, or the web app's page when it is built), not the outbox.
      expect(res.body).not.toContain('Outbox (development)');
      const data = await prod.app.inject({ method: 'GET', url: '/api/1.2/data' });
      expect(data.json().Response.App.singleSignOns).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
