import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_ACTION_NAMES, REMOTE_NOTIFY_NAMES } from '@playz/remote';
import { createTestApp, type TestApp } from '../test-app';
import { logInTv, openSocket, registered, socketUrl, type TestSocket } from '../remote/remote-support';
import { logIn, report } from './security-support';

/**
 * Remote-control WebSocket (decision 034). Pass rule: a socket whose session ended is
 * closed (4401) and cannot register again with that credential; a phone of account B, whatever
 * it sends, never lists, links to, drives or hears account A's TV; a cookie sent by another
 * site opens nothing.
 */
let t: TestApp;
let url: string;
let ip = 0;
const freshIp = () => `10.89.0.${++ip}`;
const sockets: TestSocket[] = [];
const keep = (s: TestSocket) => (sockets.push(s), s);
const errorNumber = (f: Record<string, unknown>) =>
  f.event === 'error' ? (f.data as { number: number }).number : null;

/** A plausible body for each action (the rest of the frame is B's attempt). */
const ATTEMPTS: Record<string, unknown> = {
  linkServerDevice: { udid: 'tv-a' },
  requestHistoryPush: { route: '/content/1001/x', initialTime: 3 },
  requestItemPush: { route: '/clip/12' },
  requestItemMove: { from: 0, to: 1 },
  requestItemDelete: { position: 0 },
  requestPositionChange: { position: 1 },
  requestSkip: { direction: 'next' },
  requestLanguages: { subtitles: 'en' },
  requestVideoSeek: { time: 30 },
  // Decision 040: a well-formed code, so the refusal is B's not being linked (4), not its form (3).
  requestParentalCode: { code: '0482' },
};

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  url = socketUrl(t.app);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t.close();
});

describe('security: remote-control sockets (decision 034)', () => {
  it("another account's phone never sees, links to, drives nor hears A's TV", async () => {
    const token = await logInTv(t.app, 'abonne@playz.fr', 'tv-a');
    const tv = keep(await registered(url, { type: 'Server', udid: 'tv-a', token }));
    const cookieB = await logIn(t.app, 'demo@playz.fr', 'playz2026', freshIp());
    const b = keep(await registered(url, { type: 'Client', udid: 'phone-b' }, { cookie: cookieB }));
    const start = b.frames.length;
    let frames = 0;
    // Every action once (pause then resume: B listens throughout), unlinking last.
    const names = REMOTE_ACTION_NAMES.filter((n) => n !== 'registerDevice' && n !== 'unlinkServerDevice');
    for (const name of [...names, 'unlinkServerDevice']) {
      b.send({ action: name, data: ATTEMPTS[name] ?? {} });
      frames += 1;
    }
    b.send({ action: 'linkServerDevice', data: { udid: 'tv-a', grant: 'eyJ4IjoxfQ.forged' } });
    frames += 1;
    for (const name of REMOTE_NOTIFY_NAMES) tv.send({ event: name, data: {} });
    tv.send({ event: 'onNotifyVideoPlay', data: { time: 1 } });
    // Every refusal arrives (pause and resume answer nothing), then a moment for anything else.
    for (let i = 0; i < frames - 2; i += 1) await b.next((f) => f.event === 'error');
    await b.within(200);
    const seenByB = b.frames.slice(start);
    const refused = seenByB.filter((f) => f.event === 'error').length;
    // Every one of B's actions was refused (4 not linked, 7 no such screen): none is left over.
    expect(refused).toBe(frames - 2 /* pause, resume */);
    // B then registers a screen of its own under A's TV's udid: linking reaches B's screen only.
    const bScreen = keep(await registered(url, { type: 'Server', udid: 'tv-a' }, { cookie: cookieB }));
    b.send({ action: 'linkServerDevice', data: { udid: 'tv-a' } });
    b.send({ action: 'requestVideoSeek', data: { time: 30 } });
    await bScreen.next((f) => f.action === 'requestVideoSeek');
    tv.send({ event: 'onNotifyVideoPause', data: { time: 2 } });
    seenByB.push(...(await b.within(300)));
    // B's own screen may carry A's udid; nothing B is shown or linked to is of A's account.
    const cuidA = (tv.frames[0]!.data as { device: { cuid: string } }).device.cuid;
    const shown = b.frames.flatMap((f) =>
      f.event === 'onServerDevicesListUpdated'
        ? (f.data as { devices: { cuid: string | null }[] }).devices
        : f.event === 'onServerDeviceLinked'
          ? [(f.data as { device: { cuid: string | null } }).device]
          : [],
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((d) => d.cuid !== cuidA)).toEqual(shown);
    expect(seenByB.filter((f) => String(f.event).startsWith('onNotify'))).toEqual([]);
    const allowed = ['error', 'onServerDevicesListUpdated', 'onServerDeviceLinked', 'onServerDeviceUnlinked'];
    expect(seenByB.map((f) => f.event).filter((e) => !allowed.includes(String(e)))).toEqual([]);
    expect(seenByB.map(errorNumber).filter((n) => n !== null && ![4, 7].includes(n))).toEqual([]);
    expect(tv.frames.filter((f) => f.action !== undefined)).toEqual([]);
    report('remote sockets, other account', { frames, refused });
  });

  it('a socket is dead after log-out, "log out the others" and a password change; the credential cannot register again', async () => {
    const cookie = await logIn(t.app, 'abonne@playz.fr', 'playz2026', freshIp());
    const phone = keep(await registered(url, { type: 'Client', udid: 'phone-out' }, { cookie }));
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie, 'x-forwarded-for': freshIp() } });
    expect(await phone.closed).toBe(4401);
    const again = keep(await openSocket(url, { cookie }));
    again.send({ action: 'registerDevice', data: { type: 'Client', udid: 'phone-out' } });
    expect(await again.closed).toBe(4401);
    expect(again.frames.map(errorNumber)).toEqual([11]);

    // The TV's bearer session ends when the account signs the other devices out.
    const token = await logInTv(t.app, 'abonne@playz.fr', 'tv-out');
    const tv = keep(await registered(url, { type: 'Server', udid: 'tv-out', token }));
    const web = await logIn(t.app, 'abonne@playz.fr', 'playz2026', freshIp());
    await t.app.inject({
      method: 'POST',
      url: '/api/1.2/customer/logout/others',
      headers: { cookie: web, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
      payload: '',
    });
    expect(await tv.closed).toBe(4401);
    const tvAgain = keep(await openSocket(url));
    tvAgain.send({ action: 'registerDevice', data: { type: 'Server', udid: 'tv-out', token } });
    expect(await tvAgain.closed).toBe(4401);
  });

  it('a session cookie sent from another site opens nothing (cross-site WebSocket hijacking)', async () => {
    const cookie = await logIn(t.app, 'abonne@playz.fr', 'playz2026', freshIp());
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'garbage']) {
      const socket = keep(await openSocket(url, { cookie, origin }));
      socket.send({ action: 'registerDevice', data: { type: 'Client', udid: 'phone-x' } });
      expect(await socket.closed).toBe(4401);
    }
    const own = keep(
      await registered(url, { type: 'Client', udid: 'phone-own' }, { cookie, origin: t.config.publicUrl }),
    );
    expect(own.frames[0]).toMatchObject({ event: 'onDeviceRegistered' });
  });
});
