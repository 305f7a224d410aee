import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureClips } from './support/live-media';
import { createTestApp, logInAs, type TestApp } from './test-app';

// A fixed clock the test moves: 2026-11-24 20:00:04 UTC, 4 s into a block (decision 022).
const START = Date.UTC(2026, 10, 24, 20, 0, 4);
let clock = START;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  writeFixtureClips(t.config.dataDir);
});
afterAll(() => t.close());

const api = (url: string, cookie?: string) =>
  t.app.inject({ url: `/api/1.2${url}`, headers: cookie ? { cookie } : {} });
const get = (url: string) => t.app.inject({ url });
const streamOf = async (url: string, cookie?: string) => (await api(url, cookie)).json().Response.AdaptiveStream;
const stopPlaying = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
/**
 * A playlist's segment URLs, resolved against the playlist's own URL: a channel's live playlist
 * lists them relative to its grant's path (decision 096), an encoder's under their own grants.
 */
const segmentUrls = (text: string, playlist = '/') =>
  text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => new URL(line, `http://playz${playlist}`).pathname);

describe('live channel streams (spec 2 §7 /channel/{id}/url/adaptive, decision 022)', () => {
  it('a subscriber gets an HLS stream whose URLs play without any cookie', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = await streamOf('/channel/1/url/adaptive?target=player_hls&product_usage=View', cookie);
    expect(stream).toMatchObject({ type: 'hls', usage: 'View', window: 'live' });
    expect(stream.url).toMatch(/^\/live\/[^/]+\/master\.m3u8$/);
    const master = await get(stream.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    // The same text for every viewer (decision 096): a shared cache may keep it a second.
    expect(master.headers['cache-control']).toBe('public, max-age=1');
    expect(master.body).toContain('URI="media_1.m3u8"');
    const mediaUrl = stream.url.replace('master.m3u8', 'media_0.m3u8');
    const media = await get(mediaUrl);
    expect(media.headers['cache-control']).toBe('public, max-age=1');
    // 2 minutes of window at 20:00:04: the newest finished segment began at 20:00:00.
    expect(media.body).toContain('#EXT-X-MEDIA-SEQUENCE:561109464');
    expect(media.body).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-24T20:00:00.000Z');
    expect(media.body).toContain('#EXT-X-DISCONTINUITY\n');
    expect(media.body).not.toContain('ENDLIST');
    const segments = segmentUrls(media.body, mediaUrl);
    expect(segments).toHaveLength(37);
    expect(segments.at(-1)).toMatch(/^\/live\/[^/]+\/clips\/city\/chunk-stream0-\d{5}\.m4s$/);
    const segment = await get(segments.at(-1)!);
    expect(segment.statusCode).toBe(200);
    expect(segment.body).toMatch(/^city\/chunk-stream0-\d{5}\.m4s$/); // Playz Info plays the city clip
  });

  it('DASH over the same segments: a dynamic MPD with a period per block', async () => {
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const stream = await streamOf('/channel/4/url/adaptive?target=player_dash', cookie);
    expect(stream).toMatchObject({ type: 'dash', window: 'live' });
    const mpd = await get(stream.url);
    expect(mpd.headers['content-type']).toContain('application/dash+xml');
    expect(mpd.body).toContain('type="dynamic" availabilityStartTime="2020-01-01T00:00:00.000Z"');
    expect(mpd.body).toContain('timeShiftBufferDepth="PT120S"');
    expect(mpd.body.match(/<Period /g)!.length).toBeGreaterThanOrEqual(5);
    expect(mpd.body).toContain('/clips/cartoon/chunk-stream$RepresentationID$-$Number%05d$.m4s');
  });

  it('without access: View is refused with 4 (HTTP 403), the Preview lists 3 segments and nothing past them plays', async () => {
    const cookie = await logInAs(t.app, 'visiteur@playz.fr');
    const refused = await api('/channel/1/url/adaptive?product_usage=View', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Error.Number).toBe(4);
    const preview = await streamOf('/channel/1/url/adaptive?product_usage=Preview&target=player_hls');
    expect(preview).toMatchObject({ usage: 'Preview', window: 'preview' });
    const previewPlaylist = preview.url.replace('master.m3u8', 'media_0.m3u8');
    const media = (await get(previewPlaylist)).body;
    expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
    const segments = segmentUrls(media, previewPlaylist);
    expect(segments).toHaveLength(3);
    expect((await get(segments[2]!)).statusCode).toBe(200);
    const past = segments[2]!.replace(
      /-(\d{5})\.m4s$/,
      (_, n: string) => `-${String(Number(n) + 1).padStart(5, '0')}.m4s`,
    );
    expect((await get(past)).statusCode).toBe(403);
  });

  it('an unknown channel is 22 (HTTP 404); a bad id too', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    for (const id of ['999', 'abc']) {
      const res = await api(`/channel/${id}/url/adaptive`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().Error.Number).toBe(22);
    }
  });

  it('a tampered, forged or escaping URL is refused with 403', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = await streamOf('/channel/2/url/adaptive?target=player_hls', cookie);
    const token = stream.url.split('/')[2] as string;
    const [payload, signature] = token.split('.');
    const tampered = `${payload!.slice(0, -2)}AA.${signature}`;
    expect((await get(`/live/${tampered}/master.m3u8`)).statusCode).toBe(403);
    expect((await get('/live/forged.token/master.m3u8')).statusCode).toBe(403);
    const playlist = stream.url.replace('master.m3u8', 'media_0.m3u8');
    const segment = segmentUrls((await get(playlist)).body, playlist)[0]!;
    expect((await get(segment.replace(/clips\/city\/.*$/, 'clips/city/../../../stream-secret.key'))).statusCode).toBe(
      403,
    );
    expect((await get(segment.replace(/clips\/city\/.*$/, 'clips/aurora/chunk-stream0-00001.m4s'))).statusCode).toBe(
      403,
    );
    expect((await get(stream.url.replace('master.m3u8', 'secret.txt'))).statusCode).toBe(404);
  });
});

describe('a stream URL is bound to the session that asked for it (decision 022)', () => {
  it('after log-out its manifests stop within seconds; its segment URLs at once on this node (decision 022 addendum)', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = await streamOf('/channel/3/url/adaptive?target=player_hls', cookie);
    const playlist = stream.url.replace('master.m3u8', 'media_0.m3u8');
    const segment = segmentUrls((await get(playlist)).body, playlist)[0]!;
    expect((await get(segment)).statusCode).toBe(200);
    await api('/customer/logout', cookie);
    clock += 6000;
    expect((await get(playlist)).statusCode).toBe(403);
    // The node that saw the log-out refuses the segments too; another node looks the session up
    // once at its first segment under this grant (decision 096).
    expect((await get(segment)).statusCode).toBe(403);
    clock += 5 * 60 * 1000;
    expect((await get(segment)).statusCode).toBe(403);
  });

  it('a device that says it stopped (POST /customer/playback/stop) loses its manifests at once', async () => {
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const stream = await streamOf('/channel/5/url/adaptive?target=player_hls', cookie);
    expect((await get(stream.url)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
    expect((await get(stream.url)).statusCode).toBe(403);
    const again = await streamOf('/channel/5/url/adaptive?target=player_hls', cookie);
    expect((await get(again.url)).statusCode).toBe(200);
  });

  it('decision 096: two sessions reloading at the same instant get the same bytes; each segment opens under each one’s own grant', async () => {
    const [first, second] = await Promise.all([logInAs(t.app, 'abonne@playz.fr'), logInAs(t.app, 'demo@playz.fr')]);
    const playlists = await Promise.all(
      [first, second].map(async (cookie) =>
        (await streamOf('/channel/1/url/adaptive?target=player_hls', cookie)).url.replace(
          'master.m3u8',
          'media_0.m3u8',
        ),
      ),
    );
    expect(playlists[0]).not.toBe(playlists[1]);
    // Twice each, alternating: the second round is served from what the first one built.
    const texts: string[] = [];
    for (let round = 0; round < 2; round++) for (const playlist of playlists) texts.push((await get(playlist)).body);
    const [a1, b1, a2, b2] = texts as [string, string, string, string];
    expect(a2).toBe(a1);
    expect(b2).toBe(b1);
    expect(a1).toBe(b1);
    // No grant, session or customer in the text: only paths relative to the playlist's own.
    expect(a1).not.toMatch(/\/media\/s\/|\/live\//);
    for (const playlist of playlists) {
      const segment = segmentUrls(a1, playlist).at(-1)!;
      expect(segment.startsWith(playlist.replace('media_0.m3u8', ''))).toBe(true);
      expect((await get(segment)).statusCode).toBe(200);
    }
    await Promise.all([first, second].map(stopPlaying)); // frees the device places for the tests below
  });

  it('a guide change shows at the next reload', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = await streamOf('/channel/1/url/adaptive?target=player_hls', cookie);
    const playlist = stream.url.replace('master.m3u8', 'media_0.m3u8');
    const lastClip = async () =>
      /clips\/([a-z]+)\//.exec(segmentUrls((await get(playlist)).body, playlist).at(-1)!)![1];
    expect(await lastClip()).not.toBe('slate');
    const airing = await t.database.db
      .selectFrom('schedules')
      .select(['content_id'])
      .where('channel_id', '=', 1)
      .where('date_scheduled', '<=', new Date(clock - 2 * 3200).toISOString())
      .orderBy('date_scheduled', 'desc')
      .executeTakeFirstOrThrow();
    // The rights holder has the running programme taken off: the slate shows instead.
    await t.database.db.updateTable('contents').set({ enabled: 0 }).where('id', '=', airing.content_id).execute();
    try {
      clock += 3200; // a player reloads its playlist every segment
      expect(await lastClip()).toBe('slate');
    } finally {
      await t.database.db.updateTable('contents').set({ enabled: 1 }).where('id', '=', airing.content_id).execute();
    }
    clock += 3200;
    expect(await lastClip()).not.toBe('slate');
    await stopPlaying(cookie);
  });
});

describe('start-over and replay from the same segments (decision 022)', () => {
  it('start_over=1 plays the running programme from its start, as an EVENT playlist', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = await streamOf('/channel/1/url/adaptive?target=player_hls&start_over=1', cookie);
    expect(stream.window).toBe('startover');
    expect(stream.programme.dateScheduled).toBe('2026-11-24T20:00:00.000Z');
    const media = (await get(stream.url.replace('master.m3u8', 'media_0.m3u8'))).body;
    expect(media).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(media).not.toContain('ENDLIST');
  });

  it('a programme that aired plays as a closed replay of its own airing; 6 days ago too, 8 days ago not', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const replay = await streamOf('/content/5010/url/adaptive?target=player_dash', cookie);
    expect(replay).toMatchObject({ window: 'replay', type: 'dash' });
    expect(Date.parse(replay.programme.dateScheduled)).toBeLessThan(START);
    const mpd = (await get(replay.url)).body;
    expect(mpd).toContain('type="static"');
    const schedule = (
      await api(`/channel/1/schedule?date_from=2026-11-18T00:00:00Z&date_to=2026-11-18T02:00:00Z`)
    ).json().Response;
    expect(schedule).toBeTruthy();
    const sixDaysAgo = START - 6 * 24 * 3600 * 1000;
    const old = await t.database.db
      .selectFrom('schedules')
      .select(['id', 'content_id'])
      .where('channel_id', '=', 1)
      .where('date_scheduled', '<=', new Date(sixDaysAgo).toISOString())
      .orderBy('date_scheduled', 'desc')
      .executeTakeFirstOrThrow();
    const sixDays = await streamOf(
      `/content/${old.content_id}/url/adaptive?target=player_hls&schedule_id=${old.id}`,
      cookie,
    );
    expect(sixDays.window).toBe('replay');
    const text = (await get(sixDays.url.replace('master.m3u8', 'media_0.m3u8'))).body;
    expect(text).toContain('#EXT-X-ENDLIST');
    expect(segmentUrls(text)).toHaveLength(570);
    const tooOld = await t.database.db
      .selectFrom('schedules')
      .select(['id', 'content_id'])
      .where('channel_id', '=', 1)
      .where('date_scheduled', '<=', new Date(START - 8 * 24 * 3600 * 1000).toISOString())
      .orderBy('date_scheduled', 'desc')
      .executeTakeFirst();
    if (tooOld) {
      const res = await api(`/content/${tooOld.content_id}/url/adaptive?schedule_id=${tooOld.id}`, cookie);
      expect(res.json().Error.Number).toBe(20);
    }
  });

  it('the weather is shorter than its slot: after its 10 minutes the channel shows the slate', async () => {
    const airing = await t.database.db
      .selectFrom('schedules')
      .select(['id', 'date_scheduled'])
      .where('content_id', '=', 5013)
      .where('date_scheduled', '<', new Date(START - 3600 * 1000).toISOString())
      .orderBy('date_scheduled', 'desc')
      .executeTakeFirstOrThrow();
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const replay = await streamOf(`/content/5013/url/adaptive?target=player_hls&schedule_id=${airing.id}`, cookie);
    const segments = segmentUrls((await get(replay.url.replace('master.m3u8', 'media_0.m3u8'))).body);
    const clipOf = (url: string) => /clips\/([a-z]+)\//.exec(url)![1];
    expect(clipOf(segments[0]!)).toBe('city');
    expect(clipOf(segments[200]!)).toBe('slate'); // 640 s in
    expect(clipOf(segments.at(-1)!)).toBe('slate');
  });
});

describe('a Stream channel fed by the service’s encoder (decision 041)', () => {
  const writeIngest = () => {
    const dir = path.join(t.config.dataDir, 'media/live/20');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=597960\nmedia_0.m3u8\n');
    const playlist = ['#EXTM3U', '#EXT-X-MAP:URI="init-stream0.m4s"', '#EXTINF:3.200000,', 'chunk-stream0-00007.m4s'];
    fs.writeFileSync(path.join(dir, 'media_0.m3u8'), `${playlist.join('\n')}\n`);
    fs.writeFileSync(path.join(dir, 'chunk-stream0-00007.m4s'), 'live segment');
  };
  const stateOf20 = async () =>
    (await api('/channels')).json().Response.Channels.find((c: { channelID: number }) => c.channelID === 20)
      .streamState;

  it('is down while its encoder writes nothing, live once it does; its playlists play without a cookie', async () => {
    expect(await stateOf20()).toBe('down');
    writeIngest();
    // The state is the playlist's age against the wall clock (the encoder's files).
    expect(await stateOf20()).toBe('live');
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    // Earlier tests left the account playing on its three places: sign the others out.
    await t.app.inject({ method: 'POST', url: '/api/1.2/customer/logout/others', headers: { cookie } });
    const stream = await streamOf('/channel/20/url/adaptive?target=player_hls', cookie);
    expect(stream).toMatchObject({ type: 'hls', window: 'live' });
    expect(stream.url).toMatch(/^\/media\/s\/[^/]+\/live\/20\/master\.m3u8$/);
    const media = (await get(stream.url.replace('master.m3u8', 'media_0.m3u8'))).body;
    expect(media).toContain('/live/20/init-stream0.m4s"');
    const segment = segmentUrls(media)[0]!;
    expect((await get(segment)).body).toBe('live segment');
  });

  it('decision 041: a visitor’s preview is a closed cut of the newest 3 segments, and no other segment opens', async () => {
    // Not 3 finished segments yet: nothing to cut, the visitor is refused (4).
    expect((await api('/channel/20/url/adaptive?product_usage=Preview')).json().Error.Number).toBe(4);
    const dir = path.join(t.config.dataDir, 'media/live/20');
    /** The encoder's video playlist over segments `from`..`to` (each file written too). */
    const window = (from: number, to: number) => {
      const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:3', `#EXT-X-MEDIA-SEQUENCE:${from}`];
      lines.push('#EXT-X-MAP:URI="init-stream0.m4s"');
      for (let n = from; n <= to; n += 1) {
        const name = `chunk-stream0-${String(n).padStart(5, '0')}.m4s`;
        lines.push('#EXTINF:3.200000,', name);
        fs.writeFileSync(path.join(dir, name), `segment ${n}`);
      }
      fs.writeFileSync(path.join(dir, 'media_0.m3u8'), `${lines.join('\n')}\n`);
    };
    window(7, 11);

    // Asked for DASH, it is HLS: the cut is HLS for every player.
    const stream = await streamOf('/channel/20/url/adaptive?product_usage=Preview&target=player_dash', '');
    expect(stream).toMatchObject({ type: 'hls', usage: 'Preview', window: 'preview' });
    // Played once: the grant lasts while the encoder keeps the segments (2 minutes).
    expect(Date.parse(stream.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    const media = (await get(stream.url.replace('master.m3u8', 'media_0.m3u8'))).body;
    expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media).toContain('#EXT-X-MEDIA-SEQUENCE:9');
    expect(media.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const segments = segmentUrls(media);
    expect(segments.map((url) => url.split('/').at(-1))).toEqual([
      'chunk-stream0-00009.m4s',
      'chunk-stream0-00010.m4s',
      'chunk-stream0-00011.m4s',
    ]);
    expect((await get(segments[0]!)).body).toBe('segment 9');
    // The same grant does not open a segment outside the cut, nor the encoder's live MPD.
    expect((await get(segments[0]!.replace('00009', '00008'))).statusCode).toBe(403);
    expect((await get(stream.url.replace('master.m3u8', 'live.mpd'))).statusCode).toBe(404);
    // The encoder's window moved on past the cut: the excerpt is gone, never the live window.
    window(12, 16);
    expect((await get(stream.url.replace('master.m3u8', 'media_0.m3u8'))).statusCode).toBe(404);
  });
});
