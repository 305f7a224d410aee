import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CODE_ALPHABET } from '@playz/api-contract';
import { createTestApp, logInAs, type TestApp } from './test-app';

let t: TestApp;
// Real time at the start: sessions are checked against the real clock.
let clock = new Date();
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const TV = { platform: 'Tizen', device_udid: 'tv-living-room' };
const api = (
  method: 'GET' | 'POST',
  url: string,
  fields: Record<string, string>,
  opts: { ip?: string; cookie?: string } = {},
) =>
  t.app.inject({
    method,
    url: `/api/1.2${url}${method === 'GET' ? `?${new URLSearchParams(fields)}` : ''}`,
    headers: {
      'x-forwarded-for': opts.ip ?? '192.0.2.250',
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    ...(method === 'POST' ? { payload: new URLSearchParams(fields).toString() } : {}),
  });

async function newCode(action = 'login', ip = freshIp()) {
  const res = await api('GET', '/customer/account/link', { action, ...TV }, { ip });
  expect(res.json().Error.Number).toBe(0);
  return res.json().Response.Link as { url: string; code: string; qrImage: string; expiresAt: string };
}

describe('TV log-in by link code (spec 1 §3 link codes, §7 /customer/account/link; decision 011)', () => {
  it('gives a short code, its phone URL, a QR image and a 10-minute expiry', async () => {
    const link = await newCode();
    expect(link.code).toMatch(new RegExp(`^[${LINK_CODE_ALPHABET}]{8}$`));
    expect(link.url).toBe(`http://localhost:3000/customer/link?code=${link.code}`);
    expect(link.qrImage).toMatch(/^data:image\/png;base64,/);
    expect(Date.parse(link.expiresAt) - clock.getTime()).toBe(10 * 60 * 1000);
    expect((await newCode()).code).not.toBe(link.code);
  });

  it('the phone approves, the next TV poll logs the TV in (bearer token and cookie), and the code is spent', async () => {
    const link = await newCode('login');
    const phone = await logInAs(t.app, 'abonne@playz.fr');
    // Typed on a phone: lower case and a space are fine.
    const typed = `${link.code.slice(0, 4).toLowerCase()} ${link.code.slice(4)}`;
    expect((await api('GET', '/customer/account/link/check', { code: typed })).json().Response).toEqual({
      Result: true,
      Action: 'login',
    });
    const waiting = await api('GET', '/customer/account/link/status', { code: link.code, ...TV });
    expect(waiting.json().Response.Status).toEqual({
      used: false,
      registered: false,
      logged: false,
      cuid: null,
      data: null,
    });
    expect(waiting.headers['x-playz-token']).toBeUndefined();

    // The note for the TV travels with the approval (decision 011: /data needs the approval first).
    const data = JSON.stringify({ requested_url: '/series' });
    const approved = await api('POST', '/customer/account/link/approve', { code: typed, data }, { cookie: phone });
    expect(approved.json()).toMatchObject({ Response: { Success: true }, Error: { Number: 0 } });
    expect((await api('GET', '/customer/account/link/check', { code: link.code })).json().Response.Result).toBe(false);

    const logged = await api('GET', '/customer/account/link/status', { code: link.code, ...TV });
    const status = logged.json().Response.Status;
    expect(status).toMatchObject({ used: true, logged: true, registered: false, data: { requested_url: '/series' } });
    const token = logged.headers['x-playz-token'] as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(logged.cookies.find((c) => c.name === 'playz_sid')?.value).toBe(token);

    const tv = await t.app.inject({
      method: 'GET',
      url: '/api/1.2/customer?platform=Tizen',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(tv.json().Response.Customer).toMatchObject({ logged: true, login: 'abonne@playz.fr', UID: status.cuid });

    // Single use: the code cannot log in a second device.
    const again = await api('GET', '/customer/account/link/status', { code: link.code, ...TV });
    expect(again.statusCode).toBe(404);
    expect(again.json().Error.Number).toBe(7);
    expect(
      (await api('POST', '/customer/account/link/approve', { code: link.code }, { cookie: phone })).json().Error.Number,
    ).toBe(7);
  });

  it('answers to the TV that asked for the code only', async () => {
    const link = await newCode();
    const other = await api('GET', '/customer/account/link/status', {
      code: link.code,
      platform: 'Tizen',
      device_udid: 'someone-else',
    });
    expect(other.json().Error.Number).toBe(7);
  });

  it('says registered when the phone created its account through a register code', async () => {
    const link = await newCode('register');
    expect((await api('GET', '/customer/account/link/check', { code: link.code })).json().Response.Action).toBe(
      'register',
    );
    // An account created before the code is a log-in, not a registration.
    const phone = await logInAs(t.app, 'demo@playz.fr');
    await api('POST', '/customer/account/link/approve', { code: link.code }, { cookie: phone });
    const status = (await api('GET', '/customer/account/link/status', { code: link.code, ...TV })).json().Response
      .Status;
    expect(status).toMatchObject({ used: true, logged: true, registered: false });

    const second = await newCode('register');
    const start = clock;
    try {
      clock = new Date(start.getTime() + 1000);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/1.2/customer/register',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
        payload: new URLSearchParams({
          login: 'tv-viewer@playz.fr',
          password: 'salon-2026',
          password_confirm: 'salon-2026',
        }).toString(),
      });
      expect(created.json().Error.Number).toBe(0);
      const newPhone = `playz_sid=${created.cookies.find((c) => c.name === 'playz_sid')?.value}`;
      await api('POST', '/customer/account/link/approve', { code: second.code }, { cookie: newPhone });
      const registered = (await api('GET', '/customer/account/link/status', { code: second.code, ...TV })).json()
        .Response.Status;
      expect(registered).toMatchObject({ used: true, logged: true, registered: true });
    } finally {
      clock = start;
    }
  });

  it('refuses approval without a logged phone (4) and a dead code (7)', async () => {
    const link = await newCode();
    expect((await api('POST', '/customer/account/link/approve', { code: link.code })).json().Error.Number).toBe(4);
    const phone = await logInAs(t.app, 'visiteur@playz.fr');
    expect(
      (await api('POST', '/customer/account/link/approve', { code: 'ZZZZZZZZ' }, { cookie: phone })).json().Error
        .Number,
    ).toBe(7);
    expect(
      (await api('GET', '/customer/account/link/data', { code: link.code, data: '[1,2]' }, { cookie: phone })).json()
        .Error.Number,
    ).toBe(3);
  });

  it("decision 011: another account cannot attach data to a screen's code, before or after its approval", async () => {
    const link = await newCode('login');
    const owner = await logInAs(t.app, 'abonne@playz.fr');
    const intruder = await logInAs(t.app, 'visiteur@playz.fr');
    const note = (cookie: string, requested_url: string) =>
      api(
        'GET',
        '/customer/account/link/data',
        { code: link.code, data: JSON.stringify({ requested_url }) },
        { cookie },
      );

    // Before the approval nobody may write the note: 4, and the TV sees none.
    const early = await note(intruder, 'https://evil.example/phish');
    expect(early.statusCode).toBe(403);
    expect(early.json().Error.Number).toBe(4);
    expect(
      (await api('GET', '/customer/account/link/status', { code: link.code, ...TV })).json().Response.Status.data,
    ).toBe(null);
    // Once the owner approved, only the owner may: another account gets 7, as for a dead code.
    expect(
      (await api('POST', '/customer/account/link/approve', { code: link.code }, { cookie: owner })).json().Error.Number,
    ).toBe(0);
    expect((await note(intruder, 'https://evil.example/phish')).json().Error.Number).toBe(7);
    expect((await note(owner, '/series')).json().Error.Number).toBe(0);
    const status = (await api('GET', '/customer/account/link/status', { code: link.code, ...TV })).json().Response
      .Status;
    expect(status).toMatchObject({ used: true, data: { requested_url: '/series' } });
    // Spent: no more notes.
    expect((await note(owner, '/films')).json().Error.Number).toBe(7);
  });

  it('lets a code expire after 10 minutes', async () => {
    const link = await newCode();
    const phone = await logInAs(t.app, 'visiteur@playz.fr');
    const start = clock;
    try {
      clock = new Date(start.getTime() + 10 * 60 * 1000 + 1);
      expect((await api('GET', '/customer/account/link/check', { code: link.code })).json().Response).toEqual({
        Result: false,
        Action: null,
      });
      expect(
        (await api('POST', '/customer/account/link/approve', { code: link.code }, { cookie: phone })).json().Error
          .Number,
      ).toBe(7);
      expect((await api('GET', '/customer/account/link/status', { code: link.code, ...TV })).json().Error.Number).toBe(
        7,
      );
    } finally {
      clock = start;
    }
  });

  it('stops guessing: past 30 phone-side tries from one address even a right code is refused (429)', async () => {
    const link = await newCode();
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 30; i += 1) {
      answers.push(
        (await api('GET', '/customer/account/link/check', { code: `GUESS${String(i).padStart(3, '2')}` }, { ip }))
          .statusCode,
      );
    }
    expect(answers.every((s) => s === 200)).toBe(true);
    const refused = await api('GET', '/customer/account/link/check', { code: link.code }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
    // The TV's own polls have their own, larger budget.
    const poll = await api('GET', '/customer/account/link/status', { code: link.code, ...TV }, { ip });
    expect(poll.statusCode).toBe(200);
  });

  it('answers 3 for an action other than login or register', async () => {
    expect((await api('GET', '/customer/account/link', { action: 'pay', ...TV })).json().Error.Number).toBe(3);
  });
});
