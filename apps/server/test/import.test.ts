import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type Db } from '../src/db/connect';
import { VERSION_CHECK_MS } from '../src/modules/catalogue/catalogue-cache';
import { ImportUsageError, runImport } from '../src/modules/catalogue/import-command';
import { parseM3u } from '../src/modules/catalogue/import-m3u';
import { parseXmltv, parseXmltvTime } from '../src/modules/catalogue/import-guide';
import { createTestApp, logInAs, type TestApp } from './test-app';

const NOW = new Date('2026-11-22T12:10:00Z');
let t: TestApp;
let database: Db;
let tmp: string;
let cookie: string;
beforeAll(async () => {
  // The catalogue cache reads Date.now: only Date is faked, before the app is built, so this file
  // moves the cache's clock past its version check instead of sleeping against it (timers run).
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  t = await createTestApp({ now: () => NOW });
  database = connectDatabase(t.config);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-import-'));
  cookie = await logInAs(t.app, 'abonne@playz.fr');
});
afterAll(async () => {
  await database.close();
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  vi.useRealTimers();
});

const mediaRoot = () => path.join(t.config.dataDir, 'media');
const api = async (url: string) => (await t.app.inject({ url: `/api/1.2${url}`, headers: { cookie } })).json();
/** The server re-reads the catalogue version every 2 s: the clock is moved past it (no cache poked). */
const afterVersionCheck = () => vi.advanceTimersByTime(VERSION_CHECK_MS + 1);

describe('operator import of a video (decision 013)', () => {
  it('adds a content whose adaptive stream, frames and share page work', async () => {
    const source = path.join(tmp, 'source.mp4');
    execFileSync('ffmpeg', [
      ...['-y', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', source],
    ]);
    // Asked before the import, so the answer sits in the server's cache when the import lands.
    expect((await api('/search?keywords=phare%20quatre')).Response.Total).toBe(0);
    const summary = await runImport(database, mediaRoot(), [
      'video',
      source,
      ...['--title', 'Le Phare des Quatre Vents', '--description', 'Un gardien de phare et sa dernière tempête.'],
      ...['--type', 'Film', '--genre', 'drame', '--year', '2026', '--rating=-12'],
    ]);
    const id = Number(/content (\d+)/.exec(summary)?.[1]);
    expect(id).toBeGreaterThanOrEqual(100000);

    const content = (await api(`/content/${id}`)).Response.Content;
    expect(content).toMatchObject({ title: 'Le Phare des Quatre Vents', contentType: 'Film', duration: 3, rating: 12 });
    const stream = (await api(`/content/${id}/url/adaptive?target=player_dash`)).Response.AdaptiveStream;
    expect(stream.usage).toBe('View');
    const manifest = await t.app.inject({ url: stream.url, headers: { cookie } });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.body).toContain('<MPD');
    expect((await api(`/content/${id}/frames`)).Response.Frames).toHaveLength(10);
    const poster = await t.app.inject({ url: content.posterUrl });
    expect(poster.statusCode).toBe(200);

    // A content URL fetched without JavaScript carries its Open Graph tags, image included.
    const page = await t.app.inject({ url: `/content/${id}/le-phare-des-quatre-vents.html` });
    expect(page.body).toContain('<meta property="og:title" content="Le Phare des Quatre Vents" />');
    expect(page.body).toContain(`<meta property="og:image" content="http://localhost:3000${content.posterUrl}" />`);

    afterVersionCheck();
    const found = (await api('/search?keywords=phare%20quatre')).Response.Collection;
    expect(found[0].contentID).toBe(id);
  }, 120_000);

  it('takes extra audio languages and SubRip or WebVTT subtitles into the ladder (decision 068)', async () => {
    const source = path.join(tmp, 'two-voices.mkv');
    execFileSync('ffmpeg', [
      ...['-y', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-f', 'lavfi', '-i', 'sine=frequency=660'],
      ...['-map', '0:v', '-map', '1:a', '-map', '2:a', '-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', source],
    ]);
    // A SubRip file as a French PC writes it: Windows-1252, CRLF.
    const srt = path.join(tmp, 'sous-titres.srt');
    fs.writeFileSync(srt, Buffer.from('1\r\n00:00:00,500 --> 00:00:02,000\r\nL\xe9gende en fran\xe7ais\r\n', 'latin1'));
    const vtt = writeFixture('english.vtt', 'WEBVTT\n\n00:00.500 --> 00:02.000\nEnglish caption\n');
    const summary = await runImport(database, mediaRoot(), [
      ...['video', source, '--title', 'Deux Voix', '--type', 'Film'],
      ...['--audio', 'en=source:1', '--subtitles', `fr=${srt}`, '--subtitles', `en=${vtt}`],
    ]);
    const id = Number(/content (\d+)/.exec(summary)?.[1]);
    const dir = path.join(mediaRoot(), 'clips', `imported-${id}`);
    const clip = JSON.parse(fs.readFileSync(path.join(dir, 'clip.json'), 'utf8'));
    expect(clip.audio).toEqual([
      { id: 3, language: 'fr', label: 'Français' },
      { id: 4, language: 'en', label: 'English' },
    ]);
    expect(clip.subtitles.map((s: { language: string; label: string }) => [s.language, s.label])).toEqual([
      ['fr', 'Français'],
      ['en', 'English'],
    ]);
    const french = fs.readFileSync(path.join(mediaRoot(), clip.subtitles[0].path), 'utf8');
    expect(french).toMatch(/^WEBVTT/);
    expect(french).toContain('00:00.500 --> 00:02.000');
    expect(french).toContain('Légende en français');

    const stream = (await api(`/content/${id}/url/adaptive?target=player_dash`)).Response.AdaptiveStream;
    const mpd = (await t.app.inject({ url: stream.url, headers: { cookie } })).body;
    expect(mpd).toMatch(
      /contentType="audio"[^>]*lang="fr">\s*<Role schemeIdUri="urn:mpeg:dash:role:2011" value="main"\/>/,
    );
    expect(mpd).toMatch(/contentType="audio"[^>]*lang="en">\s*<Label>English<\/Label>/);
    expect(mpd).toMatch(/contentType="text" mimeType="text\/vtt" lang="en">/);
    const hls = (await api(`/content/${id}/url/adaptive?target=player_hls`)).Response.AdaptiveStream;
    const master = (await t.app.inject({ url: hls.url, headers: { cookie } })).body;
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,[^\n]*NAME="English",LANGUAGE="en",DEFAULT=NO/);
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,[^\n]*NAME="Français",LANGUAGE="fr"/);
    expect(master).toMatch(/#EXT-X-STREAM-INF:[^\n]*SUBTITLES="subs"/);
  }, 120_000);

  it('refuses bad arguments with the usage', async () => {
    await expect(runImport(database, mediaRoot(), ['video', 'x.mp4', '--title', 'A'])).rejects.toThrow(
      ImportUsageError,
    );
    await expect(
      runImport(database, mediaRoot(), ['video', 'x.mp4', '--title', 'A', '--type', 'Opera']),
    ).rejects.toThrow(/--type must be one of/);
    await expect(runImport(database, mediaRoot(), ['podcast', 'x'])).rejects.toThrow(ImportUsageError);
    await expect(
      runImport(database, mediaRoot(), ['video', 'x.mp4', '--title', 'A', '--type', 'Film', '--rating=-14']),
    ).rejects.toThrow(/--rating must be one of/);
    const film = ['video', 'x.mp4', '--title', 'A', '--type', 'Film'];
    await expect(runImport(database, mediaRoot(), [...film, '--subtitles', 'en=notes.txt'])).rejects.toThrow(
      /--subtitles takes a \.vtt or \.srt file/,
    );
    await expect(runImport(database, mediaRoot(), [...film, '--audio', 'english=en.m4a'])).rejects.toThrow(
      /--audio takes <language>=<file>/,
    );
    await expect(runImport(database, mediaRoot(), [...film, '--audio-language', 'French'])).rejects.toThrow(
      /--audio-language must be a language/,
    );
  });
});

const XMLTV = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv generator-info-name="fixture">
  <channel id="cineclub.fr"><display-name lang="fr">Ciné Club</display-name></channel>
  <channel id="inconnue.fr"><display-name>Chaîne Inconnue</display-name></channel>
  <programme start="20261122130000 +0100" stop="20261122143000 +0100" channel="cineclub.fr">
    <title lang="fr">La Nuit &amp; le Jour</title>
    <desc lang="fr">Un classique restauré.</desc>
    <category lang="fr">Cinéma</category>
    <rating system="MPAA"><value>R</value></rating>
    <rating system="CSA"><value>-16</value></rating>
  </programme>
  <programme start="20261122143000 +0100" stop="20261122160000 +0100" channel="cineclub.fr">
    <title lang="en">Night Train</title><title lang="fr">Train de nuit</title>
  </programme>
  <programme start="20261122130000 +0100" stop="20261122140000 +0100" channel="inconnue.fr">
    <title>Ailleurs</title>
  </programme>
</tv>`;

describe('XMLTV programme guide import (decision 013)', () => {
  it('parses times with their offsets, titles in French and entities', () => {
    expect(parseXmltvTime('20261122130000 +0100')).toBe('2026-11-22T12:00:00.000Z');
    expect(parseXmltvTime('202611221300')).toBe('2026-11-22T13:00:00.000Z');
    expect(parseXmltvTime('tomorrow')).toBeNull();
    const guide = parseXmltv(XMLTV);
    expect(guide.programmes.map((p) => p.title)).toEqual(['La Nuit & le Jour', 'Train de nuit', 'Ailleurs']);
  });

  it('reads the French rating of a programme, tous publics when it has none (decision 059)', () => {
    const guide = parseXmltv(XMLTV);
    expect(guide.programmes.map((p) => p.rating)).toEqual([16, null, null]);
    const unknownSystem = parseXmltv(
      XMLTV.replace('<rating system="CSA"><value>-16</value></rating>', '<rating><value>-12 ans</value></rating>'),
    );
    expect(unknownSystem.programmes[0]!.rating).toBe(12);
  });

  it('puts the programmes in the channel guide, matched by display name, and reports the rest', async () => {
    const summary = await runImport(database, mediaRoot(), ['xmltv', writeFixture('guide.xml', XMLTV)]);
    expect(summary).toBe('2 programmes on 1 channels; unknown channels: Chaîne Inconnue');
    const schedules = (await api('/channel/3/schedule?date_from=2026-11-22T12:00:00Z&date_to=2026-11-22T15:00:00Z'))
      .Response.Schedules;
    expect(schedules.map((s: { content: { title: string } }) => s.content.title)).toEqual([
      'La Nuit & le Jour',
      'Train de nuit',
    ]);
    expect(schedules[0]).toMatchObject({ dateScheduled: '2026-11-22T12:00:00.000Z', duration: 5400 });
    expect(schedules[0].content).toMatchObject({ contentType: 'Programme', channelID: 3, rating: 16 });
    expect(schedules[1].content.rating).toBe(0);
  });
});

const M3U = `#EXTM3U
#EXTINF:-1 tvg-id="3" tvg-name="Ciné Club" group-title="Cinéma",Ciné Club
https://streams.example.org/cineclub/master.m3u8
#EXTINF:-1 tvg-id="meteo.fr" group-title="Info",Météo Live
https://streams.example.org/meteo/index.m3u8
#EXTINF:-1,Local File
/home/me/video.ts
`;

describe('M3U channel list import (decision 013)', () => {
  it('parses names, ids, groups and only web stream URLs', () => {
    expect(parseM3u(M3U)).toEqual([
      { name: 'Ciné Club', tvgId: '3', group: 'Cinéma', url: 'https://streams.example.org/cineclub/master.m3u8' },
      { name: 'Météo Live', tvgId: 'meteo.fr', group: 'Info', url: 'https://streams.example.org/meteo/index.m3u8' },
    ]);
  });

  it('makes a known channel a Stream channel and creates the new ones', async () => {
    const summary = await runImport(database, mediaRoot(), ['m3u', writeFixture('channels.m3u', M3U)]);
    expect(summary).toBe('1 channels created, 1 updated');
    const row = await database.db.selectFrom('channels').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      channel_type: 'Stream',
      stream_url: 'https://streams.example.org/cineclub/master.m3u8',
    });
    afterVersionCheck();
    const channels = (await api('/channels')).Response.Channels;
    expect(channels.find((c: { name: string }) => c.name === 'Météo Live')).toMatchObject({
      channelType: 'Stream',
      genre: 'info',
      url: 'https://streams.example.org/meteo/index.m3u8',
    });
  });
});

function writeFixture(name: string, text: string): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
}
