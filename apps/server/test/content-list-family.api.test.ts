import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOceanClip } from './support/ocean-clip';
import { createTestApp, logInAs, type TestApp } from './test-app';

// Season 1 of "Océans secrets": four episodes of the ocean clip (decision 057: a list plays as one).
const LIST = 2401;
const EPISODES = [24011, 24012, 24013, 24014];

const thumbnails = [0, 50].map((percent) => ({ percent, timeSec: percent / 10, path: `clips/ocean/t-${percent}.jpg` }));
let t: TestApp;
let durations: number[];
// The app's clock, moved on by the tests between two saves: where the viewer is in a list is the
// content saved last, which two saves in the same millisecond would not tell.
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
  writeOceanClip(t.config.dataDir);
  // Brigade du Port plays the city clip: the same files.
  const clips = path.join(t.config.dataDir, 'media', 'clips');
  fs.cpSync(path.join(clips, 'ocean'), path.join(clips, 'city'), { recursive: true });
  fs.writeFileSync(
    path.join(clips, 'city', 'clip.json'),
    fs.readFileSync(path.join(clips, 'ocean', 'clip.json'), 'utf8').replaceAll('ocean', 'city'),
  );
  // Two seek-bar pictures, written before the clip is first read (the clip catalogue keeps it).
  const clipFile = path.join(t.config.dataDir, 'media', 'clips', 'ocean', 'clip.json');
  fs.writeFileSync(clipFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(clipFile, 'utf8')), thumbnails }));
  const list = (await t.app.inject(`/api/1.2/content-list/${LIST}`)).json().Response.ContentList;
  durations = list.contents.map((c: { duration: number }) => c.duration);
});
afterAll(() => t.close());

const call = async (url: string, cookie?: string) => {
  const res = await t.app.inject({ url: `/api/1.2${url}`, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json() };
};
const get = async (url: string, cookie?: string) => {
  const { body } = await call(url, cookie);
  expect(body.Error?.Number ?? 0).toBe(0);
  return body.Response;
};
const playing = async (cookie: string, query = '') =>
  (await get(`/content-list/${LIST}/url/adaptive?target=player_dash${query}`, cookie)).Content;

describe('spec 2 §7 /content-list/{id}/url/adaptive and /url (decision 057)', () => {
  it('spec 2 §7 /content-list/{id}/url/adaptive: a new viewer gets the first content, with its signed stream', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const { AdaptiveStream, Content } = await get(`/content-list/${LIST}/url/adaptive?target=player_dash`, cookie);
    expect(EPISODES).toHaveLength(durations.length);
    expect(Content.contentID).toBe(EPISODES[0]);
    expect(AdaptiveStream).toMatchObject({ type: 'dash', usage: 'View' });
    expect((await t.app.inject({ url: AdaptiveStream.url, headers: { cookie } })).statusCode).toBe(200);
  });

  it('spec 2 §7 /content-list/{id}/url/adaptive: content_id plays that content of the list; 20 outside it, 21 for no list', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    expect((await playing(cookie, `&content_id=${EPISODES[2]}`)).contentID).toBe(EPISODES[2]);
    const outside = await call(`/content-list/${LIST}/url/adaptive?content_id=1001`, cookie);
    expect([outside.status, outside.body.Error.Number]).toEqual([404, 20]);
    const noList = await call('/content-list/99999/url/adaptive', cookie);
    expect([noList.status, noList.body.Error.Number]).toEqual([404, 21]);
  });

  it('spec 2 §7 /content-list/{id}/url/adaptive: a visitor is refused View (4) and gets the first content for Preview', async () => {
    expect((await call(`/content-list/${LIST}/url/adaptive`)).body.Error.Number).toBe(4);
    const preview = await get(`/content-list/${LIST}/url/adaptive?product_usage=Preview&target=player_dash`);
    expect(preview.AdaptiveStream.usage).toBe('Preview');
    expect(preview.Content.contentID).toBe(EPISODES[0]);
  });

  it('spec 2 §7 /content-list/{id}/url: Content URLs of the content the list plays, with it', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const { ContentUrls, Content } = await get(`/content-list/${LIST}/url?content_id=${EPISODES[1]}`, cookie);
    expect(Content.contentID).toBe(EPISODES[1]);
    expect(ContentUrls[0]).toMatchObject({ height: 0 });
  });
});

describe('spec 2 §7 /content-list/{id}/playback/status (spec 2 §4 Resume, decision 057)', () => {
  it('spec 2 §7 /content-list/{id}/playback/status: the time is on the list timeline and the list resumes there', async () => {
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const [first, second] = durations as [number, number];
    clock += 1000;
    const saved = (await get(`/content-list/${LIST}/playback/status?playback_time=${first + 5}`, cookie)).Content;
    expect(saved).toMatchObject({ contentID: EPISODES[1], playbackTime: 5, status: 'Processing' });
    // Where the viewer is: the second episode, with its resume point.
    expect(await playing(cookie)).toMatchObject({ contentID: EPISODES[1], playbackTime: 5 });
    const processing = (await get('/customer/content/processing', cookie)).ContentsProcessing;
    const ids = processing.map((c: { contentID: number }) => c.contentID);
    expect(ids).toContain(EPISODES[1]);
    // The first one, skipped over, is not marked watched.
    expect(ids).not.toContain(EPISODES[0]);

    // The player's save at the second episode's end finishes it: the list moves on to the third.
    clock += 1000;
    const ended = (await get(`/content-list/${LIST}/playback/status?playback_time=${first + second}`, cookie)).Content;
    expect(ended).toMatchObject({ contentID: EPISODES[1], percentage: 100, status: 'Done' });
    expect((await playing(cookie)).contentID).toBe(EPISODES[2]);

    // Past the list's end: the last one is finished, and the list starts again from the first.
    clock += 1000;
    const last = (await get(`/content-list/${LIST}/playback/status?playback_time=9999999`, cookie)).Content;
    expect(last).toMatchObject({ contentID: EPISODES[3], status: 'Done' });
    expect((await playing(cookie)).contentID).toBe(EPISODES[0]);
  });

  it('spec 2 §7 /content-list/{id}/playback/status: a visitor gets 4, an unknown list 21', async () => {
    expect((await call(`/content-list/${LIST}/playback/status?playback_time=3`)).body.Error.Number).toBe(4);
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const unknown = await call('/content-list/99999/playback/status?playback_time=3', cookie);
    expect([unknown.status, unknown.body.Error.Number]).toEqual([404, 21]);
  });
});

describe('spec 1 §6 a kids profile plays a list only where it suits it (decisions 057, 059)', () => {
  it('spec 2 §7 /content-list/{id}/url/adaptive and family: 4 NotForKidsProfile for a list above -10', async () => {
    const adult = await logInAs(t.app, 'abonne@playz.fr');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/customer/edit/profile',
      headers: { cookie: adult, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'Léo', is_kids: '1' }).toString(),
    });
    const kids = await logInAs(t.app, 'abonne@playz.fr');
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/customer/profile/switch',
      headers: { cookie: kids, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ customer_profile_uuid: created.json().Response.Profile.UUID }).toString(),
    });
    expect(switched.json().Error.Number).toBe(0);
    // Brigade du Port is rated -12 (decision 059): the adult profile has its list family.
    expect((await get('/content-list/2101/playback/status?playback_time=3', adult)).Content.contentID).toBe(21011);
    for (const path of ['/url/adaptive', '/url', '/frames', '/related', '/playback/status?playback_time=3']) {
      const { body } = await call(`/content-list/2101${path}`, kids);
      expect([path, body.Error.Number, body.Error.Reason]).toEqual([path, 4, 'NotForKidsProfile']);
    }
    // Océans secrets is tous publics: the kids profile plays it.
    expect((await playing(kids)).contentID).toBe(EPISODES[0]);
  });
});

describe('spec 2 §7 /content-list/{id}/frames and /related (decision 057)', () => {
  it("spec 2 §7 /content-list/{id}/frames: each content's frames in order, on the list's timeline", async () => {
    const { Frames } = await get(`/content-list/${LIST}/frames`);
    let start = 0;
    const expected = durations.flatMap((duration) => {
      const frames = thumbnails.map((th) => ({ time: start + th.timeSec, url: `/media/${th.path}` }));
      start += duration;
      return frames;
    });
    expect(Frames).toEqual(expected.map((f, index) => ({ index, ...f })));
    const noList = await call('/content-list/99999/frames');
    expect([noList.status, noList.body.Error.Number]).toEqual([404, 21]);
  });

  it("spec 2 §7 /content-list/{id}/related: the first content's related contents, without the list's own", async () => {
    const { Collection } = await get(`/content-list/${LIST}/related`);
    const ids = Collection.map((c: { contentID: number }) => c.contentID);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.some((id: number) => EPISODES.includes(id))).toBe(false);
    const ofFirst = (await get(`/content/${EPISODES[0]}/related`)).Collection.map(
      (c: { contentID: number }) => c.contentID,
    );
    expect(ids).toEqual(ofFirst.filter((id: number) => !EPISODES.includes(id)));
    const noList = await call('/content-list/99999/related');
    expect([noList.status, noList.body.Error.Number]).toEqual([404, 21]);
  });
});

describe('spec 1 §6 the parental code before a rated content of a list (decisions 057, 059)', () => {
  it('spec 2 §7 /content-list/{id}/url/adaptive: a content at the threshold asks for the code, its proof plays it', async () => {
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie };
    const post = (url: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/1.2${url}`,
        headers: form,
        payload: new URLSearchParams(fields).toString(),
      });
    expect((await post('/customer/edit', { parentalCode: '2468' })).json().Error.Number).toBe(0);
    // The season 2 finale of Brigade du Port is rated -18 (decision 059), above the default -16.
    const refused = await call('/content-list/2102/url/adaptive?content_id=21024', cookie);
    expect([refused.body.Error.Number, refused.body.Error.Reason]).toEqual([4, 'ParentalCodeRequired']);
    const checked = (await post('/customer/parental-code/check', { code: '2468', content_id: '21024' })).json();
    const proof = checked.Response.ParentalProof.proof as string;
    const played = await get(
      `/content-list/2102/url/adaptive?content_id=21024&parental_proof=${encodeURIComponent(proof)}`,
      cookie,
    );
    expect(played.Content.contentID).toBe(21024);
    expect(played.AdaptiveStream.usage).toBe('View');
  });
});
