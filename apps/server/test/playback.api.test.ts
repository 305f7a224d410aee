import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOceanClip } from './support/ocean-clip';
import { createTestApp, logInAs, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  // The tests here sign the same accounts in again and again: the devices limit is tested apart.
  t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
  // A finished clip as the media pipeline leaves it, with two renditions and a segment past
  // the preview (3 segments).
  writeOceanClip(t.config.dataDir, [
    { height: 270, width: 480, bandwidth: 400000 },
    { height: 720, width: 1280, bandwidth: 2500000 },
  ]);
  fs.writeFileSync(path.join(t.config.dataDir, 'media/clips/ocean/chunk-stream0-00004.m4s'), 'past the preview');
});
afterAll(() => t.close());

const urlOf = async (id: number, query: string, cookie?: string) =>
  t.app.inject({ url: `/api/1.2/content/${id}/url/adaptive?${query}`, headers: cookie ? { cookie } : {} });

describe('stream URLs and entitlement (spec 2 §4 Access to play, ARCHITECTURE 3)', () => {
  it('gives a subscriber a signed DASH stream that serves its segments', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = (await urlOf(1001, 'product_usage=View&target=player_dash', cookie)).json().Response.AdaptiveStream;
    expect(stream).toMatchObject({ type: 'dash', usage: 'View' });
    expect(stream.tracks.map((tr: { height: number }) => tr.height)).toEqual([270, 720]);
    const manifest = await t.app.inject({ url: stream.url, headers: { cookie } });
    expect(manifest.statusCode).toBe(200);
    // Segments hang under a short grant of their own, written into the manifest (decision 022).
    const base = /<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!;
    expect(base).toMatch(/^\/media\/s\/[^/]+\/clips\/ocean\/$/);
    expect((await t.app.inject(`${base}chunk-stream0-00001.m4s`)).body).toBe('segment');
    // The manifest grant does not open segments, nor the segment grant manifests.
    expect((await t.app.inject(stream.url.replace('manifest.mpd', 'chunk-stream0-00001.m4s'))).statusCode).toBe(403);
    expect((await t.app.inject(`${base}manifest.mpd`)).statusCode).toBe(403);
  });

  it("HLS: a finished clip's media playlists hang under the segment grant, served as the pipeline wrote them (decision 042)", async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = (await urlOf(1001, 'target=player_hls', cookie)).json().Response.AdaptiveStream;
    const master = await t.app.inject(stream.url);
    const mediaUrl = master.body.split('\n').find((l) => l.endsWith('media_0.m3u8'))!;
    expect(mediaUrl).toMatch(/^\/media\/s\/[^/]+\/clips\/ocean\/media_0\.m3u8$/);
    expect(mediaUrl.startsWith(stream.url.replace('master.m3u8', ''))).toBe(false);
    const media = await t.app.inject(mediaUrl);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const written = fs.readFileSync(path.join(t.config.dataDir, 'media/clips/ocean/media_0.m3u8'), 'utf8');
    expect(media.body).toBe(written);
    // Its relative URIs resolve under the same segment grant.
    const base = mediaUrl.replace('media_0.m3u8', '');
    expect((await t.app.inject(`${base}init-stream0.m4s`)).body).toBe('init');
    expect((await t.app.inject(`${base}chunk-stream0-00001.m4s`)).body).toBe('segment');
    // The segment grant opens media playlists only, never the manifests carrying the checks.
    expect((await t.app.inject(`${base}master.m3u8`)).statusCode).toBe(403);
    expect((await t.app.inject(`${base}manifest.mpd`)).statusCode).toBe(403);
    // A URL handed out before (the media playlist under the manifest grant) still plays.
    const before = (await t.app.inject(stream.url.replace('master.m3u8', 'media_0.m3u8'))).body;
    expect(before.split('\n').find((l) => l.startsWith('/media/s/'))).toMatch(
      /\/clips\/ocean\/chunk-stream0-00001\.m4s$/,
    );
  });

  it("HLS: a stopped device's static media playlists shut with its segments (decision 042)", async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = (await urlOf(1001, 'target=player_hls', cookie)).json().Response.AdaptiveStream;
    const mediaUrl = (await t.app.inject(stream.url)).body.split('\n').find((l) => l.endsWith('media_0.m3u8'))!;
    expect((await t.app.inject(mediaUrl)).statusCode).toBe(200);
    const stop = await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
    expect(stop.statusCode).toBe(200);
    expect((await t.app.inject(mediaUrl)).statusCode).toBe(403);
  });

  it('gives HLS to the player_hls target', async () => {
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const stream = (await urlOf(1001, 'target=player_hls', cookie)).json().Response.AdaptiveStream;
    expect(stream.type).toBe('hls');
    expect(stream.url).toMatch(/master\.m3u8$/);
  });

  it('refuses View without access with 4 (HTTP 403) and grants the Preview: the first segments only', async () => {
    const cookie = await logInAs(t.app, 'visiteur@playz.fr');
    const refused = await urlOf(1001, 'product_usage=View', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Error.Number).toBe(4);
    const preview = (await urlOf(1001, 'product_usage=Preview&target=player_hls')).json().Response.AdaptiveStream;
    expect(preview).toMatchObject({ usage: 'Preview', type: 'hls' });
    // Decision 041: a Preview manifest holds only the preview's segments, and nothing past them opens.
    const media = (await t.app.inject(preview.url.replace('master.m3u8', 'media_0.m3u8'))).body;
    expect(media.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
    const first = media.split('\n').find((l) => l.startsWith('/media/s/'))!;
    expect((await t.app.inject(first)).body).toBe('segment');
    expect((await t.app.inject(first.replace('00001.m4s', '00004.m4s'))).statusCode).toBe(403);
    // Its multivariant playlist keeps its cut media playlists under the preview grant, and the
    // preview's segment grant never opens the whole media playlist (decision 042).
    expect((await t.app.inject(preview.url)).body).toContain('\nmedia_0.m3u8\n');
    expect((await t.app.inject(first.replace('chunk-stream0-00001.m4s', 'media_0.m3u8'))).statusCode).toBe(403);
    const dash = (await urlOf(1001, 'product_usage=Preview&target=player_dash')).json().Response.AdaptiveStream;
    expect((await t.app.inject(dash.url)).body).toContain('mediaPresentationDuration="PT9.6S"');
  });

  it('does not serve manifests or segments without a valid grant; the URL alone plays until log-out', async () => {
    expect((await t.app.inject('/media/clips/ocean/manifest.mpd')).statusCode).toBe(404);
    expect((await t.app.inject('/media/s/forged.token/clips/ocean/manifest.mpd')).statusCode).toBe(403);
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = (await urlOf(1001, 'target=player_dash', cookie)).json().Response.AdaptiveStream;
    // A cast receiver or another player holds only the URL (decision 022): no cookie, it plays.
    expect((await t.app.inject({ url: stream.url })).statusCode).toBe(200);
    const escape = stream.url.replace('manifest.mpd', '../city/manifest.mpd');
    expect((await t.app.inject({ url: escape, headers: { cookie } })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('answers 20 for a content without a finished clip or an unknown id', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    expect((await urlOf(1002, 'target=player_dash', cookie)).json().Error.Number).toBe(20);
    expect((await urlOf(424242, 'target=player_dash', cookie)).json().Error.Number).toBe(20);
  });

  it('answers 3 for an unknown usage or target', async () => {
    expect((await urlOf(1001, 'product_usage=Steal')).json().Error.Number).toBe(3);
    expect((await urlOf(1001, 'target=vlc')).json().Error.Number).toBe(3);
  });
});

describe('device limit bypass — a stopped device keeps no grant that serves segments (decision 022 addendum)', () => {
  const stopPlayback = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });

  async function playing(login: string) {
    const cookie = await logInAs(t.app, login);
    const stream = (await urlOf(1001, 'product_usage=View&target=player_dash', cookie)).json().Response.AdaptiveStream;
    const manifest = await t.app.inject({ url: stream.url });
    expect(manifest.statusCode).toBe(200);
    const segment = `${/<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!}chunk-stream0-00001.m4s`;
    expect((await t.app.inject(segment)).statusCode).toBe(200);
    return { cookie, manifestUrl: stream.url as string, segment };
  }

  it('after POST /customer/playback/stop the manifest and the segments it listed are refused, until the device asks again', async () => {
    const { cookie, manifestUrl, segment } = await playing('abonne@playz.fr');
    expect((await stopPlayback(cookie)).json().Error.Number).toBe(0);
    expect((await t.app.inject(manifestUrl)).statusCode).toBe(403);
    // The segment grant is only minutes long, but minutes of video per stop were enough to play
    // on any number of devices in turn: segments check the stop mark too.
    expect((await t.app.inject(segment)).statusCode).toBe(403);
    // Asking for a stream again (a place is free) plays again, with the same session.
    expect((await urlOf(1001, 'product_usage=View&target=player_dash', cookie)).json().Error.Number).toBe(0);
    expect((await t.app.inject(segment)).statusCode).toBe(200);
  });

  it('after log-out the segments stop at once on this node, not at the end of their grant', async () => {
    const { cookie, segment } = await playing('demo@playz.fr');
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    expect((await t.app.inject(segment)).statusCode).toBe(403);
  });

  it("keeps the preview's segments open: a preview takes no place and a stop does not end it", async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const preview = (await urlOf(1001, 'product_usage=Preview&target=player_hls', cookie)).json().Response
      .AdaptiveStream;
    const media = (await t.app.inject(preview.url.replace('master.m3u8', 'media_0.m3u8'))).body;
    const first = media.split('\n').find((l) => l.startsWith('/media/s/'))!;
    await stopPlayback(cookie);
    expect((await t.app.inject(first)).statusCode).toBe(200);
  });
});
