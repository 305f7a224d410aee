import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, logInAs, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { importVideo } from '../src/modules/catalogue/import-video';
import { sniffSubtitle, SUBTITLE_MAX_LINE } from '../src/modules/catalogue/content-tracks';

// Decision 114: an editor adds a subtitle (WebVTT or SubRip, read from its bytes) to an uploaded
// content; the queued packaging job puts it in the HLS and DASH manifests the players read, a
// removal takes it out; marked protected, the content's CMAF is encrypted (ClearKey, decision 024)
// and its key goes only to an entitled viewer; off, the clear copy plays again. Every change audited.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let work: string;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
let contentId: number;
let subscriber: string;

const b64url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Tracks = {
  tracks: { id: string; kind: string; language: string; label: string; state: string; createdBy: string }[];
  packaging: { protected: boolean; protectedLive: boolean; state: string; error: string | null };
};
const tracksOf = async () =>
  (await call('GET', `/catalogue/contents/${contentId}/tracks`, roles.editor!)).json().Response as Tracks;
/** Waits for the packaging job: every track ready and the packaging as asked. */
const packaged = () =>
  until(tracksOf, (v) => v.packaging.state === 'ready' && v.tracks.every((track) => track.state === 'ready'));

/** The viewer's stream of the content (a subscriber), and a manifest fetched through its grant. */
const stream = async (target: 'player_hls' | 'player_dash', cookie = subscriber) =>
  (
    await t.app.inject({ url: `/api/1.2/content/${contentId}/url/adaptive?target=${target}`, headers: { cookie } })
  ).json();
const manifest = async (target: 'player_hls' | 'player_dash') => {
  const answer = (await stream(target)).Response.AdaptiveStream;
  return { stream: answer, text: (await t.app.inject({ url: answer.url, headers: { cookie: subscriber } })).body };
};

const send = (data: Buffer, language = 'fr', label = '', headers?: Record<string, string>) =>
  headers
    ? t.app.inject({
        method: 'POST',
        url: `/api/admin/catalogue/contents/${contentId}/subtitles`,
        headers: { cookie: roles.editor!, 'content-type': 'application/json', ...headers },
        payload: { language, label, data: data.toString('base64') },
      })
    : call('POST', `/catalogue/contents/${contentId}/subtitles`, roles.editor!, {
        language,
        label,
        data: data.toString('base64'),
      });

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'playz-tracks-'));
  const file = path.join(work, 'phare.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file],
  ]);
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
  // The media job's work (decision 094) done beforehand: a ladder and an editorial row, published.
  const made = await importVideo(t.database.db, path.join(t.config.dataDir, 'media'), {
    file,
    title: 'Le Phare',
    description: '',
    type: 'Film',
  });
  contentId = made.contentId;
  await t.database.db
    .insertInto('content_editorial')
    .values({
      content_id: contentId,
      texts: JSON.stringify({}),
      access: 'subscription',
      price_offer_id: null,
      published: 1,
      publish_from: null,
      publish_until: null,
      updated_at: new Date(clock).toISOString(),
    })
    .execute();
  subscriber = await logInAs(t.app, 'abonne@playz.fr');
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('issue spec console §Catalogue, spec 2 §3 subtitles: subtitles from the browser (decision 114)', () => {
  it('decision 114 the type is read from the bytes: WebVTT, SubRip; HTML, a picture, text are none', () => {
    expect(sniffSubtitle(Buffer.from('WEBVTT\n\n00:00.500 --> 00:01.000\nHi\n'))).toBe('webvtt');
    expect(sniffSubtitle(Buffer.from('\ufeffWEBVTT - titre\n\n'))).toBe('webvtt');
    expect(sniffSubtitle(Buffer.from('1\r\n00:00:00,500 --> 00:00:01,000\r\nSalut\r\n'))).toBe('subrip');
    expect(sniffSubtitle(Buffer.from('<!doctype html><p>1</p>'))).toBeNull();
    expect(sniffSubtitle(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBeNull();
    expect(sniffSubtitle(Buffer.from('WEBVTTX\n'))).toBeNull();
    expect(sniffSubtitle(Buffer.from('Bonjour\n'))).toBeNull();
  });

  it('decision 114 a SubRip file (Windows-1252) becomes a WebVTT track in the HLS and DASH manifests, audited', async () => {
    expect(await tracksOf()).toMatchObject({ tracks: [], packaging: { protected: false, state: 'ready' } });
    const srt = Buffer.from(
      '1\r\n00:00:00,200 --> 00:00:01,500\r\nL\xe9gende du phare\r\n\r\n2\r\n00:00:01,600 --> 00:00:01,900\r\nFin\r\n',
      'latin1',
    );
    const res = await send(srt, 'fr', 'Français (sourds et malentendants)');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response.tracks).toMatchObject([
      { language: 'fr', label: 'Français (sourds et malentendants)', createdBy: 'editor@playz.fr' },
    ]);
    const english = await send(Buffer.from('WEBVTT\n\n00:00.500 --> 00:01.500\nThe lighthouse\n'), 'en');
    expect(english.statusCode, english.body).toBe(200);
    const done = await packaged();
    expect(done.tracks.map((track) => [track.language, track.label, track.state])).toEqual([
      ['fr', 'Français (sourds et malentendants)', 'ready'],
      ['en', 'English', 'ready'],
    ]);

    const hls = await manifest('player_hls');
    expect(hls.text).toMatch(
      /#EXT-X-MEDIA:TYPE=SUBTITLES,[^\n]*NAME="Français \(sourds et malentendants\)",LANGUAGE="fr"/,
    );
    expect(hls.text).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,[^\n]*NAME="English",LANGUAGE="en"/);
    expect(hls.text).toMatch(/#EXT-X-STREAM-INF:[^\n]*SUBTITLES="subs"/);
    // The audio keeps its language (decision 068) in the new revision.
    expect(hls.text).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,[^\n]*LANGUAGE="fr",DEFAULT=YES/);
    const dash = await manifest('player_dash');
    expect(dash.text.match(/contentType="text" mimeType="text\/vtt"/g)).toHaveLength(2);
    expect(dash.text).toMatch(/contentType="text" mimeType="text\/vtt" lang="fr">/);

    // The WebVTT file the player fetches through the stream's grant: converted, accents kept.
    const uri = /TYPE=SUBTITLES,[^\n]*LANGUAGE="fr"[^\n]*URI="([^"]+)"/.exec(hls.text)![1]!;
    const playlist = (
      await t.app.inject({
        url: new URL(uri, `http://x${hls.stream.url}`).pathname + new URL(uri, `http://x${hls.stream.url}`).search,
        headers: { cookie: subscriber },
      })
    ).body;
    const vttName = playlist.split('\n').find((line) => line.endsWith('.vtt'))!;
    const vttUrl = new URL(vttName, new URL(uri, `http://x${hls.stream.url}`));
    const vtt = await t.app.inject({ url: vttUrl.pathname + vttUrl.search, headers: { cookie: subscriber } });
    expect(vtt.statusCode, vttUrl.toString()).toBe(200);
    expect(vtt.body).toMatch(/^WEBVTT/);
    expect(vtt.body).toContain('00:00.200 --> 00:01.500');
    expect(vtt.body).toContain('Légende du phare');

    const entry = (await call('GET', '/audit?action=content.subtitle.add', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ actor: 'editor@playz.fr', targetId: String(contentId) });
  }, 120_000);

  it('decision 114 a malformed file, an unknown language and a content the desk does not edit are refused with the envelope in the editor’s language, nothing added', async () => {
    const before = await tracksOf();
    const bad = [
      Buffer.from('<!doctype html><html><body>not subtitles</body></html>'),
      Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n'),
      readFileSync(path.join(t.config.dataDir, 'media', 'clips', `imported-${contentId}`, 'poster.jpg')),
      Buffer.alloc(0),
      // A line no subtitle has: ffmpeg would spend minutes on it (SUBTITLE_MAX_LINE).
      Buffer.from(`WEBVTT\n\n00:00.500 --> 00:01.000\n${'a'.repeat(SUBTITLE_MAX_LINE + 1)}\n`),
    ];
    for (const data of bad) {
      const res = await send(data, 'fr', '', { 'accept-language': 'en' });
      expect(res.statusCode, res.body).toBe(400);
      expectEnvelope(res.body, 3);
    }
    const french = await send(bad[0]!, 'fr', '', { 'accept-language': 'fr' });
    const english = await send(bad[0]!, 'fr', '', { 'accept-language': 'en' });
    expect(french.json().Error.Message).not.toBe(english.json().Error.Message);
    const language = await send(Buffer.from('WEBVTT\n\n00:00.500 --> 00:01.000\nHi\n'), 'de');
    expect(language.statusCode).toBe(400);
    expectEnvelope(language.body, 3);
    const missing = await call('POST', '/catalogue/contents/999999/subtitles', roles.editor!, {
      language: 'fr',
      label: '',
      data: Buffer.from('WEBVTT\n\n00:00.500 --> 00:01.000\nHi\n').toString('base64'),
    });
    expect(missing.statusCode).toBe(404);
    expectEnvelope(missing.body, 20);
    expect((await tracksOf()).tracks).toEqual(before.tracks);
  }, 60_000);

  it('decision 114 a removed subtitle leaves both manifests once the job ran; audited', async () => {
    const { tracks } = await tracksOf();
    const english = tracks.find((track) => track.language === 'en')!;
    const res = await call('POST', `/catalogue/contents/${contentId}/tracks/${english.id}/remove`, roles.editor!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response.tracks.find((track: { id: string }) => track.id === english.id).state).toBe('removing');
    const done = await until(tracksOf, (v) => v.packaging.state === 'ready' && v.tracks.length === 1);
    expect(done.tracks.map((track) => track.language)).toEqual(['fr']);
    const hls = await manifest('player_hls');
    expect(hls.text).not.toContain('LANGUAGE="en"');
    expect(hls.text).toContain('TYPE=SUBTITLES');
    expect((await manifest('player_dash')).text.match(/contentType="text"/g)).toHaveLength(1);
    // Removed twice: unknown the second time.
    const again = await call('POST', `/catalogue/contents/${contentId}/tracks/${english.id}/remove`, roles.editor!);
    expect(again.statusCode).toBe(404);
    expectEnvelope(again.body, 7);
    const entry = (await call('GET', '/audit?action=content.subtitle.remove', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ actor: 'editor@playz.fr', targetId: String(contentId) });
  }, 60_000);
});

describe('issue spec console §Catalogue, spec 2 §7 DRM: protection of an uploaded content (decision 114)', () => {
  it('decision 114 protected: the job encrypts the CMAF, the stream names ClearKey, an entitled viewer gets the key once, subtitles kept', async () => {
    const res = await call('POST', `/catalogue/contents/${contentId}/protection`, roles.editor!, { protected: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response.packaging).toMatchObject({ protected: true, protectedLive: false });
    const done = await until(tracksOf, (v) => v.packaging.state === 'ready' && v.packaging.protectedLive);
    expect(done.tracks.map((track) => track.state)).toEqual(['ready']);

    const answer = (await stream('player_hls')).Response.AdaptiveStream;
    // An encrypted clip plays as DASH whatever the target (decision 024).
    expect(answer.type).toBe('dash');
    expect(answer.contentProtection).toMatchObject({ DrmType: 'ClearKey', ContentAccessMode: 'View' });
    const kid = answer.contentProtection.ContentSecurityID as string;
    expect(kid).toMatch(/^[a-f0-9]{32}$/);
    const mpd = (await t.app.inject({ url: answer.url, headers: { cookie: subscriber } })).body;
    expect(mpd).toContain('value="ClearKey1.0"');
    expect(mpd).toContain('contentType="text"');

    // The key as drm-keys.ts stores them: in the data folder's keys.json, never under the media folder.
    const stored = JSON.parse(readFileSync(path.join(t.config.dataDir, 'drm', 'keys.json'), 'utf8')) as Record<
      string,
      { kid: string; key: string }
    >;
    const entry = Object.values(stored).find((k) => k.kid === kid)!;
    expect(entry).toBeDefined();

    const token = await t.app.inject({
      method: 'POST',
      url: answer.contentProtection.DrmLicenseTokenUrl,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ contentAccessMode: 'View', contentSecurityId: kid, usageContext: 'player_dash' }),
    });
    expect(token.statusCode, token.body).toBe(200);
    const licence = (licenceToken: string) =>
      t.app.inject({
        method: 'POST',
        url: `/drm/license?licenseToken=${encodeURIComponent(licenceToken)}`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: JSON.stringify({ kids: [b64url(kid)], type: 'temporary' }),
      });
    const first = await licence(token.json().Response.Token);
    expect(first.statusCode).toBe(200);
    expect(first.json().keys).toEqual([{ kty: 'oct', kid: b64url(kid), k: b64url(entry.key) }]);
    expect((await licence(token.json().Response.Token)).statusCode).toBe(403);

    // The segments the viewers get are not the clear ones: ffmpeg reads them only with the key.
    const clips = path.join(t.config.dataDir, 'media', 'clips');
    const key = (
      await t.database.db
        .selectFrom('contents')
        .select('clip_key')
        .where('id', '=', contentId)
        .executeTakeFirstOrThrow()
    ).clip_key!;
    expect(key).toMatch(new RegExp(`^imported-${contentId}-r\\d+-cenc$`));
    const init = readFileSync(path.join(clips, key, 'init-stream0.m4s'));
    expect(init.includes(Buffer.from('encv'))).toBe(true);
    expect(init.includes(Buffer.from('pssh'))).toBe(true);
  }, 120_000);

  it('decision 114 a viewer without rights gets no key: no View stream, and no token from a grant after log-out', async () => {
    const kid =
      (await tracksOf()) &&
      ((await stream('player_dash')).Response.AdaptiveStream.contentProtection.ContentSecurityID as string);
    // A signed-in customer without a subscription is refused the View stream (no grant, no token).
    const visitor = await logInAs(t.app, 'visiteur@playz.fr');
    const refused = await stream('player_dash', visitor);
    expect(refused.Response).toBeNull();
    expect(refused.Error.Number).not.toBe(0);
    // Nobody signed in: no stream either.
    const anonymous = (
      await t.app.inject({ url: `/api/1.2/content/${contentId}/url/adaptive?target=player_dash` })
    ).json();
    expect(anonymous.Response).toBeNull();
    // A subscriber's grant stops speaking for anyone once its session is gone.
    const leaving = await logInAs(t.app, 'abonne@playz.fr');
    const answer = (await stream('player_dash', leaving)).Response.AdaptiveStream;
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie: leaving } });
    const token = await t.app.inject({
      method: 'POST',
      url: answer.contentProtection.DrmLicenseTokenUrl,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ contentAccessMode: 'View', contentSecurityId: kid, usageContext: 'player_dash' }),
    });
    expect(token.json().Response).toBeNull();
    expect(token.json().Error.Number).toBe(4);
    // A forged token gets no licence.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/drm/license?licenseToken=forged.token',
      headers: { 'content-type': 'application/octet-stream' },
      payload: JSON.stringify({ kids: [b64url(kid)], type: 'temporary' }),
    });
    expect(forged.statusCode).toBe(403);
  }, 60_000);

  it('decision 114 protection off: the clear copy plays again, with its subtitles; audited', async () => {
    const res = await call('POST', `/catalogue/contents/${contentId}/protection`, roles.editor!, { protected: false });
    expect(res.statusCode, res.body).toBe(200);
    await until(tracksOf, (v) => v.packaging.state === 'ready' && !v.packaging.protectedLive);
    const answer = (await stream('player_hls')).Response.AdaptiveStream;
    expect(answer.contentProtection ?? null).toBeNull();
    const hls = await manifest('player_hls');
    expect(hls.text).toMatch(/TYPE=SUBTITLES,[^\n]*LANGUAGE="fr"/);
    const key = (
      await t.database.db
        .selectFrom('contents')
        .select('clip_key')
        .where('id', '=', contentId)
        .executeTakeFirstOrThrow()
    ).clip_key!;
    expect(key).toMatch(new RegExp(`^imported-${contentId}-r\\d+$`));
    expect(existsSync(path.join(t.config.dataDir, 'media', 'clips', key, 'clip.json'))).toBe(true);
    const entries = (await call('GET', '/audit?action=content.protection', roles.admin!)).json().Response.entries;
    expect(entries).toHaveLength(2);
  }, 60_000);
});

describe('issue spec console §Catalogue, spec 2 §3 audio languages: a second audio language from the browser (decision 114)', () => {
  const sendAudio = (data: Buffer, language = 'en', label = '', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/contents/${contentId}/audio`,
      headers: { cookie: roles.editor!, 'content-type': 'application/json', ...headers },
      payload: { language, label, data: data.toString('base64') },
    });
  const audioFile = (name: string, args: string[]) => {
    const file = path.join(work, name);
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, file]);
    return readFileSync(file);
  };
  /** A playlist or segment named by a manifest, fetched through the stream's grant as a player does. */
  const fetchBeside = async (manifestUrl: string, uri: string) => {
    const url = new URL(uri, `http://x${manifestUrl}`);
    return t.app.inject({ url: url.pathname + url.search, headers: { cookie: subscriber } });
  };

  it('decision 114 an audio file (a WAV) and a video’s sound become audio languages in HLS and DASH, the film’s first language still the default; audited', async () => {
    // Shorter than the film (1.5 s against 2 s): padded with silence to its length.
    const wav = audioFile('english.wav', ['-f', 'lavfi', '-i', 'sine=frequency=660:duration=1.5']);
    const res = await sendAudio(wav, 'en', 'English (VO)');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response.tracks.at(-1)).toMatchObject({
      kind: 'audio',
      language: 'en',
      label: 'English (VO)',
      state: 'queued',
    });
    // A video file: its sound is taken, its picture left.
    const video = readFileSync(path.join(work, 'phare.mp4'));
    expect((await sendAudio(video, 'nl')).statusCode).toBe(200);
    const done = await packaged();
    expect(done.tracks.filter((track) => track.kind === 'audio').map((track) => [track.language, track.label])).toEqual(
      [
        ['en', 'English (VO)'],
        ['nl', 'Nederlands'],
      ],
    );

    const hls = await manifest('player_hls');
    const audioLines = hls.text.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'));
    expect(audioLines).toHaveLength(3);
    expect(audioLines[0]).toMatch(/LANGUAGE="fr",DEFAULT=YES/);
    expect(audioLines[1]).toMatch(/GROUP-ID="[^"]+",NAME="English \(VO\)",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES/);
    expect(audioLines[2]).toMatch(/NAME="Nederlands",LANGUAGE="nl",DEFAULT=NO/);
    // One group for every language: the variants name it, so the players' audio menu lists them all.
    expect(new Set(audioLines.map((line) => /GROUP-ID="([^"]+)"/.exec(line)![1])).size).toBe(1);
    expect(hls.text).toMatch(/TYPE=SUBTITLES,[^\n]*LANGUAGE="fr"/);
    // The English playlist and its segments through the grant: AAC at the ladder's 3.2 s segments.
    const uri = /LANGUAGE="en"[^\n]*URI="([^"]+)"/.exec(audioLines[1]!)![1]!;
    const playlist = await fetchBeside(hls.stream.url, uri);
    expect(playlist.statusCode).toBe(200);
    const segments = playlist.body.split('\n').filter((line) => line.includes('.m4s') && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    // A VOD playlist as the ladder's own (no wall-clock dates from the muxer).
    expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.body).not.toContain('PROGRAM-DATE-TIME');
    const playlistUrl =
      new URL(uri, `http://x${hls.stream.url}`).pathname + new URL(uri, `http://x${hls.stream.url}`).search;
    const segment = await fetchBeside(playlistUrl, segments[0]!);
    expect(segment.statusCode).toBe(200);
    const init = await fetchBeside(playlistUrl, /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist.body)![1]!);
    expect(init.statusCode).toBe(200);
    expect(init.rawPayload.includes(Buffer.from('mp4a'))).toBe(true);

    const dash = await manifest('player_dash');
    expect(dash.text.match(/contentType="audio"/g)).toHaveLength(3);
    expect(dash.text).toMatch(
      /contentType="audio"[^>]*lang="en">\s*<Label>English \(VO\)<\/Label>\s*<Representation id="\d+" mimeType="audio\/mp4" codecs="mp4a.40.2"/,
    );
    expect(dash.text).toMatch(/contentType="audio"[^>]*lang="nl">\s*<Label>Nederlands<\/Label>/);
    expect(dash.text.match(/value="main"/g)).toHaveLength(1);

    const entries = (await call('GET', '/audit?action=content.audio.add', roles.admin!)).json().Response.entries;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actor: 'editor@playz.fr', targetId: String(contentId) });
  }, 180_000);

  it('decision 114 a file with no sound (a picture, a text, a silent video) or empty is refused with error 3 in the editor’s language, nothing added', async () => {
    const before = await tracksOf();
    const bad = [
      readFileSync(path.join(t.config.dataDir, 'media', 'clips', `imported-${contentId}`, 'poster.jpg')),
      Buffer.from('WEBVTT\n\n00:00.500 --> 00:01.000\nHi\n'),
      audioFile('silent.mp4', [
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=160x90:rate=25:duration=1',
        '-an',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
      ]),
      Buffer.alloc(0),
    ];
    for (const data of bad) {
      const res = await sendAudio(data, 'en', '', { 'accept-language': 'en' });
      expect(res.statusCode, res.body).toBe(400);
      expectEnvelope(res.body, 3);
    }
    const french = await sendAudio(bad[1]!, 'en', '', { 'accept-language': 'fr' });
    const english = await sendAudio(bad[1]!, 'en', '', { 'accept-language': 'en' });
    expect(french.json().Error.Message).not.toBe(english.json().Error.Message);
    const language = await sendAudio(readFileSync(path.join(work, 'english.wav')), 'de');
    expect(language.statusCode).toBe(400);
    expectEnvelope(language.body, 3);
    expect((await tracksOf()).tracks).toEqual(before.tracks);
    // Nothing kept of a refused file under the data folder (the English WAV and the video only).
    const kept = readdirSync(path.join(t.config.dataDir, 'tracks')).filter((name) => name.endsWith('.audio'));
    expect(kept).toHaveLength(2);
  }, 60_000);

  it('decision 114 protected, the added languages are encrypted with the rest; removed, one leaves both manifests; audited', async () => {
    const on = await call('POST', `/catalogue/contents/${contentId}/protection`, roles.editor!, { protected: true });
    expect(on.statusCode, on.body).toBe(200);
    await until(tracksOf, (v) => v.packaging.state === 'ready' && v.packaging.protectedLive);
    const key = (
      await t.database.db
        .selectFrom('contents')
        .select('clip_key')
        .where('id', '=', contentId)
        .executeTakeFirstOrThrow()
    ).clip_key!;
    expect(key).toMatch(/-cenc$/);
    const clip = JSON.parse(readFileSync(path.join(t.config.dataDir, 'media', 'clips', key, 'clip.json'), 'utf8')) as {
      audio: { id: number; language: string }[];
    };
    expect(clip.audio.map((a) => a.language)).toEqual(['fr', 'en', 'nl']);
    for (const { id } of clip.audio.slice(1)) {
      const init = readFileSync(path.join(t.config.dataDir, 'media', 'clips', key, `init-stream${id}.m4s`));
      expect(init.includes(Buffer.from('enca')), `init-stream${id}`).toBe(true);
    }
    const mpd = (await manifest('player_dash')).text;
    expect(mpd.match(/contentType="audio"/g)).toHaveLength(3);

    const dutch = (await tracksOf()).tracks.find((track) => track.kind === 'audio' && track.language === 'nl')!;
    const res = await call('POST', `/catalogue/contents/${contentId}/tracks/${dutch.id}/remove`, roles.editor!);
    expect(res.statusCode, res.body).toBe(200);
    await until(tracksOf, (v) => v.packaging.state === 'ready' && !v.tracks.some((track) => track.id === dutch.id));
    expect((await manifest('player_dash')).text).not.toContain('lang="nl"');
    await call('POST', `/catalogue/contents/${contentId}/protection`, roles.editor!, { protected: false });
    await until(tracksOf, (v) => v.packaging.state === 'ready' && !v.packaging.protectedLive);
    const hls = await manifest('player_hls');
    expect(hls.text).not.toContain('LANGUAGE="nl"');
    expect(hls.text).toMatch(/TYPE=AUDIO,[^\n]*LANGUAGE="en"/);
    expect(existsSync(path.join(t.config.dataDir, 'tracks', `${dutch.id}.audio`))).toBe(false);
    const entry = (await call('GET', '/audit?action=content.audio.remove', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ actor: 'editor@playz.fr', targetId: String(contentId) });
  }, 180_000);
});
