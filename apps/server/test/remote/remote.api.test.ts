import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, logInAs, type TestApp } from '../test-app';
import { logInTv, openSocket, registered, socketUrl, type TestSocket } from './remote-support';
import { SESSION_LIFETIME_MS } from '../../src/sessions/session.repository';

/**
 * The remote-control WebSocket (spec 2 §4 Remote control, §6 roles, §7; decision 034) with real
 * `ws` clients against a listening server: the TV of account A (bearer token in registerDevice),
 * phones of A (session cookie), a phone of account B, a phone of a third account C.
 */
let t: TestApp;
let url: string;
const A = 'abonne@playz.fr';
const B = 'demo@playz.fr';
const C = 'visiteur@playz.fr';
let udidCount = 0;
const freshUdid = () => `tv-remote-${++udidCount}`;
const isError = (number: number) => (f: Record<string, unknown>) =>
  f.event === 'error' && (f.data as { number: number }).number === number;
const devicesOf = (frame: Record<string, unknown>) =>
  (frame.data as { devices: { udid: string }[] }).devices.map((d) => d.udid);
const open: TestSocket[] = [];
const track = (socket: TestSocket) => (open.push(socket), socket);

async function tv(login = A, udid = freshUdid()) {
  const token = await logInTv(t.app, login, udid);
  const socket = track(await registered(url, { type: 'Server', udid, platform: 'Tizen', name: 'Salon', token }));
  return { socket, token, udid };
}
async function phone(login: string, udid = `phone-${++udidCount}`) {
  const cookie = await logInAs(t.app, login);
  return { socket: track(await registered(url, { type: 'Client', udid }, { cookie })), cookie };
}
/** Waits for the list that contains (or lacks) `udid`. */
const listWith = (socket: TestSocket, udid: string, present = true) =>
  socket.next((f) => f.event === 'onServerDevicesListUpdated' && devicesOf(f).includes(udid) === present);

async function linkedPair() {
  const screen = await tv();
  const remote = await phone(A);
  await listWith(remote.socket, screen.udid);
  remote.socket.send({ action: 'linkServerDevice', data: { udid: screen.udid } });
  await remote.socket.event('onServerDeviceLinked');
  await screen.socket.next((f) => f.event === 'onClientsUpdated' && (f.data as { clients: number }).clients === 1);
  return { screen, remote };
}

const get = (path: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/1.2${path}`, headers: { 'x-forwarded-for': `10.77.0.${++udidCount % 250}`, ...headers } });

/** Added to the real clock the app reads: a test skips a rate window by moving it, not by sleeping. */
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => new Date(Date.now() + clockOffsetMs) });
  url = socketUrl(t.app);
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await t.close();
});

describe('spec 2 §4 Remote control, §7 Remote-control WebSocket', () => {
  it('a phone of the TV account sees the TV, links, plays, pauses and seeks it; the TV events mirror back', async () => {
    const { screen, remote } = await linkedPair();
    const list = remote.socket.frames.filter((f) => f.event === 'onServerDevicesListUpdated').at(-1)!;
    expect((list.data as { devices: unknown[] }).devices).toContainEqual({
      udid: screen.udid,
      platform: 'Tizen',
      type: 'Server',
      name: 'Salon',
      cuid: expect.any(String),
      host: null,
    });

    remote.socket.send({ action: 'requestVideoPlay' });
    expect(await screen.socket.next((f) => f.action === 'requestVideoPlay')).toMatchObject({
      data: {},
      from: expect.any(String),
    });
    remote.socket.send({ action: 'requestVideoSeek', data: { time: 42.5 } });
    expect((await screen.socket.next((f) => f.action === 'requestVideoSeek')).data).toEqual({ time: 42.5 });
    remote.socket.send({ action: 'requestVideoPause' });
    await screen.socket.next((f) => f.action === 'requestVideoPause');
    remote.socket.send({ action: 'requestHistoryPush', data: { route: '/content/1001/la-mer.html', initialTime: 30 } });
    expect((await screen.socket.next((f) => f.action === 'requestHistoryPush')).data).toEqual({
      route: '/content/1001/player',
      initialTime: 30,
    });

    screen.socket.send({ event: 'onNotifyVideoPlay', data: { time: 42.5 } });
    screen.socket.send({ event: 'onNotifyVideoTimeUpdate', data: { time: 42.6, duration: 120 } });
    expect(await remote.socket.event('onNotifyVideoPlay')).toEqual({
      event: 'onNotifyVideoPlay',
      data: { time: 42.5 },
      device: screen.udid,
    });
    // A time update comes as the screen wrote it (readTimeUpdate), with the screen named.
    expect(await remote.socket.event('onNotifyVideoTimeUpdate')).toEqual({
      event: 'onNotifyVideoTimeUpdate',
      data: { time: 42.6, duration: 120 },
      device: screen.udid,
    });
    // Written another way (spaces, key order), it is read in full and relayed the same.
    screen.socket.sendRaw('{ "data": { "duration": null, "time": 43 }, "event": "onNotifyVideoTimeUpdate" }');
    expect(await remote.socket.event('onNotifyVideoTimeUpdate')).toEqual({
      event: 'onNotifyVideoTimeUpdate',
      data: { time: 43, duration: null },
      device: screen.udid,
    });

    // Decision 040: the parental code the TV asks for, typed on the phone, reaches the TV as is;
    // anything but 4 digits is refused (3) and never reaches it.
    remote.socket.send({ action: 'requestParentalCode', data: { code: '12a4' } });
    expect((await remote.socket.next(isError(3))).data).toMatchObject({ action: 'requestParentalCode' });
    remote.socket.send({ action: 'requestParentalCode', data: { code: '0482' } });
    expect((await screen.socket.next((f) => f.action === 'requestParentalCode')).data).toEqual({ code: '0482' });

    remote.socket.send({ action: 'unlinkServerDevice' });
    expect((await remote.socket.event('onServerDeviceUnlinked')).data).toEqual({
      udid: screen.udid,
      reason: 'unlinked',
    });
    await screen.socket.next((f) => f.event === 'onClientsUpdated' && (f.data as { clients: number }).clients === 0);
    remote.socket.send({ action: 'requestVideoPlay' });
    await remote.socket.next(isError(4));
  });

  it('a phone of another account sees nothing of the TV and can neither link to it nor drive it', async () => {
    const screen = await tv();
    const own = await phone(A);
    await listWith(own.socket, screen.udid);
    const other = await phone(B);
    const list = await other.socket.event('onServerDevicesListUpdated');
    expect(devicesOf(list)).not.toContain(screen.udid);

    other.socket.send({ action: 'linkServerDevice', data: { udid: screen.udid } });
    expect((await other.socket.next(isError(7))).data).toMatchObject({ action: 'linkServerDevice' });
    other.socket.send({ action: 'requestVideoPlay' });
    await other.socket.next(isError(4));
    // The TV's events reach its own account's linked phone, never the other account.
    own.socket.send({ action: 'linkServerDevice', data: { udid: screen.udid } });
    await own.socket.event('onServerDeviceLinked');
    screen.socket.send({ event: 'onNotifyVideoPause', data: { time: 3 } });
    await own.socket.event('onNotifyVideoPause');
    expect(await other.socket.within(200, (f) => String(f.event).startsWith('onNotify'))).toEqual([]);
    expect(screen.socket.frames.filter((f) => f.action !== undefined)).toEqual([]);
  });

  it('spec 2 §7 remote guest link: a phone of another account drives the TV it linked by code, and only it', async () => {
    const screen = await tv();
    const tvHeaders = { authorization: `Bearer ${screen.token}` };
    const link = await get(`/customer/remote/guest/link?platform=Tizen&host_device=${screen.udid}`, tvHeaders);
    const { Link } = link.json().Response;
    expect(Link.url).toBe(`${t.config.publicUrl}/remote?guest=${Link.code}`);
    expect(Link.qrImage).toMatch(/^data:image\/png;base64,/);

    const guest = await phone(B);
    const check = await get(`/customer/remote/guest/link/check?code=${Link.code.toLowerCase()}`, {
      cookie: guest.cookie,
    });
    const { Result } = check.json().Response;
    expect(Result).toMatchObject({ used: true, registered: true, device: { udid: screen.udid, name: 'Salon' } });
    // Single use: the code is spent.
    expectEnvelope(
      (await get(`/customer/remote/guest/link/check?code=${Link.code}`, { cookie: guest.cookie })).body,
      7,
    );

    guest.socket.send({ action: 'linkServerDevice', data: { udid: screen.udid, grant: Result.grant } });
    const linked = await guest.socket.event('onServerDeviceLinked');
    // The guest learns nothing of the host account: no cuid.
    expect((linked.data as { device: unknown }).device).toMatchObject({
      udid: screen.udid,
      cuid: null,
      host: screen.udid,
    });
    expect(devicesOf(await listWith(guest.socket, screen.udid))).toEqual([screen.udid]);
    guest.socket.send({ action: 'requestVideoSeek', data: { time: 7 } });
    expect((await screen.socket.next((f) => f.action === 'requestVideoSeek')).data).toEqual({ time: 7 });
    screen.socket.send({ event: 'onNotifyVideoSeek', data: { time: 7 } });
    await guest.socket.event('onNotifyVideoSeek');
    // A guest drives the friend's TV but never types its parental code (decision 040).
    guest.socket.send({ action: 'requestParentalCode', data: { code: '0482' } });
    expect((await guest.socket.next(isError(4))).data).toMatchObject({ action: 'requestParentalCode' });
    expect(screen.socket.frames.filter((f) => f.action === 'requestParentalCode')).toEqual([]);

    // The grant is worth nothing to a third account, nor for another screen of the host.
    const third = await phone(C);
    third.socket.send({ action: 'linkServerDevice', data: { udid: screen.udid, grant: Result.grant } });
    await third.socket.next(isError(4));
    const second = await tv();
    guest.socket.send({ action: 'linkServerDevice', data: { udid: second.udid, grant: Result.grant } });
    await guest.socket.next(isError(4));
    guest.socket.send({ action: 'linkServerDevice', data: { udid: second.udid } });
    await guest.socket.next(isError(7));
  });

  it('spec 2 §7 remote guest link: the host’s sessions ending ends the grants given before (decision 034 addendum)', async () => {
    const screen = await tv();
    const tvHeaders = { authorization: `Bearer ${screen.token}` };
    const guestCode = async () =>
      (await get(`/customer/remote/guest/link?platform=Tizen&host_device=${screen.udid}`, tvHeaders)).json().Response
        .Link.code as string;
    const guest = await phone(B);
    const grantOf = async (code: string) =>
      (await get(`/customer/remote/guest/link/check?code=${code}`, { cookie: guest.cookie })).json().Response.Result
        .grant as string;
    const grant = await grantOf(await guestCode());
    guest.socket.send({ action: 'linkServerDevice', data: { udid: screen.udid, grant } });
    await guest.socket.event('onServerDeviceLinked');

    // The host logs out one of its phones: every grant it gave before is void, on every node.
    const hostPhone = await logInAs(t.app, A);
    expect((await get('/customer/logout', { cookie: hostPhone })).json().Error.Number).toBe(0);
    const unlinked = await guest.socket.next((f) => f.event === 'onServerDeviceUnlinked');
    expect(unlinked.data).toEqual({ udid: screen.udid, reason: 'unlinked' });
    guest.socket.send({ action: 'linkServerDevice', data: { udid: screen.udid, grant } });
    await guest.socket.next(isError(4));
    expect(screen.socket.frames.filter((f) => f.action === 'requestVideoSeek')).toEqual([]);

    // A code the host gives afterwards links again.
    clockOffsetMs += 1;
    const fresh = await grantOf(await guestCode());
    guest.socket.send({ action: 'linkServerDevice', data: { udid: screen.udid, grant: fresh } });
    await guest.socket.event('onServerDeviceLinked');
  });

  it('spec 2 §7 remote link: a code of the TV links a phone of its own account, never another account', async () => {
    const screen = await tv();
    const tvHeaders = { authorization: `Bearer ${screen.token}` };
    const code = async () =>
      (await get(`/customer/remote/link?platform=Tizen&device_udid=${screen.udid}`, tvHeaders)).json().Response.Link
        .code;
    const other = await phone(B);
    expectEnvelope((await get(`/customer/remote/link/check?code=${await code()}`, { cookie: other.cookie })).body, 7);
    const own = await phone(A);
    const res = await get(`/customer/remote/link/check?code=${await code()}`, { cookie: own.cookie });
    expect(res.json().Response.Result).toEqual({
      used: true,
      registered: true,
      device: { udid: screen.udid, platform: 'Tizen', name: 'Salon' },
    });
    // A remote code is not a log-in code (decision 011's calls never read it).
    const remoteCode = await code();
    expect((await get(`/customer/account/link/check?code=${remoteCode}`, {})).json().Response.Result).toBe(false);
    // Without a session: 11; for a screen that is not on the socket: 7; without device_udid: 2.
    expectEnvelope((await get(`/customer/remote/link/check?code=${remoteCode}`, {})).body, 11);
    expectEnvelope((await get('/customer/remote/link?device_udid=nowhere', tvHeaders)).body, 7);
    expectEnvelope((await get('/customer/remote/link', tvHeaders)).body, 2);
    expectEnvelope(
      (await get(`/customer/remote/guest/link?host_device=${screen.udid}`, { cookie: other.cookie })).body,
      7,
    );
  });

  it('spec 2 §4: a paused phone re-links to the same TV when it reappears', async () => {
    const { screen, remote } = await linkedPair();
    remote.socket.send({ action: 'pause' });
    // Paused: the TV's events are not sent to it.
    screen.socket.send({ event: 'onNotifyVideoTimeUpdate', data: { time: 1, duration: 10 } });
    expect(await remote.socket.within(200, (f) => f.event === 'onNotifyVideoTimeUpdate')).toEqual([]);

    screen.socket.close();
    expect((await remote.socket.event('onServerDeviceUnlinked')).data).toEqual({ udid: screen.udid, reason: 'gone' });
    const back = track(
      await registered(url, {
        type: 'Server',
        udid: screen.udid,
        platform: 'Tizen',
        name: 'Salon',
        token: screen.token,
      }),
    );
    const relinked = await remote.socket.next(
      (f) => f.event === 'onServerDeviceLinked' && (f.data as { device: { udid: string } }).device.udid === screen.udid,
    );
    expect(relinked).toBeDefined();
    await back.next((f) => f.event === 'onClientsUpdated' && (f.data as { clients: number }).clients === 1);
    remote.socket.send({ action: 'resume' });
    remote.socket.send({ action: 'requestCurrentPlayback' });
    await back.next((f) => f.action === 'requestCurrentPlayback');
    back.send({
      event: 'onNotifyCurrentPlayback',
      data: { route: 'clip_12', time: 3, duration: 60, paused: false, queue: ['/channel/2/x'], position: 0 },
    });
    expect((await remote.socket.event('onNotifyCurrentPlayback')).data).toEqual({
      route: '/clip/12/player',
      time: 3,
      duration: 60,
      paused: false,
      queue: ['/channel/2/player'],
      position: 0,
    });
  });

  it('spec 2 §8: malformed, unknown, binary, oversized and flooding frames get an error event; the socket keeps serving', async () => {
    const { screen, remote } = await linkedPair();
    const s = remote.socket;
    s.sendRaw('{"action":');
    await s.next(isError(3));
    s.send({ action: 'formatDisk' });
    expect((await s.next(isError(6))).data).toMatchObject({ action: 'formatDisk' });
    s.send({ action: 'requestVideoSeek', data: { time: 'soon' } });
    await s.next(isError(3));
    s.send({ action: 'requestItemPush', data: { route: '/customer/delete' } });
    await s.next(isError(3));
    s.sendRaw(Buffer.from([1, 2, 3]));
    await s.next(isError(3));
    s.send({ action: 'requestItemPush', data: { route: 'x'.repeat(20_000) } });
    const oversized = await s.next(isError(3));
    expect((oversized.data as { message: string }).message).toEqual(expect.any(String));
    // A phone may not speak for a screen, not even with a time update (read without the parser).
    s.send({ event: 'onNotifyVideoEnd', data: {} });
    await s.next(isError(4));
    s.send({ event: 'onNotifyVideoTimeUpdate', data: { time: 1, duration: 2 } });
    expect((await s.next(isError(4))).data).toMatchObject({ action: 'onNotifyVideoTimeUpdate' });
    // A time update out of range is refused by the schema like any other frame.
    screen.socket.send({ event: 'onNotifyVideoTimeUpdate', data: { time: -1, duration: 2 } });
    await screen.socket.next(isError(3));

    for (let i = 0; i < 80; i += 1) s.send({ action: 'requestCurrentRoute' });
    await s.next(isError(4));
    // The next second's window: the socket serves again.
    clockOffsetMs += 1000;
    s.send({ action: 'requestVideoPlay' });
    await screen.socket.next((f) => f.action === 'requestVideoPlay');
    // A frame past the hard limit closes that socket cleanly (1009), and only that one.
    s.sendRaw('x'.repeat(100_000));
    expect(await s.closed).toBe(1009);
    screen.socket.send({ event: 'onNotifyVideoEnd', data: {} });
    const again = await phone(A);
    expect(devicesOf(await listWith(again.socket, screen.udid))).toContain(screen.udid);
  });

  it('spec 1 §6: without a session, or with a cookie sent by another site, the socket is refused', async () => {
    const anonymous = track(await openSocket(url));
    anonymous.send({ action: 'requestVideoPlay' });
    await anonymous.next(isError(11));
    anonymous.send({ action: 'registerDevice', data: { type: 'Client', udid: 'p' } });
    await anonymous.next(isError(11));
    expect(await anonymous.closed).toBe(4401);

    const cookie = await logInAs(t.app, A);
    const hijack = track(await openSocket(url, { cookie, origin: 'https://evil.example' }));
    hijack.send({ action: 'registerDevice', data: { type: 'Client', udid: 'p' } });
    await hijack.next(isError(11));
    expect(await hijack.closed).toBe(4401);
    const forged = track(await openSocket(url));
    forged.send({ action: 'registerDevice', data: { type: 'Server', udid: 'x', token: 'forged-token' } });
    expect(await forged.closed).toBe(4401);
  });

  it('spec 1 §7 log-out: the socket of the session closes; the same account other sockets stay', async () => {
    const { screen, remote } = await linkedPair();
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie: remote.cookie } });
    expect(await remote.socket.closed).toBe(4401);
    await screen.socket.next((f) => f.event === 'onClientsUpdated' && (f.data as { clients: number }).clients === 0);
    screen.socket.send({ action: 'unlinkServerDevice' });
    await screen.socket.next(isError(7));
  });

  it('counts remote connections on /metrics', async () => {
    await linkedPair();
    const text = (await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    const servers = Number(/playz_remote_connections\{type="Server"\} (\d+)/.exec(text)?.[1]);
    const clients = Number(/playz_remote_connections\{type="Client"\} (\d+)/.exec(text)?.[1]);
    expect(servers).toBeGreaterThanOrEqual(1);
    expect(clients).toBeGreaterThanOrEqual(1);
  });
});

describe('spec 1 §6 a session’s lifetime (docs/reliability.md, second round, finding 4)', () => {
  it('closes a socket whose session reached its lifetime at its next frame, as an ended session', async () => {
    const { remote } = await linkedPair();
    const before = clockOffsetMs;
    clockOffsetMs += SESSION_LIFETIME_MS;
    try {
      remote.socket.send({ action: 'requestVideoSeek', data: { time: 3 } });
      expect(await remote.socket.closed).toBe(4401);
    } finally {
      clockOffsetMs = before;
    }
  });
});
