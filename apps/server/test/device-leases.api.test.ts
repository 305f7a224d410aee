import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisForTests } from './support/redis-server';
import { createSecondNode, createTestApp, logInAs, type TestApp } from './test-app';
import { writeOceanClip } from './support/ocean-clip';
import { writeFixtureClips } from './support/live-media';

const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 22, 20, 0);
const now = () => new Date(clock);

const askView = (app: FastifyInstance, cookie: string, query = '') =>
  app.inject({
    url: `/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_dash${query}`,
    headers: { cookie },
  });
const isGranted = async (app: FastifyInstance, cookie: string) =>
  (await askView(app, cookie)).json().Error.Number === 0;

async function devices(app: FastifyInstance, count: number, login = 'abonne@playz.fr'): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) cookies.push(await logInAs(app, login));
  return cookies;
}

describe('devices limit on View streams (spec 1 §6, spec 2 §8, spec 3 §6; decision 018)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now });
    writeOceanClip(t.config.dataDir);
  });
  afterAll(() => t.close());

  it('lets 3 devices of an account play and answers the 4th with 4, Reason DevicesLimitReached', async () => {
    const [a, b, c, d] = await devices(t.app, 4);
    for (const cookie of [a!, b!, c!]) expect(await isGranted(t.app, cookie)).toBe(true);
    const refused = await askView(t.app, d!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      Response: null,
      Error: {
        Number: 4,
        Message:
          'Vous semblez connecté sur plusieurs appareils. Déconnectez-vous des autres appareils ou patientez quelques minutes.',
        Reason: 'DevicesLimitReached',
      },
    });
    expect((await askView(t.app, d!, '&locale=en')).json().Error.Message).toMatch(/logged in on several devices/);
    // A device already playing may open another content or reload: it keeps its one place.
    expect(await isGranted(t.app, b!)).toBe(true);
    // The teaser is for everyone and takes no place (spec 2 §4 Preview).
    const preview = await t.app.inject({
      url: '/api/1.2/content/1001/url/adaptive?product_usage=Preview',
      headers: { cookie: d! },
    });
    expect(preview.json().Response.AdaptiveStream.usage).toBe('Preview');
    // Another account counts on its own.
    expect(await isGranted(t.app, await logInAs(t.app, 'demo@playz.fr'))).toBe(true);
    clock += 10 * MINUTE;
  });

  it('frees the place of a device that logs out, at once', async () => {
    const [a, b, c, d] = await devices(t.app, 4);
    for (const cookie of [a!, b!, c!]) await askView(t.app, cookie);
    expect(await isGranted(t.app, d!)).toBe(false);
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie: a! } });
    expect(await isGranted(t.app, d!)).toBe(true);
    clock += 10 * MINUTE;
  });

  it('frees the place of a device that stops playing (POST /customer/playback/stop)', async () => {
    const [a, b, c, d] = await devices(t.app, 4);
    for (const cookie of [a!, b!, c!]) await askView(t.app, cookie);
    const stop = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/customer/playback/stop',
      headers: { cookie: c! },
    });
    expect(stop.json()).toEqual({ Response: { Success: true }, Error: { Number: 0, Message: 'ok' } });
    expect(await isGranted(t.app, d!)).toBe(true);
    clock += 10 * MINUTE;
  });

  it('keeps the place of a device that saves its resume point, and frees a silent one after 3 minutes', async () => {
    const [a, b, c, d] = await devices(t.app, 4);
    for (const cookie of [a!, b!, c!]) await askView(t.app, cookie);
    clock += 2 * MINUTE;
    // The player's resume save every 10 s doubles as the heartbeat (spec 2 §7 playback/status).
    for (const cookie of [a!, b!]) {
      const saved = await t.app.inject({
        url: '/api/1.2/content/1001/playback/status?playback_time=120',
        headers: { cookie },
      });
      expect(saved.json().Error.Number).toBe(0);
    }
    clock += 1.5 * MINUTE;
    // c was silent for 3.5 minutes: its place went to d; a and b, renewed, still hold theirs.
    expect(await isGranted(t.app, d!)).toBe(true);
    expect(await isGranted(t.app, await logInAs(t.app, 'abonne@playz.fr'))).toBe(false);
    clock += 10 * MINUTE;
  });

  it('gives places with streams only: a resume save without a stream takes none', async () => {
    const [saver, a, b, c] = await devices(t.app, 4);
    await t.app.inject({ url: '/api/1.2/content/1001/playback/status?playback_time=30', headers: { cookie: saver! } });
    for (const cookie of [a!, b!, c!]) expect(await isGranted(t.app, cookie)).toBe(true);
    clock += 10 * MINUTE;
  });
});

describe('MAX_SIMULTANEOUS_DEVICES setting (decision 018)', () => {
  it('sets the number of devices an account may play on at once', async () => {
    const t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '1' } });
    writeOceanClip(t.config.dataDir);
    try {
      const [a, b] = await devices(t.app, 2, 'demo@playz.fr');
      expect(await isGranted(t.app, a!)).toBe(true);
      expect(await isGranted(t.app, b!)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('a device refused its place gets no more segments (decision 022 addendum)', () => {
  it('a silent device whose place went to another is refused its manifest and the segments it listed', async () => {
    const t = await createTestApp({ now, env: { MAX_SIMULTANEOUS_DEVICES: '1' } });
    writeOceanClip(t.config.dataDir);
    const dir = path.join(t.config.dataDir, 'media/clips/ocean');
    fs.writeFileSync(path.join(dir, 'manifest.mpd'), '<MPD>\n<Period id="0"></Period>\n</MPD>\n');
    fs.writeFileSync(path.join(dir, 'chunk-stream0-00001.m4s'), 'segment');
    try {
      const [a, b] = await devices(t.app, 2, 'demo@playz.fr');
      const stream = (await askView(t.app, a!)).json().Response.AdaptiveStream;
      const manifest = await t.app.inject(stream.url);
      const segment = `${/<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!}chunk-stream0-00001.m4s`;
      expect((await t.app.inject(segment)).statusCode).toBe(200);
      // a stays silent past its lease; b takes the place.
      clock += 4 * MINUTE;
      expect(await isGranted(t.app, b!)).toBe(true);
      expect((await t.app.inject(stream.url)).statusCode).toBe(403);
      expect((await t.app.inject(segment)).statusCode).toBe(403);
      // b stops, a asks again and plays on.
      await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie: b! } });
      expect(await isGranted(t.app, a!)).toBe(true);
      expect((await t.app.inject(segment)).statusCode).toBe(200);
    } finally {
      clock += 10 * MINUTE;
      await t.close();
    }
  });
});

describe('two API nodes behind a load balancer (ARCHITECTURE decision 2)', () => {
  let redis: Awaited<ReturnType<typeof redisForTests>>;
  beforeAll(async () => {
    redis = await redisForTests();
  });
  afterAll(() => redis?.stop());

  /** Devices log in and ask for streams on alternate nodes, as a load balancer spreads them. */
  async function grantedAcrossNodes(env: Record<string, string>): Promise<boolean[]> {
    const first = await createTestApp({ env, redisKeyPrefix: `playz-nodes-${randomBytes(6).toString('hex')}:` });
    writeOceanClip(first.config.dataDir);
    const second = await createSecondNode(first);
    try {
      const nodes = [first.app, second];
      const cookies = [];
      for (let i = 0; i < 6; i++) cookies.push(await logInAs(nodes[i % 2]!, 'abonne@playz.fr'));
      const granted = [];
      for (let i = 0; i < 6; i++) granted.push(await isGranted(nodes[(i + 1) % 2]!, cookies[i]!));
      return granted;
    } finally {
      await second.close();
      await first.close();
    }
  }

  it('enforce one limit together when they share a Redis', async () => {
    expect(await grantedAcrossNodes({ REDIS_URL: redis.url })).toEqual([true, true, true, false, false, false]);
  });

  it('count each on its own without Redis (why REDIS_URL is needed for several nodes)', async () => {
    expect(await grantedAcrossNodes({ REDIS_URL: '' })).toEqual([true, true, true, true, true, true]);
  });
});

describe('a TV channel player’s warm standby takes no place (decision 119; spec 1 §6)', () => {
  it('the neighbours’ View URLs and the standby’s fetches of one count in the device’s single place, shown or not', async () => {
    const t = await createTestApp({ now, env: { MAX_SIMULTANEOUS_DEVICES: '2' } });
    writeFixtureClips(t.config.dataDir);
    const channelView = (cookie: string, id: number) =>
      t.app.inject({
        url: `/api/1.2/channel/${id}/url/adaptive?product_usage=View&target=player_dash`,
        headers: { cookie },
      });
    try {
      const [tv, phone, laptop] = await devices(t.app, 3);
      // The TV plays channel 2 and asks channel up's and down's URLs with the same query (decision 098).
      expect((await channelView(tv!, 2)).json().Error.Number).toBe(0);
      const standby = (await channelView(tv!, 3)).json().Response.AdaptiveStream;
      expect((await channelView(tv!, 1)).json().Error.Number).toBe(0);
      // The standby loads channel 3 in its hidden element: its manifest, under the same session.
      expect((await t.app.inject(standby.url)).statusCode).toBe(200);
      // One place for the TV: the phone gets the second, the laptop is refused.
      expect((await channelView(phone!, 2)).json().Error.Number).toBe(0);
      expect((await channelView(laptop!, 2)).json().Error.Reason).toBe('DevicesLimitReached');
      // The zap shows the standby: the TV goes on in its one place (nothing asked again).
      expect((await t.app.inject(standby.url)).statusCode).toBe(200);
      expect((await channelView(laptop!, 2)).json().Error.Reason).toBe('DevicesLimitReached');
      // The TV stops: its place, and its only one, is free.
      await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie: tv! } });
      expect((await channelView(laptop!, 2)).json().Error.Number).toBe(0);
    } finally {
      clock += 10 * MINUTE;
      await t.close();
    }
  });
});
