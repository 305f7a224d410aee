import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBoxes } from '../src/modules/playback/mp4-boxes';
import { writeFmp4Clip } from './support/fmp4-clip';
import { writeFixtureClips } from './support/live-media';
import { createTestApp, logInAs, type TestApp } from './test-app';

// A clock the tests move (grant lifetimes); a block boundary plus 4 s, as in live.api.test.ts.
let clock = Date.UTC(2026, 10, 24, 20, 0, 4);
let t: TestApp;
// One session per account: each View stream takes one of the account's 3 device places.
let subscriber: string;
let demo: string;
let visitor: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  subscriber = await logInAs(t.app, 'abonne@playz.fr');
  demo = await logInAs(t.app, 'demo@playz.fr');
  visitor = await logInAs(t.app, 'visiteur@playz.fr');
  // Content 1001 plays `ocean`: two heights and the sound, 3 segments each. The live
  // channels only need the slate's ladder (one height) for their multivariant playlists.
  writeFmp4Clip(t.config.dataDir, 'ocean', [
    { width: 480, height: 270, bandwidth: 531232, codecs: 'avc1.4d4015,mp4a.40.2' },
    { width: 1280, height: 720, bandwidth: 1929960, codecs: 'avc1.4d401f,mp4a.40.2' },
  ]);
  writeFixtureClips(t.config.dataDir, ['slate']);
});
afterAll(() => t.close());

const api = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/1.2${url}`, headers: cookie ? { cookie, ...headers } : headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const answer = async (url: string, cookie?: string) => (await api(url, cookie)).json();
const errorOf = async (url: string, cookie?: string) => (await answer(url, cookie)).Error.Number;

describe('spec 2 §7 GET /content/{id}/url: Content URLs (spec 2 §3 url and height pairs)', () => {
  it('gives a subscriber the adaptive stream (height 0) then one signed URL per height, tallest first', async () => {
    const cookie = subscriber;
    const urls = (await answer('/content/1001/url?product_usage=View&target=player_dash', cookie)).Response.ContentUrls;
    expect(urls.map((u: { height: number }) => u.height)).toEqual([0, 720, 270]);
    expect(urls[0].url).toMatch(/^\/media\/s\/[^/]+\/clips\/ocean\/master\.m3u8$/);
    expect(urls[1].url).toMatch(/^\/media\/s\/[^/]+\/clips\/ocean\/master-720p\.m3u8$/);
  });

  it("a height's URL is a multivariant playlist of that height with its sound, and it plays", async () => {
    const cookie = subscriber;
    const urls = (await answer('/content/1001/url', cookie)).Response.ContentUrls;
    const playlist = await get(urls.find((u: { height: number }) => u.height === 270).url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(playlist.body).toContain('RESOLUTION=480x270');
    expect(playlist.body).not.toContain('RESOLUTION=1280x720');
    expect(playlist.body).toContain('#EXT-X-MEDIA:TYPE=AUDIO');
    const mediaUrls = playlist.body.match(/^\/media\/s\/[^/]+\/clips\/ocean\/media_\d\.m3u8$/gm);
    expect(mediaUrls?.map((u) => u.slice(u.lastIndexOf('/') + 1))).toEqual(['media_0.m3u8']);
    // Its media playlist hangs under a short segment grant, its segments relative to it (decision 042).
    const media = (await get(mediaUrls![0]!)).body;
    const segment = media.split('\n').find((line) => line.endsWith('.m4s'))!;
    expect((await get(mediaUrls![0]!.replace('media_0.m3u8', segment))).statusCode).toBe(200);
    expect((await get(urls[0].url.replace('master.m3u8', 'master-1080p.m3u8'))).statusCode).toBe(404);
  });

  it('refuses View without access with 4 (spec 2 §4 Access to play); Preview is the teaser alone', async () => {
    const cookie = visitor;
    const refused = await api('/content/1001/url?product_usage=View', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Error.Number).toBe(4);
    const preview = (await answer('/content/1001/url?product_usage=Preview', cookie)).Response.ContentUrls;
    expect(preview).toEqual([{ url: '/media/clips/ocean/preview.mp4', height: 0 }]);
  });

  it('stops serving a height after log-out, like every manifest (decision 022)', async () => {
    // A session of its own (a second device of the account), since it ends here.
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const urls = (await answer('/content/1001/url', cookie)).Response.ContentUrls;
    expect((await get(urls[1].url)).statusCode).toBe(200);
    await api('/customer/logout', cookie);
    clock += 6000;
    expect((await get(urls[1].url)).statusCode).toBe(403);
  });

  it('answers 20 for an unknown content or one without a clip, 3 for a bad usage (spec 2 §8)', async () => {
    const cookie = subscriber;
    expect(await errorOf('/content/424242/url', cookie)).toBe(20);
    expect(await errorOf('/content/1002/url', cookie)).toBe(20);
    expect(await errorOf('/content/1001/url?product_usage=Steal', cookie)).toBe(3);
  });
});

describe('spec 2 §7 GET /content/{id}/url/tv: the URL a TV native player opens', () => {
  it('is an absolute HLS multivariant URL that plays without a cookie', async () => {
    const cookie = demo;
    const { url, height } = (await answer('/content/1001/url/tv?target=player_html5', cookie)).Response.ContentUrl;
    expect(height).toBe(0);
    expect(url).toMatch(/^http:\/\/localhost:3000\/media\/s\/[^/]+\/clips\/ocean\/master\.m3u8$/);
    const master = await get(new URL(url).pathname);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('RESOLUTION=1280x720');
  });

  it('gives the teaser for Preview and 4 for View without access', async () => {
    const cookie = visitor;
    expect(await errorOf('/content/1001/url/tv', cookie)).toBe(4);
    const preview = (await answer('/content/1001/url/tv?product_usage=Preview')).Response.ContentUrl;
    expect(preview.url).toBe('http://localhost:3000/media/clips/ocean/preview.mp4');
  });
});

describe('spec 2 §7 GET /content/{id}/url/formats: Format variants and Video tracks (spec 2 §3)', () => {
  it('lists one signed HLS variant per height and the ladder with its codecs, the Auto start active', async () => {
    const cookie = subscriber;
    const { FormatVariants, VideoTracks } = (await answer('/content/1001/url/formats', cookie)).Response;
    expect(FormatVariants).toHaveLength(2);
    expect(FormatVariants[0]).toMatchObject({ width: 1280, height: 720, bitrate: 1929960, type: 'hls' });
    expect(FormatVariants[0].url).toMatch(/\/clips\/ocean\/master-720p\.m3u8$/);
    expect((await get(FormatVariants[1].url)).body).toContain('RESOLUTION=480x270');
    expect(VideoTracks).toEqual([
      { trackId: 0, width: 480, height: 270, bitrate: 531232, codecs: 'avc1.4d4015,mp4a.40.2', active: false },
      { trackId: 1, width: 1280, height: 720, bitrate: 1929960, codecs: 'avc1.4d401f,mp4a.40.2', active: true },
    ]);
  });

  it('gives Preview the teaser with its own size and bitrate, read from the file, and no tracks', async () => {
    const { FormatVariants, VideoTracks } = (await answer('/content/1001/url/formats?product_usage=Preview')).Response;
    expect(FormatVariants).toEqual([
      { url: '/media/clips/ocean/preview.mp4', width: 480, height: 270, bitrate: 8000, type: 'video' },
    ]);
    expect(VideoTracks).toEqual([]);
    expect(await errorOf('/content/1001/url/formats')).toBe(4);
  });
});

/** The top-level boxes of an MP4 and the text of each mdat, in order. */
function boxesOf(file: Buffer) {
  return listBoxes(file).map((b) => ({
    type: b.type,
    text: b.type === 'mdat' ? file.toString('latin1', b.start + b.header, b.end) : null,
    trackId: b.type === 'moof' ? file.readUInt32BE(b.start + 8 + 16 + 8 + 12) : null, // after mfhd, in traf: tfhd
    sequence: b.type === 'moof' ? file.readUInt32BE(b.start + 8 + 12) : null,
  }));
}

describe('spec 2 §7 GET /content/{id}/download: Download data (spec 2 §3), decision 023', () => {
  it('is one MP4 of the tallest height at or under the quality, picture and sound interleaved, with real size and MD5', async () => {
    const cookie = subscriber;
    const data = (await answer('/content/1001/download?product_usage=View&quality=1080', cookie)).Response.DownloadData;
    expect(data).toMatchObject({ contentID: 1001, type: 'video', mimeType: 'video/mp4', status: 'Done', height: 720 });
    expect(data.downloadUrl).toMatch(/^\/media\/d\/[^/]+\/clips\/ocean\/l-ete-indien-720p\.mp4$/);
    // No cookie: the URL carries its grant, like a segment's.
    const file = await get(data.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['content-disposition']).toBe('attachment; filename="l-ete-indien-720p.mp4"');
    expect(file.rawPayload.length).toBe(data.filesize);
    expect(createHash('md5').update(file.rawPayload).digest('hex')).toBe(data.md5);
    const boxes = boxesOf(file.rawPayload);
    expect(boxes.slice(0, 2).map((b) => b.type)).toEqual(['ftyp', 'moov']);
    expect(boxes.filter((b) => b.type === 'mdat').map((b) => b.text)).toEqual([
      'ocean/stream1/1',
      'ocean/stream2/1',
      'ocean/stream1/2',
      'ocean/stream2/2',
      'ocean/stream1/3',
      'ocean/stream2/3',
    ]);
    const moofs = boxes.filter((b) => b.type === 'moof');
    expect(moofs.map((b) => b.trackId)).toEqual([1, 2, 1, 2, 1, 2]);
    expect(moofs.map((b) => b.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('takes the quality as a preferred height: 480 gives the 270 rendition; a height outside spec 2 §5 is 3', async () => {
    const cookie = demo;
    const data = (await answer('/content/1001/download?quality=480', cookie)).Response.DownloadData;
    expect(data.height).toBe(270);
    const file = await get(data.downloadUrl);
    expect(boxesOf(file.rawPayload).find((b) => b.type === 'mdat')!.text).toBe('ocean/stream0/1');
    expect(await errorOf('/content/1001/download?quality=1000', cookie)).toBe(3);
    expect(await errorOf('/content/1001/download?encoding_profile=avi', cookie)).toBe(3);
  });

  it('resumes: a byte range answers 206 with exactly those bytes', async () => {
    const cookie = subscriber;
    const data = (await answer('/content/1001/download', cookie)).Response.DownloadData;
    const whole = (await get(data.downloadUrl)).rawPayload;
    const part = await get(data.downloadUrl, { range: 'bytes=100-599' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-599/${data.filesize}`);
    expect(part.rawPayload.equals(whole.subarray(100, 600))).toBe(true);
    const tail = await get(data.downloadUrl, { range: 'bytes=-20' });
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 20))).toBe(true);
    expect((await get(data.downloadUrl, { range: `bytes=${data.filesize}-` })).statusCode).toBe(416);
  });

  it('only View with access: 4 for a visitor and for Preview; 20 for an unknown content', async () => {
    expect(await errorOf('/content/1001/download', visitor)).toBe(4);
    expect(await errorOf('/content/1001/download')).toBe(4);
    const cookie = subscriber;
    expect(await errorOf('/content/1001/download?product_usage=Preview', cookie)).toBe(4);
    expect((await answer('/content/1001/download?product_usage=Download', cookie)).Error.Number).toBe(0);
    expect(await errorOf('/content/424242/download', cookie)).toBe(20);
    expect(await errorOf('/content/1002/download', cookie)).toBe(20);
  });

  it('its URL lives as long as a segment grant, and opens nothing but its clip', async () => {
    const cookie = subscriber;
    const { downloadUrl, expiresAt } = (await answer('/content/1001/download', cookie)).Response.DownloadData;
    expect(Date.parse(expiresAt) - clock).toBeLessThanOrEqual(900_000);
    expect((await get(downloadUrl.replace('clips/ocean/', 'clips/city/'))).statusCode).toBe(403);
    expect((await get(downloadUrl.replace('720p.mp4', '1080p.mp4'))).statusCode).toBe(404);
    expect((await get(downloadUrl.replace(/\/media\/d\/[^/]+/, '/media/d/forged.token'))).statusCode).toBe(403);
    // A stream's manifest grant is not a download grant.
    const stream = (await answer('/content/1001/url', cookie)).Response.ContentUrls[0].url as string;
    const manifestToken = stream.split('/')[3];
    expect((await get(downloadUrl.replace(/\/media\/d\/[^/]+/, `/media/d/${manifestToken}`))).statusCode).toBe(403);
    clock += 901_000;
    expect((await get(downloadUrl)).statusCode).toBe(403);
  });
});

describe('spec 2 §7 GET /contents/download: Download data of a contents list', () => {
  it('gives each downloadable content once and lists the others with their error', async () => {
    const cookie = subscriber;
    const { Downloads, Unavailable } = (await answer('/contents/download?contents=1001,424242,1001,1002', cookie))
      .Response;
    expect(Downloads.map((d: { contentID: number }) => d.contentID)).toEqual([1001]);
    expect(Downloads[0].md5).toMatch(/^[0-9a-f]{32}$/);
    expect(Unavailable).toEqual([
      { contentID: 424242, Error: { Number: 20, Message: 'content not found' } },
      { contentID: 1002, Error: { Number: 20, Message: 'content not found' } },
    ]);
    const refused = (await answer('/contents/download?contents=1001', visitor)).Response;
    expect(refused).toEqual({
      Downloads: [],
      Unavailable: [{ contentID: 1001, Error: { Number: 4, Message: 'forbidden' } }],
    });
  });

  it('answers 2 without the list and 3 for a malformed one', async () => {
    const cookie = subscriber;
    expect(await errorOf('/contents/download', cookie)).toBe(2);
    expect(await errorOf('/contents/download?contents=1001;1002', cookie)).toBe(3);
    const tooMany = Array.from({ length: 51 }, (_, i) => 1000 + i).join(',');
    expect(await errorOf(`/contents/download?contents=${tooMany}`, cookie)).toBe(3);
  });
});

describe('spec 2 §7 GET /channel/{id}/url: Content URLs of a live channel', () => {
  it('gives the live multivariant playlist (height 0) and one per height under the live grant', async () => {
    const cookie = subscriber;
    const urls = (await answer('/channel/1/url?target=player_dash', cookie)).Response.ContentUrls;
    expect(urls.map((u: { height: number }) => u.height)).toEqual([0, 270]);
    expect(urls[0].url).toMatch(/^\/live\/[^/]+\/master\.m3u8$/);
    expect(urls[1].url).toMatch(/^\/live\/[^/]+\/master-270p\.m3u8$/);
    const variant = await get(urls[1].url);
    expect(variant.statusCode).toBe(200);
    expect(variant.body).toContain('RESOLUTION=480x270');
    expect(variant.body).toContain('URI="media_1.m3u8"');
    expect((await get(urls[1].url.replace('master-270p', 'media_0'))).body).toContain('#EXT-X-MEDIA-SEQUENCE:');
    expect((await get(urls[1].url.replace('270p', '720p'))).statusCode).toBe(404);
  });

  it('answers 4 for View without access, the preview for Preview, 22 for an unknown channel', async () => {
    expect(await errorOf('/channel/1/url', visitor)).toBe(4);
    const preview = (await answer('/channel/1/url?product_usage=Preview')).Response.ContentUrls;
    const media = (await get(preview[1].url.replace('master-270p', 'media_0'))).body;
    expect(media).toContain('#EXT-X-ENDLIST');
    const cookie = subscriber;
    expect(await errorOf('/channel/999/url', cookie)).toBe(22);
    expect(await errorOf('/channel/abc/url', cookie)).toBe(22);
  });
});
