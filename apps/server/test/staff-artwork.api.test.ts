import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { sniffImage } from '../src/modules/catalogue/artwork';

// Decision 113: an editor sends a poster or a backdrop (JPEG, PNG or WebP, read by its bytes); the
// server makes the apps' JPEG sizes with ffmpeg under content-hashed names, the content's image
// fields point to them, the viewers see them at once, and the change is audited.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let work: string;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
let contentId: number;

/** A test picture made by ffmpeg: `size` WxH, written as `file` (its extension picks the format). */
function picture(file: string, size: string, colour = 'testsrc'): Buffer {
  const out = path.join(work, file);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `${colour}=size=${size}:rate=1:duration=1`],
    ...['-frames:v', '1', out],
  ]);
  return readFileSync(out);
}

const viewerImages = async (id: number) =>
  (await t.app.inject({ url: `/api/1.2/content/${id}` })).json().Response.Content.images as {
    landscape: string | null;
    portrait: string | null;
    backdrop: string | null;
  };

/** Image dimensions as ffprobe reads them from a file the server wrote. */
const probe = (file: string) =>
  execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height'],
    ...['-of', 'csv=p=0', file],
  ])
    .toString()
    .trim();

const mediaFile = (url: string) => path.join(t.config.dataDir, 'media', url.replace(/^\/media\//, ''));

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'playz-artwork-'));
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
  // A content the desk edits: a demo content given its editorial row, published.
  const row = await t.database.db
    .selectFrom('contents')
    .select('id')
    .where('enabled', '=', 1)
    .where('content_type', '=', 'Film')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  contentId = row.id;
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
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('issue spec console §Catalogue: artwork from the browser (decision 113)', () => {
  it('decision 113 the type and dimensions are read from the bytes: JPEG, PNG, WebP; HTML is none', () => {
    expect(sniffImage(picture('a.jpg', '1600x900'))).toEqual({ type: 'jpeg', width: 1600, height: 900 });
    expect(sniffImage(picture('a.png', '800x1200'))).toEqual({ type: 'png', width: 800, height: 1200 });
    expect(sniffImage(picture('a.webp', '1024x576'))).toEqual({ type: 'webp', width: 1024, height: 576 });
    expect(sniffImage(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
  });

  it('decision 113 a poster becomes the 1280x720 landscape and 600x900 portrait JPEG, content-hashed, seen by viewers at once, audited', async () => {
    const before = await viewerImages(contentId);
    const res = await call('POST', `/catalogue/contents/${contentId}/artwork`, roles.editor!, {
      kind: 'poster',
      data: picture('poster.png', '1600x900').toString('base64'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { images } = res.json().Response;
    expect(images.landscape).toMatch(new RegExp(`^/media/artwork/content-${contentId}/poster-[a-f0-9]{16}\\.jpg$`));
    expect(images.portrait).toMatch(new RegExp(`^/media/artwork/content-${contentId}/portrait-[a-f0-9]{16}\\.jpg$`));
    expect(res.json().Response.content.posterUrl).toBe(images.landscape);
    expect(probe(mediaFile(images.landscape))).toBe('mjpeg,1280,720');
    expect(probe(mediaFile(images.portrait))).toBe('mjpeg,600,900');
    // The viewers' catalogue answers the new pictures on the next read (the module's invalidation).
    const seen = await viewerImages(contentId);
    expect(seen.landscape).toBe(images.landscape);
    expect(seen.portrait).toBe(images.portrait);
    expect(seen.landscape).not.toBe(before.landscape);
    const entry = (await call('GET', '/audit?action=content.artwork', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ actor: 'editor@playz.fr', targetId: String(contentId) });
  }, 60_000);

  it('decision 113 a backdrop from a WebP becomes a 1280x720 JPEG; another picture gets another name', async () => {
    const first = await call('POST', `/catalogue/contents/${contentId}/artwork`, roles.editor!, {
      kind: 'backdrop',
      data: picture('b.webp', '1920x1080').toString('base64'),
    });
    expect(first.statusCode, first.body).toBe(200);
    const backdrop = first.json().Response.images.backdrop as string;
    expect(backdrop).toMatch(/\/backdrop-[a-f0-9]{16}\.jpg$/);
    expect(probe(mediaFile(backdrop))).toBe('mjpeg,1280,720');
    const second = await call('POST', `/catalogue/contents/${contentId}/artwork`, roles.editor!, {
      kind: 'backdrop',
      data: picture('c.jpg', '1920x1080', 'smptebars').toString('base64'),
    });
    const next = second.json().Response.images.backdrop as string;
    expect(next).not.toBe(backdrop);
    expect((await viewerImages(contentId)).backdrop).toBe(next);
    // The earlier file stays for a cache or page that still names it.
    expect(existsSync(mediaFile(backdrop))).toBe(true);
  }, 60_000);

  it('decision 113 a picture below 640x360, an HTML page and an unknown content are refused with the envelope, nothing changed', async () => {
    const before = await viewerImages(contentId);
    for (const data of [picture('small.jpg', '320x180'), Buffer.from('<html><body>not a picture</body></html>')]) {
      const res = await call('POST', `/catalogue/contents/${contentId}/artwork`, roles.editor!, {
        kind: 'poster',
        data: data.toString('base64'),
      });
      expect(res.statusCode).toBe(400);
      expectEnvelope(res.body, 3);
    }
    const missing = await call('POST', `/catalogue/contents/999999/artwork`, roles.editor!, {
      kind: 'poster',
      data: picture('d.jpg', '1280x720').toString('base64'),
    });
    expect(missing.statusCode).toBe(404);
    expect(await viewerImages(contentId)).toEqual(before);
  }, 60_000);
});
