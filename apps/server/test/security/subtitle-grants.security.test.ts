import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTracksToHlsMaster, addTracksToMpd, buildSubtitlePlaylist, subtitleFileName } from '@playz/media';
import { writeFmp4Clip } from '../support/fmp4-clip';
import { createTestApp, type TestApp } from '../test-app';
import { logIn, report } from './security-support';

/**
 * Subtitles and audio languages under the stream's grant (decision 068). A clip's WebVTT files
 * are its dialogue: like its segments, they are served only under the segments grant of a
 * stream the viewer was given, never from the public media folder, and not after the session
 * that was given the stream has ended. Pass rule: no subtitle without a live grant.
 */
let t: TestApp;
let requests = 0;
const CUE = 'These subtitles are in English.';

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
  // content 1001 plays clips/ocean: one rendition (id 0), French audio (1), English audio (2).
  writeFmp4Clip(t.config.dataDir, 'ocean', [
    { width: 480, height: 270, bandwidth: 531232, codecs: 'avc1.4d4015,mp4a.40.2' },
  ]);
  const dir = path.join(t.config.dataDir, 'media/clips/ocean');
  const audio = [
    { id: 1, language: 'fr', label: 'Français' },
    { id: 2, language: 'en', label: 'English' },
  ];
  const subtitles = [3, 4].map((id, i) => ({
    id,
    language: ['fr', 'en'][i]!,
    label: ['Français', 'English'][i]!,
    path: `clips/ocean/${subtitleFileName(id)}`,
  }));
  fs.writeFileSync(path.join(dir, subtitleFileName(3)), 'WEBVTT\n\n00:00.000 --> 00:03.000\nBienvenue sur Playz.\n');
  fs.writeFileSync(path.join(dir, subtitleFileName(4)), `WEBVTT\n\n00:00.000 --> 00:03.000\n${CUE}\n`);
  for (const s of subtitles) {
    fs.writeFileSync(path.join(dir, `media_${s.id}.m3u8`), buildSubtitlePlaylist(subtitleFileName(s.id), 9.6));
  }
  const edit = (name: string, change: (text: string) => string) =>
    fs.writeFileSync(path.join(dir, name), change(fs.readFileSync(path.join(dir, name), 'utf8')));
  edit('master.m3u8', (text) => addTracksToHlsMaster(text, audio.slice(0, 1), subtitles));
  edit('manifest.mpd', (text) => addTracksToMpd(text, [], subtitles));
});
afterAll(async () => {
  report('subtitle grants', { requests });
  await t?.close();
});

const get = async (url: string, cookie?: string) => {
  requests += 1;
  return t.app.inject({ url, headers: cookie ? { cookie, 'x-forwarded-for': '10.98.0.1' } : {} });
};
const streamUrl = async (cookie: string, target: 'player_hls' | 'player_dash') =>
  (await get(`/api/1.2/content/1001/url/adaptive?target=${target}`, cookie)).json().Response.AdaptiveStream
    .url as string;

describe('subtitles under the stream grant (decision 068)', () => {
  it('a WebVTT file is never public: the media folder answers 404 for it', async () => {
    expect((await get(`/media/clips/ocean/${subtitleFileName(4)}`)).statusCode).toBe(404);
    expect((await get(`/media/clips/ocean/media_4.m3u8`)).statusCode).toBe(404);
  });

  it('HLS: the multivariant playlist names the subtitle playlists under the segments grant, which opens their WebVTT', async () => {
    const cookie = await logIn(t.app, 'abonne@playz.fr', 'playz2026', '10.98.0.1');
    const master = (await get(await streamUrl(cookie, 'player_hls'))).body;
    const line = master.split('\n').find((l) => l.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES') && l.includes('"en"'))!;
    expect(line).toContain('NAME="English"');
    const playlistUrl = /URI="([^"]+)"/.exec(line)![1]!;
    expect(playlistUrl).toMatch(/^\/media\/s\/[^/]+\/clips\/ocean\/media_4\.m3u8$/);
    const playlist = await get(playlistUrl);
    expect(playlist.statusCode).toBe(200);
    const vttName = playlist.body.split('\n').find((l) => l.endsWith('.vtt'))!;
    const vtt = await get(playlistUrl.replace(/media_4\.m3u8$/, vttName));
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.body).toContain(CUE);
    // Another clip's folder under the same grant: refused.
    expect((await get(playlistUrl.replace('clips/ocean/media_4.m3u8', `clips/other/${vttName}`))).statusCode).toBe(403);
  });

  it('DASH: the text adaptation sets resolve under the MPD BaseURL grant; after log-out the WebVTT is refused', async () => {
    const cookie = await logIn(t.app, 'abonne@playz.fr', 'playz2026', '10.98.0.1');
    const mpd = (await get(await streamUrl(cookie, 'player_dash'))).body;
    expect(mpd).toMatch(/<AdaptationSet id="\d+" contentType="text" mimeType="text\/vtt" lang="en">/);
    const base = /<BaseURL>(\/media\/s\/[^<]+)<\/BaseURL>/.exec(mpd)![1]!;
    const file = /<BaseURL>(subtitles-stream4\.vtt)<\/BaseURL>/.exec(mpd)![1]!;
    expect((await get(`${base}${file}`)).body).toContain(CUE);
    expect((await get('/api/1.2/customer/logout', cookie)).statusCode).toBe(200);
    expect((await get(`${base}${file}`)).statusCode).toBe(403);
  });
});
