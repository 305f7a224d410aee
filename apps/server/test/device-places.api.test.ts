import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { post } from './accounts-test-support';
import { writeOceanClip } from './support/ocean-clip';

const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 29, 20, 0);
const now = () => new Date(clock);

const askView = (app: FastifyInstance, cookie: string) =>
  app.inject({ url: '/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_dash', headers: { cookie } });
const playingDevices = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ url: '/api/1.2/customer/playback/devices', headers: { cookie } })).json();
const stop = (app: FastifyInstance, cookie: string, deviceId: string) =>
  app.inject(post('/customer/playback/devices/stop', { device_id: deviceId }, { cookie }));

const tv = {
  platform: 'AndroidTV',
  device_type: 'TV',
  device_udid: 'udid-salon',
  device_vendor: 'Sony',
  device_model: 'Bravia XR',
};

describe('spec 1 §6 devices-limit dialog: stopping another device (decision 061)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now });
    writeOceanClip(t.config.dataDir);
  });
  afterAll(() => t.close());

  it('GET /customer/playback/devices lists the devices holding places; POST .../stop frees one and stops its streams', async () => {
    const signedIn = await t.app.inject(post('/customer', { login: 'abonne@playz.fr', password: 'playz2026', ...tv }));
    const tvCookie = `playz_sid=${signedIn.cookies.find((c) => c.name === 'playz_sid')!.value}`;
    const [b, c, d] = [
      await logInAs(t.app, 'abonne@playz.fr'),
      await logInAs(t.app, 'abonne@playz.fr'),
      await logInAs(t.app, 'abonne@playz.fr'),
    ];
    const tvStream = (await askView(t.app, tvCookie)).json().Response.AdaptiveStream;
    for (const cookie of [b!, c!]) expect((await askView(t.app, cookie)).json().Error.Number).toBe(0);
    expect((await askView(t.app, d!)).json().Error.Reason).toBe('DevicesLimitReached');

    const listed = await playingDevices(t.app, d!);
    expect(listed.Error.Number).toBe(0);
    const devices = listed.Response.Devices as { ID: string; name: string; type: string | null; since: string }[];
    expect(devices).toHaveLength(3);
    // The test clock stands still: the three signed in at the same instant, in no given order.
    const tvPlace = devices.find((device) => device.name === 'Sony Bravia XR');
    expect(tvPlace).toMatchObject({ type: 'TV', platform: 'AndroidTV', isCurrent: false });
    expect(Date.parse(tvPlace!.since)).toBe(clock);
    // The session behind a place is never named.
    expect(JSON.stringify(devices)).not.toContain(tvCookie.split('=')[1]);
    expect(
      (await playingDevices(t.app, b!)).Response.Devices.filter((x: { isCurrent: boolean }) => x.isCurrent),
    ).toHaveLength(1);

    expect((await t.app.inject(tvStream.url)).statusCode).toBe(200);
    const stopped = await stop(t.app, d!, tvPlace!.ID);
    expect(stopped.json()).toEqual({ Response: { Success: true }, Error: { Number: 0, Message: 'ok' } });
    // The TV's manifests stop at once, and its place is this device's.
    expect((await t.app.inject(tvStream.url)).statusCode).toBe(403);
    expect((await askView(t.app, d!)).json().Error.Number).toBe(0);
    // The TV asking again finds the places taken.
    expect((await askView(t.app, tvCookie)).json().Error.Reason).toBe('DevicesLimitReached');
    clock += 10 * MINUTE;
  });

  it('answers 7 for a place not held (stopped already, or another account’s), 11 for a visitor', async () => {
    const [a, other] = [await logInAs(t.app, 'abonne@playz.fr'), await logInAs(t.app, 'demo@playz.fr')];
    await askView(t.app, a!);
    const [place] = (await playingDevices(t.app, a!)).Response.Devices as { ID: string }[];
    expect((await stop(t.app, other!, place!.ID)).json().Error.Number).toBe(7);
    expect((await stop(t.app, a!, 'not-a-place')).json().Error.Number).toBe(7);
    expect((await stop(t.app, a!, place!.ID)).json().Error.Number).toBe(0);
    expect((await stop(t.app, a!, place!.ID)).json().Error.Number).toBe(7);
    const visitor = await t.app.inject(post('/customer/playback/devices/stop', { device_id: place!.ID }));
    expect(visitor.json().Error.Number).toBe(11);
    const visitorList = await t.app.inject({ url: '/api/1.2/customer/playback/devices' });
    expect(visitorList.json().Error.Number).toBe(11);
  });
});
