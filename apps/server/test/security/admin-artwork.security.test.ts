import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTWORK_MAX_BYTES } from '@playz/api-contract/admin';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { staffConsole, type StaffConsole } from '../support/staff-console';

/**
 * Decision 113: the artwork call writes files under the media folder the viewers read, so who may
 * call it and what it takes are checked here. Pass rule: a customer's session (11), a support
 * member (4), an HTML page sent as a poster (whether or not it starts with a JPEG's first bytes)
 * (3) and a picture past ARTWORK_MAX_BYTES (3 with HTTP 413, also past the body limit: decision
 * 115) are refused with the envelope; no file appears under `artwork/` and the content's image
 * fields do not change. Decision 115's series and live event calls are held to the same.
 */
let clock = Date.parse('2026-11-29T12:00:00Z');
let t: TestApp;
let work: string;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
let contentId: number;
let seriesId: number;
let eventId: number;

const artworkDir = () => path.join(t.config.dataDir, 'media', 'artwork');
const images = () =>
  t.database.db
    .selectFrom('contents')
    .select(['poster', 'portrait', 'backdrop'])
    .where('id', '=', contentId)
    .executeTakeFirstOrThrow();

function jpeg(size: string): Buffer {
  const out = path.join(work, `${size}.jpg`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=1`,
    '-frames:v',
    '1',
    out,
  ]);
  return readFileSync(out);
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'playz-artwork-sec-'));
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
  const row = await t.database.db
    .selectFrom('contents')
    .select('id')
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  contentId = row.id;
  seriesId = (
    await t.database.db
      .selectFrom('content_lists')
      .select('id')
      .where('type', '=', 'Series')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  eventId = (await t.database.db.selectFrom('live_events').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
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
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const url = () => `/catalogue/contents/${contentId}/artwork`;

describe('decision 113 security: the artwork call', () => {
  it('decision 113 a customer session is refused (11) and a support member (4), nothing written', async () => {
    const before = await images();
    const data = jpeg('1280x720').toString('base64');
    const customer = await t.app.inject({
      method: 'POST',
      url: `/api/admin${url()}`,
      headers: { cookie: await logInAs(t.app, 'abonne@playz.fr'), 'content-type': 'application/json' },
      payload: { kind: 'poster', data },
    });
    expect(customer.statusCode).toBe(401);
    expect(customer.json()).toMatchObject({ Response: null, Error: { Number: 11 } });
    const support = await call('POST', url(), roles.support!, { kind: 'poster', data });
    expect(support.statusCode).toBe(403);
    expect(support.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
    expect(await images()).toEqual(before);
    expect(existsSync(artworkDir())).toBe(false);
  }, 60_000);

  it('decision 113 an HTML page named poster.jpg is refused by its bytes (3), also behind a JPEG start', async () => {
    const before = await images();
    const page = Buffer.from('<!doctype html><html><script>document.cookie</script></html>');
    for (const bytes of [page, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), page])]) {
      const res = await call('POST', url(), roles.editor!, {
        kind: 'poster',
        fileName: 'poster.jpg',
        type: 'image/jpeg',
        data: bytes.toString('base64'),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ Response: null, Error: { Number: 3 } });
    }
    expect(await images()).toEqual(before);
    expect(existsSync(artworkDir())).toBe(false);
  }, 60_000);

  it('decision 115 a picture one byte past the cap is refused with 413 (3); one far past the body limit too (413, 3)', async () => {
    const before = await images();
    // A real JPEG padded past the cap: its header says a picture, its size does not.
    const picture = jpeg('1280x720');
    const justOver = Buffer.concat([picture, Buffer.alloc(ARTWORK_MAX_BYTES + 1 - picture.length)]);
    const farOver = Buffer.concat([picture, Buffer.alloc(2 * ARTWORK_MAX_BYTES)]);
    for (const path of [url(), `/catalogue/series/${seriesId}/artwork`, `/catalogue/live-events/${eventId}/artwork`])
      for (const bytes of [justOver, farOver]) {
        const res = await call('POST', path, roles.editor!, { kind: 'poster', data: bytes.toString('base64') });
        expect(res.statusCode, `${path} ${bytes.length}: ${res.body.slice(0, 200)}`).toBe(413);
        expect(res.json()).toMatchObject({
          Response: null,
          Error: { Number: 3, Message: "Un paramètre n'est pas valide" },
        });
      }
    expect(await images()).toEqual(before);
    expect(existsSync(artworkDir())).toBe(false);
  }, 60_000);

  it('decision 115 the series and live event calls: no session and a customer (11), a support member (4), an HTML page (3); nothing written', async () => {
    const data = jpeg('1280x720').toString('base64');
    const page = Buffer.from('<!doctype html><html><script>document.cookie</script></html>').toString('base64');
    const customerCookie = await logInAs(t.app, 'abonne@playz.fr');
    for (const path of [`/catalogue/series/${seriesId}/artwork`, `/catalogue/live-events/${eventId}/artwork`]) {
      for (const cookie of [null, customerCookie]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/admin${path}`,
          headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
          payload: { kind: 'poster', data },
        });
        expect(res.statusCode, path).toBe(401);
        expect(res.json()).toMatchObject({ Response: null, Error: { Number: 11 } });
      }
      const support = await call('POST', path, roles.support!, { kind: 'poster', data });
      expect(support.statusCode, path).toBe(403);
      expect(support.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
      const html = await call('POST', path, roles.editor!, { kind: 'poster', data: page });
      expect(html.statusCode, path).toBe(400);
      expect(html.json()).toMatchObject({ Response: null, Error: { Number: 3 } });
    }
    expect(existsSync(artworkDir())).toBe(false);
  }, 60_000);
});
