import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFmp4Clip } from '../support/fmp4-clip';
import { writeFixtureClips } from '../support/live-media';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Stream URLs from another origin (decision 051). Attack and need alike: a cast receiver, a
 * partner's page or a TV web app on another origin plays a signed URL with hls.js or dash.js,
 * which fetch with CORS. Pass rule: every stream answer (VOD manifests and segments, live
 * playlists and their segments, downloads, the licence; refusals too, so a player can read the
 * status) says `Access-Control-Allow-Origin: *` and never grants credentials; their preflight
 * answers 204; the API under /api/1.2 grants no other origin anything (decision 031 unchanged).
 * Over a real socket, so the live playlists answered before routing (decision 039) are seen too.
 */
const PARTNER = 'https://partner.example';
// 4 s into a live block (decision 022), as the live tests.
const clock = Date.UTC(2026, 10, 24, 20, 0, 4);
let t: TestApp;
let base: string;
let requests = 0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), listen: true });
  base = t.config.publicUrl;
  writeFixtureClips(t.config.dataDir, ['slate', 'aurora', 'city', 'cartoon']);
  writeFmp4Clip(t.config.dataDir, 'ocean', [
    { width: 480, height: 270, bandwidth: 531232, codecs: 'avc1.4d4015,mp4a.40.2' },
  ]);
});
afterAll(async () => {
  report('stream CORS', { requests });
  await t?.close();
});

const fromPartner = async (url: string, init: RequestInit = {}) => {
  requests += 1;
  const response = await fetch(`${base}${url}`, {
    ...init,
    headers: { origin: PARTNER, ...(init.headers as Record<string, string>) },
  });
  await response.arrayBuffer();
  return response;
};
const api = async (url: string, cookie: string) => {
  requests += 1;
  return (await t.app.inject({ url: `/api/1.2${url}`, headers: { cookie } })).json();
};
const expectOpenToAnyOrigin = (response: Response, label: string) => {
  expect(response.headers.get('access-control-allow-origin'), label).toBe('*');
  expect(response.headers.get('access-control-allow-credentials'), label).toBeNull();
};
const firstLine = (text: string, pattern: RegExp) => text.split('\n').find((line) => pattern.test(line))!;

describe('stream answers are readable from any origin, without credentials (decision 051)', () => {
  it('VOD: the HLS master, its media playlist, a segment and the DASH MPD; a refusal too', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const hls = (await api('/content/1001/url/adaptive?product_usage=View&target=player_hls', cookie)).Response
      .AdaptiveStream.url as string;
    const master = await fromPartner(hls);
    expect(master.status).toBe(200);
    expectOpenToAnyOrigin(master, 'master');
    const mediaUrl = firstLine(await (await fetch(`${base}${hls}`)).text(), /^\/media\/s\/.+\.m3u8$/);
    const media = await fromPartner(mediaUrl);
    expectOpenToAnyOrigin(media, 'media playlist');
    const segmentName = firstLine(await (await fetch(`${base}${mediaUrl}`)).text(), /\.m4s$/);
    const segment = await fromPartner(mediaUrl.replace(/media_\d+\.m3u8$/, segmentName));
    expect(segment.status).toBe(200);
    expectOpenToAnyOrigin(segment, 'segment');
    const dash = (await api('/content/1001/url/adaptive?product_usage=View&target=player_dash', cookie)).Response
      .AdaptiveStream.url as string;
    expectOpenToAnyOrigin(await fromPartner(dash), 'MPD');
    const forged = await fromPartner('/media/s/forged.token/clips/ocean/manifest.mpd');
    expect(forged.status).toBe(403);
    expectOpenToAnyOrigin(forged, 'refused');
  });

  it('live: the master and media playlists (a reload may be answered before routing, decision 039) and a segment', async () => {
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const live = (await api('/channel/1/url/adaptive?target=player_hls', cookie)).Response.AdaptiveStream.url as string;
    expect(live).toMatch(/^\/live\//);
    expectOpenToAnyOrigin(await fromPartner(live), 'live master');
    const mediaUrl = live.replace('master.m3u8', 'media_0.m3u8');
    for (const round of ['first', 'reload']) expectOpenToAnyOrigin(await fromPartner(mediaUrl), `live media ${round}`);
    // Its segments are listed relative to the playlist's own grant path (decision 096).
    const listed = firstLine(await (await fetch(`${base}${mediaUrl}`)).text(), /^clips\//);
    const segment = new URL(listed, `${base}${mediaUrl}`).pathname;
    expect(segment).toMatch(/^\/live\/[^/]+\/clips\//);
    expectOpenToAnyOrigin(await fromPartner(segment), 'live segment');
  });

  it('a download, and the licence server and proxy (a refused licence too)', async () => {
    const subscriber = await logInAs(t.app, 'abonne@playz.fr');
    const download = (await api('/content/1001/download', subscriber)).Response.DownloadData.downloadUrl as string;
    const file = await fromPartner(download, { headers: { range: 'bytes=0-99' } });
    expect(file.status).toBe(206);
    expectOpenToAnyOrigin(file, 'download');
    expect(file.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
    for (const url of ['/drm/license?licenseToken=nope', '/drm/license/widevine?licenseToken=nope']) {
      const licence = await fromPartner(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(licence.status).toBeGreaterThanOrEqual(400);
      expectOpenToAnyOrigin(licence, url);
    }
  });
});

describe('preflight on stream URLs (decision 051)', () => {
  it('answers OPTIONS with 204 for a ranged GET, a live reload and a licence post', async () => {
    for (const [url, method, headers] of [
      ['/media/s/any.token/clips/ocean/chunk-stream0-00001.m4s', 'GET', 'range'],
      ['/media/d/any.token/clips/ocean/l-ete-indien-270p.mp4', 'GET', 'range'],
      ['/live/any.token/media_0.m3u8', 'GET', 'range'],
      ['/drm/license?licenseToken=x', 'POST', 'content-type'],
      ['/drm/license/widevine?licenseToken=x', 'POST', 'content-type'],
    ] as const) {
      const preflight = await fromPartner(url, {
        method: 'OPTIONS',
        headers: { 'access-control-request-method': method, 'access-control-request-headers': headers },
      });
      expect(preflight.status, url).toBe(204);
      expectOpenToAnyOrigin(preflight, url);
      expect(preflight.headers.get('access-control-allow-methods'), url).toContain(method);
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase(), url).toContain(headers);
    }
  });

  it('leaves the API as it was: no CORS grant on /api/1.2, preflight or not (decision 031)', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const call = await fromPartner('/api/1.2/content/1001/url/adaptive?target=player_hls', { headers: { cookie } });
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fromPartner('/api/1.2/drm/token?grant=x', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).not.toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
