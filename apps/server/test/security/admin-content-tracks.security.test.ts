import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_BASE_PATH } from '@playz/api-contract/admin';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { staffConsole, type StaffConsole } from '../support/staff-console';

/**
 * Decision 114: the subtitle call takes a file of up to 1 MiB (about 1.4 MB of base64), the audio
 * call one of up to 64 MiB, and both write under the data folder, and the protection call changes what viewers play; both are the editors'.
 * Pass rule: no session and a customer's session (11), a support member (4) are refused with the
 * envelope, the subtitle's body is never pulled from the socket (decision 108: the session is
 * checked first), no track row, packaging row or file appears; an editor's call is read (control).
 */
let clock = Date.parse('2026-11-29T12:00:00Z');
let t: TestApp;
let roles: StaffConsole['roles'] = {};
let customerCookie = '';
let contentId: number;

/** A subtitle call's JSON body of about 1.3 MB, served in 64 KB chunks as the server asks for them. */
function countedBody() {
  // About 1 MB of ordinary cues (a long film's subtitles).
  let vtt = 'WEBVTT\n\n';
  for (let i = 0; vtt.length < 1_000_000; i += 1) {
    const at = `${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
    vtt += `${at}.000 --> ${at}.500\nLigne de sous-titre ${i}\n\n`;
  }
  const data = Buffer.from(vtt).toString('base64');
  const text = JSON.stringify({ language: 'fr', label: '', data });
  let offset = 0;
  const counter = { pulled: 0 };
  const stream = new Readable({
    read() {
      counter.pulled += 1;
      const chunk = text.slice(offset, offset + 65_536);
      offset += chunk.length;
      this.push(chunk.length ? chunk : null);
    },
  });
  return { stream, counter, length: Buffer.byteLength(text) };
}

const post = (url: string, cookie: string | null) => {
  const body = countedBody();
  return t.app
    .inject({
      method: 'POST',
      url: `${ADMIN_API_BASE_PATH}${url}`,
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        ...(cookie ? { cookie } : {}),
      },
      payload: body.stream,
    })
    .then((res) => ({ res, pulled: body.counter.pulled }));
};

const nothingWritten = async () => {
  expect(await t.database.db.selectFrom('content_tracks').selectAll().execute()).toEqual([]);
  expect(await t.database.db.selectFrom('content_packaging').selectAll().execute()).toEqual([]);
  expect(existsSync(path.join(t.config.dataDir, 'tracks'))).toBe(false);
};

const refusals = () =>
  [
    ['no session', null, 401, 11],
    ['a customer', customerCookie, 401, 11],
    ['support', roles.support!, 403, 4],
  ] as const;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ({ roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
  customerCookie = await logInAs(t.app, 'abonne@playz.fr');
  const row = await t.database.db
    .selectFrom('contents')
    .select('id')
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  contentId = row.id;
  await t.database.db
    .insertInto('content_editorial')
    .values({
      content_id: contentId,
      texts: '{}',
      access: 'subscription',
      published: 1,
      updated_at: new Date(clock).toISOString(),
    })
    .execute();
}, 60_000);
afterAll(() => t?.close());

describe('decision 114 security: subtitles and protection of an uploaded content', () => {
  it('decision 114 POST /catalogue/contents/:id/subtitles: no session, a customer, support → refused with the envelope, the 1.3 MB body never read, nothing written', async () => {
    for (const [who, cookie, status, number] of refusals()) {
      const { res, pulled } = await post(`/catalogue/contents/${contentId}/subtitles`, cookie);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
      expect(res.json(), who).toMatchObject({ Response: null, Error: { Number: number } });
      expect(pulled, who).toBe(0);
    }
    await nothingWritten();
  });

  it('decision 114 protection, removal and the tracks list: no session, a customer, support → refused with the envelope, nothing changed', async () => {
    const calls = [
      ['POST', `/catalogue/contents/${contentId}/protection`, { protected: true }],
      ['POST', `/catalogue/contents/${contentId}/tracks/0123456789abcdef/remove`, {}],
      ['GET', `/catalogue/contents/${contentId}/tracks`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      for (const [who, cookie, status, number] of refusals()) {
        const res = await t.app.inject({
          method,
          url: `${ADMIN_API_BASE_PATH}${url}`,
          headers: { ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(status);
        expect(res.json(), `${who} ${url}`).toMatchObject({ Response: null, Error: { Number: number } });
      }
    }
    const clip = await t.database.db
      .selectFrom('contents')
      .select('clip_key')
      .where('id', '=', contentId)
      .executeTakeFirst();
    expect(clip?.clip_key).not.toMatch(/-cenc$|-r\d+$/);
    await nothingWritten();
  });

  it('decision 114 POST /catalogue/contents/:id/audio (up to 64 MiB): no session, a customer, support → refused with the envelope, the body never read, nothing written', async () => {
    for (const [who, cookie, status, number] of refusals()) {
      const { res, pulled } = await post(`/catalogue/contents/${contentId}/audio`, cookie);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
      expect(res.json(), who).toMatchObject({ Response: null, Error: { Number: number } });
      expect(pulled, who).toBe(0);
    }
    await nothingWritten();
  });

  it('the control: an editor’s audio post is read, and a file with no sound (the WebVTT) answers 3', async () => {
    const { res, pulled } = await post(`/catalogue/contents/${contentId}/audio`, roles.editor!);
    expect(pulled).toBeGreaterThan(10);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toMatchObject({ Response: null, Error: { Number: 3 } });
    expect(await t.database.db.selectFrom('content_tracks').selectAll().execute()).toEqual([]);
  });

  it('decision 114 an editor’s HLS playlist naming a file of the server is not taken as audio: answered 3, nothing written', async () => {
    // A file the server holds (here the test's own, made with ffmpeg): probed as the playlist's
    // segment, it would be accepted and the job would encode the server's file into the content.
    const local = path.join(t.config.dataDir, 'server-own.m4a');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', local]);
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${local}\n#EXT-X-ENDLIST\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_API_BASE_PATH}/catalogue/contents/${contentId}/audio`,
      headers: { cookie: roles.editor!, 'content-type': 'application/json' },
      payload: { language: 'en', label: '', data: Buffer.from(playlist).toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ Response: null, Error: { Number: 3 } });
    expect(await t.database.db.selectFrom('content_tracks').selectAll().execute()).toEqual([]);
    expect(readdirSync(path.join(t.config.dataDir, 'tracks'))).toEqual([]);
  });

  it('the control: an editor’s subtitle post is read (a 1 MB WebVTT file taken)', async () => {
    const { res, pulled } = await post(`/catalogue/contents/${contentId}/subtitles`, roles.editor!);
    expect(pulled).toBeGreaterThan(10);
    // The demo content has no ladder under the test's media folder: its packaging job fails later,
    // but the call itself was read and answered.
    expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
  });
});
