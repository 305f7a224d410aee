import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFmp4Clip } from './support/fmp4-clip';
import { createTestApp, logInAs, type TestApp } from './test-app';

// Season 1 of "Océans secrets": four episodes of the ocean clip, tous publics; season 2 of
// "Brigade du Port" plays the city clip, its finale (21024) rated -18 (decisions 057, 059).
const LIST = 2401;
const EPISODES = [24011, 24012, 24013, 24014];
const RATED_LIST = 2102;
const RATED_FINALE = 21024;

let t: TestApp;
let subscriber: string;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
  subscriber = await logInAs(t.app, 'abonne@playz.fr');
  const ladder = [
    { width: 480, height: 270, bandwidth: 531232, codecs: 'avc1.4d4015,mp4a.40.2' },
    { width: 1280, height: 720, bandwidth: 1929960, codecs: 'avc1.4d401f,mp4a.40.2' },
  ];
  writeFmp4Clip(t.config.dataDir, 'ocean', ladder);
  writeFmp4Clip(t.config.dataDir, 'city', ladder);
});
afterAll(() => t.close());

const call = async (url: string, cookie?: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: `/api/1.2${url}`, headers: cookie ? { cookie, ...headers } : headers });
  return { status: res.statusCode, body: res.json() };
};
const get = async (url: string, cookie?: string) => {
  const { body } = await call(url, cookie);
  expect(body.Error?.Number ?? 0).toBe(0);
  return body.Response;
};
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/1.2${url}`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('spec 2 §7 /content-list/{id}/url/tv (decision 057 addendum)', () => {
  it('spec 2 §7 /content-list/{id}/url/tv: the absolute HLS URL of the content the viewer is at, with it', async () => {
    const { ContentUrl, Content } = await get(`/content-list/${LIST}/url/tv?target=player_html5`, subscriber);
    expect(Content.contentID).toBe(EPISODES[0]);
    expect(ContentUrl.height).toBe(0);
    expect(ContentUrl.url).toMatch(/^http:\/\/localhost:3000\/media\/s\/[^/]+\/clips\/ocean\/master\.m3u8$/);
    const master = await t.app.inject({ url: new URL(ContentUrl.url).pathname });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('RESOLUTION=1280x720');
  });

  it('spec 2 §7 /content-list/{id}/url/tv: content_id plays that content; 20 outside the list, 21 for no list', async () => {
    expect((await get(`/content-list/${LIST}/url/tv?content_id=${EPISODES[2]}`, subscriber)).Content.contentID).toBe(
      EPISODES[2],
    );
    const outside = await call(`/content-list/${LIST}/url/tv?content_id=1001`, subscriber);
    expect([outside.status, outside.body.Error.Number]).toEqual([404, 20]);
    const noList = await call('/content-list/99999/url/tv', subscriber);
    expect([noList.status, noList.body.Error.Number]).toEqual([404, 21]);
  });

  it('spec 2 §7 /content-list/{id}/url/tv: a visitor is refused View (4) and gets the teaser for Preview', async () => {
    expect((await call(`/content-list/${LIST}/url/tv`)).body.Error.Number).toBe(4);
    const preview = await get(`/content-list/${LIST}/url/tv?product_usage=Preview`);
    expect(preview.ContentUrl.url).toBe('http://localhost:3000/media/clips/ocean/preview.mp4');
    expect(preview.Content.contentID).toBe(EPISODES[0]);
  });
});

describe('spec 2 §7 /content-list/{id}/url/formats (decision 057 addendum)', () => {
  it("spec 2 §7 /content-list/{id}/url/formats: the content's variants and tracks, with the content", async () => {
    const { FormatVariants, VideoTracks, Content } = await get(
      `/content-list/${LIST}/url/formats?content_id=${EPISODES[1]}`,
      subscriber,
    );
    expect(Content.contentID).toBe(EPISODES[1]);
    expect(FormatVariants.map((v: { height: number }) => v.height)).toEqual([720, 270]);
    expect(FormatVariants[0].url).toMatch(/\/clips\/ocean\/master-720p\.m3u8$/);
    expect(VideoTracks.map((v: { height: number }) => v.height)).toEqual([270, 720]);
    expect((await call(`/content-list/${LIST}/url/formats`)).body.Error.Number).toBe(4);
    expect((await call('/content-list/99999/url/formats', subscriber)).body.Error.Number).toBe(21);
  });
});

describe('spec 2 §7 /content-list/{id}/download (decision 057 addendum)', () => {
  it('spec 2 §7 /content-list/{id}/download: one MP4 of the content asked, with its real size and MD5', async () => {
    const { DownloadData, Content } = await get(
      `/content-list/${LIST}/download?quality=720&content_id=${EPISODES[3]}`,
      subscriber,
    );
    expect(Content.contentID).toBe(EPISODES[3]);
    expect(DownloadData).toMatchObject({ contentID: EPISODES[3], mimeType: 'video/mp4', height: 720 });
    expect(DownloadData.downloadUrl).toMatch(/^\/media\/d\/[^/]+\/clips\/ocean\/[a-z0-9-]+-720p\.mp4$/);
    const file = await t.app.inject({ url: DownloadData.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(DownloadData.filesize);
    expect(createHash('md5').update(file.rawPayload).digest('hex')).toBe(DownloadData.md5);
  });

  it('spec 2 §7 /content-list/{id}/download: 4 for a visitor and for Preview, 20 outside the list', async () => {
    expect((await call(`/content-list/${LIST}/download`)).body.Error.Number).toBe(4);
    expect((await call(`/content-list/${LIST}/download?product_usage=Preview`, subscriber)).body.Error.Number).toBe(4);
    expect((await call(`/content-list/${LIST}/download?content_id=1001`, subscriber)).body.Error.Number).toBe(20);
  });

  it('decision 031: the list download and TV URL are refused from another site', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    for (const p of ['/url/tv', '/download']) {
      expect([p, (await call(`/content-list/${LIST}${p}`, subscriber, crossSite)).body.Error.Number]).toEqual([p, 4]);
    }
  });
});

describe('spec 1 §6 the list calls keep the kids rule and the parental code (decisions 057, 059)', () => {
  it('spec 2 §7 /content-list/{id}/url/tv, /url/formats, /download: 4 NotForKidsProfile for a list above -10', async () => {
    const adult = await logInAs(t.app, 'abonne@playz.fr');
    const created = await post('/customer/edit/profile', adult, { username: 'Zoé', is_kids: '1' });
    const kids = await logInAs(t.app, 'abonne@playz.fr');
    const uuid = created.json().Response.Profile.UUID as string;
    expect((await post('/customer/profile/switch', kids, { customer_profile_uuid: uuid })).json().Error.Number).toBe(0);
    for (const p of ['/url/tv', '/url/formats', '/download']) {
      const { body } = await call(`/content-list/2101${p}`, kids);
      expect([p, body.Error.Number, body.Error.Reason]).toEqual([p, 4, 'NotForKidsProfile']);
    }
    // Océans secrets is tous publics: the kids profile gets its TV URL.
    expect((await get(`/content-list/${LIST}/url/tv`, kids)).Content.contentID).toBe(EPISODES[0]);
  });

  it('spec 2 §7 /content-list/{id}/url/tv and /download: a content above the threshold asks for the code, its proof opens it', async () => {
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    expect((await post('/customer/edit', cookie, { parentalCode: '2468' })).json().Error.Number).toBe(0);
    const asked = `content_id=${RATED_FINALE}`;
    for (const p of ['/url/tv', '/url/formats', '/download']) {
      const { body } = await call(`/content-list/${RATED_LIST}${p}?${asked}`, cookie);
      expect([p, body.Error.Number, body.Error.Reason]).toEqual([p, 4, 'ParentalCodeRequired']);
    }
    const checked = await post('/customer/parental-code/check', cookie, {
      code: '2468',
      content_id: String(RATED_FINALE),
    });
    const proof = encodeURIComponent(checked.json().Response.ParentalProof.proof as string);
    const tv = await get(`/content-list/${RATED_LIST}/url/tv?${asked}&parental_proof=${proof}`, cookie);
    expect(tv.Content.contentID).toBe(RATED_FINALE);
    expect(tv.ContentUrl.url).toMatch(/\/clips\/city\/master\.m3u8$/);
    const download = await get(`/content-list/${RATED_LIST}/download?${asked}&parental_proof=${proof}`, cookie);
    expect(download.DownloadData.contentID).toBe(RATED_FINALE);
  });
});
