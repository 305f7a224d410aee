import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mediaSegment, writeFmp4Clip } from '../support/fmp4-clip';
import { createSecondNode, createTestApp, logInAs, type TestApp } from '../test-app';
import { TRANSFER_CHECK_MS } from '../../src/modules/playback/download-transfer';
import { SEGMENT_RECHECK_MS } from '../../src/streaming/stream-authority';
import { report } from './security-support';

/**
 * Downloads against the devices limit, log-out and the end of the subscription (decision 049).
 * Attack: a device refused a stream for the devices limit asked `/content/{id}/download` and got
 * the whole film; the download URL (and the segments its grant opened) kept working after a
 * log-out and after the subscription ended. Pass rule: a download takes the device's place like a
 * View stream, its URL opens its file only, and each transfer asks the stream authority, which
 * refuses a session it cannot vouch for.
 */
const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 29, 20, 0, 4);
const now = () => new Date(clock);
let t: TestApp;
let requests = 0;

beforeAll(async () => {
  // One place per account: the second device of the account is the one refused.
  t = await createTestApp({ now, env: { MAX_SIMULTANEOUS_DEVICES: '1' } });
  writeFmp4Clip(t.config.dataDir, 'ocean', [
    { width: 480, height: 270, bandwidth: 531232, codecs: 'avc1.4d4015,mp4a.40.2' },
  ]);
});
afterAll(async () => {
  report('downloads', { requests });
  await t?.close();
});

const inject = (app: FastifyInstance, url: string, cookie?: string) => {
  requests += 1;
  return app.inject({ url, headers: cookie ? { cookie } : {} });
};
const api = async (url: string, cookie: string) => (await inject(t.app, `/api/1.2${url}`, cookie)).json();
const download = async (cookie: string) => api('/content/1001/download', cookie);
const downloadUrlOf = async (cookie: string): Promise<string> => {
  const answer = await download(cookie);
  expect(answer.Error.Number, JSON.stringify(answer)).toBe(0);
  return answer.Response.DownloadData.downloadUrl;
};
const status = async (url: string) => (await inject(t.app, url)).statusCode;
/** A View stream's DASH manifest and the URL of its first segment. */
async function streamOf(cookie: string) {
  const answer = await api('/content/1001/url/adaptive?product_usage=View&target=player_dash', cookie);
  expect(answer.Error.Number, JSON.stringify(answer)).toBe(0);
  const manifest = await inject(t.app, answer.Response.AdaptiveStream.url);
  const base = /<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!;
  return { manifest: answer.Response.AdaptiveStream.url as string, segment: `${base}chunk-stream0-00001.m4s` };
}
/** The subscriber's subscriptions end at `at` (the app's clock); answers how to put them back. */
async function endSubscriptionsAt(at: number): Promise<() => Promise<void>> {
  const db = t.database.db;
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('login', '=', 'abonne@playz.fr')
    .executeTakeFirstOrThrow();
  const kept = await db
    .selectFrom('subscriptions')
    .select(['id', 'expiration_date'])
    .where('customer_id', '=', customer.id)
    .execute();
  await db
    .updateTable('subscriptions')
    .set({ expiration_date: new Date(at).toISOString() })
    .where('customer_id', '=', customer.id)
    .execute();
  return async () => {
    for (const s of kept)
      await db
        .updateTable('subscriptions')
        .set({ expiration_date: s.expiration_date })
        .where('id', '=', s.id)
        .execute();
  };
}
// Each case starts with every lease of the last one run out, whether it passed or not.
afterEach(() => {
  clock += 10 * MINUTE;
});

describe('downloads count against the devices (spec 1 §6 devices-limit dialog, decision 049)', () => {
  it('a device refused a stream for the devices limit is refused its download with the same answer', async () => {
    const [playing, refused] = [await logInAs(t.app, 'abonne@playz.fr'), await logInAs(t.app, 'abonne@playz.fr')];
    await streamOf(playing);
    const stream = await api('/content/1001/url/adaptive?product_usage=View&target=player_dash', refused);
    expect(stream.Error).toMatchObject({ Number: 4, Reason: 'DevicesLimitReached' });
    for (const url of ['/content/1001/download', '/contents/download?contents=1001']) {
      const answer = await api(url, refused);
      expect(answer.Error, url).toMatchObject({ Number: 4, Reason: 'DevicesLimitReached' });
      expect(answer.Response, url).toBeNull();
    }
  });

  it('a download holds the device place: another device of the account is refused its stream', async () => {
    const [downloading, other] = [await logInAs(t.app, 'abonne@playz.fr'), await logInAs(t.app, 'abonne@playz.fr')];
    const url = await downloadUrlOf(downloading);
    expect(await status(url)).toBe(200);
    const stream = await api('/content/1001/url/adaptive?product_usage=View&target=player_dash', other);
    expect(stream.Error).toMatchObject({ Number: 4, Reason: 'DevicesLimitReached' });
    // Its download is refused too, and its stop frees the place for the other device.
    expect((await download(other)).Error).toMatchObject({ Number: 4, Reason: 'DevicesLimitReached' });
  });
});

describe('a download URL asks the stream authority at every transfer (decision 049)', () => {
  it('stops after the log-out of the session that asked for it', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await downloadUrlOf(cookie);
    expect(await status(url)).toBe(200);
    await inject(t.app, '/api/1.2/customer/logout', cookie);
    expect(await status(url)).toBe(403);
  });

  it('stops after the device says it stopped (POST /customer/playback/stop)', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await downloadUrlOf(cookie);
    requests += 1;
    await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
    expect(await status(url)).toBe(403);
  });

  it('stops when the subscription has ended', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await downloadUrlOf(cookie);
    expect(await status(url)).toBe(200);
    // The subscription ends a minute from now; the URL (15 minutes) outlives it.
    const restore = await endSubscriptionsAt(clock + MINUTE);
    try {
      clock += 2 * MINUTE;
      expect(await status(url)).toBe(403);
      expect((await download(cookie)).Error.Number).toBe(4);
    } finally {
      await restore();
    }
  });
});

describe("a stream's segments after the subscription ends (decision 049 addendum)", () => {
  it(`stop within SEGMENT_RECHECK_MS (${SEGMENT_RECHECK_MS / 1000} s), not at the end of the grant's 15 minutes`, async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const { segment } = await streamOf(cookie);
    expect(await status(segment)).toBe(200);
    const restore = await endSubscriptionsAt(clock + 1000);
    try {
      // Still within the re-check interval: the state last read stands.
      clock += 2000;
      expect(await status(segment)).toBe(200);
      clock += SEGMENT_RECHECK_MS;
      expect(await status(segment)).toBe(403);
    } finally {
      await restore();
    }
  });
});

describe('download grants and segment grants open only their own doors (decision 049)', () => {
  it("a download's grant opens no segment, and a stream's segment grant is no download", async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await downloadUrlOf(cookie);
    const downloadToken = url.split('/')[3]!;
    const { segment } = await streamOf(cookie);
    expect(await status(segment)).toBe(200);
    const segmentToken = segment.split('/')[3]!;
    expect(await status(segment.replace(segmentToken, downloadToken))).toBe(403);
    expect(await status(url.replace(downloadToken, segmentToken))).toBe(403);
  });

  it('a node that never saw the session looks it up before serving its segments, instead of allowing it', async () => {
    // A second node over the same database, without Redis: it hears nothing of the first's events.
    const other = await createSecondNode(t, { now });
    try {
      const cookie = await logInAs(t.app, 'abonne@playz.fr');
      const { segment } = await streamOf(cookie);
      await inject(t.app, '/api/1.2/customer/logout', cookie);
      expect(await status(segment)).toBe(403);
      requests += 1;
      expect((await other.inject({ url: segment })).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('a transfer under way is checked again (decision 049)', () => {
  it('a log-out during a long download cuts it at the next check: the film does not finish', async () => {
    // Its own app over a real socket, with a film far larger than the socket's buffers: the server
    // can only send on as the client reads, so what it sends after the log-out is decided then.
    let filmClock = clock;
    const film = await createTestApp({ now: () => new Date(filmClock), listen: true });
    try {
      writeFmp4Clip(film.config.dataDir, 'ocean', [
        { width: 480, height: 270, bandwidth: 531232, codecs: 'avc1.4d4015,mp4a.40.2' },
      ]);
      const dir = path.join(film.config.dataDir, 'media/clips/ocean');
      for (const name of fs.readdirSync(dir).filter((f) => f.startsWith('chunk-'))) {
        const number = Number(/-(\d{5})\.m4s$/.exec(name)![1]);
        fs.writeFileSync(path.join(dir, name), mediaSegment(number, 'x'.repeat(12 * 1024 * 1024)));
      }
      const cookie = await logInAs(film.app, 'abonne@playz.fr');
      requests += 1;
      const data = (await film.app.inject({ url: '/api/1.2/content/1001/download', headers: { cookie } })).json()
        .Response.DownloadData;
      requests += 1;
      const response = await fetch(`${film.config.publicUrl}${data.downloadUrl}`);
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let received = (await reader.read()).value?.length ?? 0;
      requests += 1;
      await film.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
      filmClock += TRANSFER_CHECK_MS;
      let cut = false;
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value.length;
      } catch {
        cut = true;
      }
      expect(cut).toBe(true);
      expect(received).toBeLessThan(data.filesize);
    } finally {
      await film.close();
    }
  });
});
