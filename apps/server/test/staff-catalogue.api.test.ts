import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';

// Decision 094: an editor uploads a video with the tus protocol, the queued media job makes its
// CMAF ladder into an unpublished content, the editor writes its texts and publishes it, the
// viewers find it and lose it when it is unpublished; every change audited.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let work: string;
let video: Buffer;
const tusHeaders = { 'tus-resumable': '1.0.0' };
let call: StaffConsole['call'];

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Creates a tus upload (POST) and answers its path. */
async function createUpload(cookie: string, size: number, fileName = 'Le phare.mp4') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    headers: {
      cookie,
      ...tusHeaders,
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(fileName)},filetype ${b64('video/mp4')}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}

const patch = (cookie: string, location: string, offset: number, bytes: Buffer) =>
  t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      cookie,
      ...tusHeaders,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const uploadOf = async (cookie: string, id: string) =>
  (await call('GET', `/catalogue/uploads/${id}`, cookie)).json().Response.upload as {
    status: string;
    progress: number;
    error: string | null;
    contentId: number | null;
  };

/**
 * The content as the viewers' apps get it, once it says `enabled` as asked: the catalogue cache
 * re-reads its version every 2 s (decision 013), so a change shows within that delay.
 */
const seenByViewers = (id: number, enabled: boolean) =>
  until(
    async () => (await t.app.inject({ url: `/api/1.2/content/${id}` })).json().Response.Content,
    (content) => content.enabled === enabled,
    10_000,
  );

const viewerSearch = async (keywords: string) =>
  (
    (await t.app.inject({ url: `/api/1.2/search?keywords=${encodeURIComponent(keywords)}` })).json().Response
      .Results as { Content?: { contentID: number; title: string } }[]
  ).flatMap((r) => (r.Content ? [r.Content.title] : []));

let roles: StaffConsole['roles'] = {};
beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'playz-upload-'));
  // Two seconds of a test pattern with a tone: the smallest file the whole ladder is made from.
  const file = path.join(work, 'phare.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file],
  ]);
  video = readFileSync(file);
  t = await createTestApp({ now: () => new Date(clock), env: { ADMIN_UPLOAD_MAX_BYTES: String(5 * 2 ** 20) } });
  // The TOTP codes need a new step each: the app's clock moves 31 s per sign-in.
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support', 'finance']));
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('issue spec console §Catalogue: upload, media job, metadata, publication (decision 094)', () => {
  let contentId: number;

  it('decision 094 tus upload resumes from the offset the server holds; the media job makes an unpublished content', async () => {
    const editor = roles.editor!;
    const location = await createUpload(editor, video.length);
    expect(location).toMatch(/^\/api\/admin\/uploads\/[a-f0-9]{32}$/);
    const id = location.split('/').pop()!;
    const half = Math.floor(video.length / 2);
    expect((await patch(editor, location, 0, video.subarray(0, half))).statusCode).toBe(204);
    // A resumed upload asks where to continue.
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { cookie: editor, ...tusHeaders } });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await uploadOf(editor, id)).status).toBe('uploading');
    // A wrong offset is refused (409), nothing is written.
    expect((await patch(editor, location, 0, video.subarray(half))).statusCode).toBe(409);
    expect((await patch(editor, location, half, video.subarray(half))).statusCode).toBe(204);

    const done = await until(
      () => uploadOf(editor, id),
      (u) => u.status === 'done' || u.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    contentId = done.contentId!;
    // The ladder is there (HLS and DASH over the same segments), the content is not shown yet.
    const clip = JSON.parse(
      readFileSync(path.join(t.config.dataDir, 'media', 'clips', `imported-${contentId}`, 'clip.json'), 'utf8'),
    ) as { hlsPath: string; dashPath: string; thumbnails: unknown[] };
    expect(clip.hlsPath).toMatch(/\.m3u8$/);
    expect(clip.dashPath).toMatch(/\.mpd$/);
    expect(clip.thumbnails.length).toBeGreaterThan(0);
    expect((await seenByViewers(contentId, false)).enabled).toBe(false);
    expect(await viewerSearch('Le phare')).not.toContain('Le phare');

    const listed = (await call('GET', '/catalogue/contents', editor)).json().Response;
    expect(listed.contents[0]).toMatchObject({ contentId, published: false, live: false, kind: 'Film' });
    const audit = (await call('GET', '/audit?action=upload.finish', roles.admin!)).json().Response.entries;
    expect(audit[0]).toMatchObject({ actor: 'editor@playz.fr', targetId: id });
  }, 180_000);

  it('decision 094 texts in fr/en/nl/es, rating and kind are saved and audited with before and after', async () => {
    const texts = {
      fr: { title: 'Le Phare du bout du monde', synopsis: 'Un gardien, une tempête.' },
      en: { title: 'The Lighthouse at the End of the World', synopsis: 'A keeper, a storm.' },
      nl: { title: 'De vuurtoren', synopsis: 'Een wachter, een storm.' },
      es: { title: 'El faro', synopsis: 'Un guardián, una tormenta.' },
    };
    const res = await call('POST', `/catalogue/contents/${contentId}`, roles.editor!, {
      kind: 'Clip',
      rating: 12,
      texts,
      access: { type: 'subscription' },
    });
    expect(res.json().Response.content).toMatchObject({ kind: 'Clip', rating: 12, texts, live: false });
    const entry = (await call('GET', '/audit?action=content.update', roles.admin!)).json().Response.entries[0];
    expect(entry.before).toMatchObject({ kind: 'Film', rating: 0, texts: { fr: { title: 'Le phare' } } });
    expect(entry.after).toMatchObject({ kind: 'Clip', rating: 12, texts });
    // A rating off the scale or a missing French title is 3, nothing changed.
    for (const body of [
      { kind: 'Clip', rating: 7, texts, access: { type: 'subscription' } },
      {
        kind: 'Clip',
        rating: 12,
        texts: { ...texts, fr: { title: '', synopsis: '' } },
        access: { type: 'subscription' },
      },
      { kind: 'Clip', rating: 12, texts, access: { type: 'purchase', offerId: 999_999 } },
    ]) {
      const refused = await call('POST', `/catalogue/contents/${contentId}`, roles.editor!, body);
      expect(refused.json().Error.Number).toBe(3);
    }
  });

  it('decision 094 published, it is in the viewers’ content and search; unpublished, it is gone', async () => {
    const published = await call('POST', `/catalogue/contents/${contentId}/publish`, roles.editor!, {});
    expect(published.json().Response.content).toMatchObject({ published: true, live: true });
    const seen = await seenByViewers(contentId, true);
    expect(seen).toMatchObject({ title: 'Le Phare du bout du monde', rating: 12 });
    expect(await viewerSearch('phare bout')).toContain('Le Phare du bout du monde');

    const unpublished = await call('POST', `/catalogue/contents/${contentId}/unpublish`, roles.editor!);
    expect(unpublished.json().Response.content).toMatchObject({ published: false, live: false });
    expect((await seenByViewers(contentId, false)).enabled).toBe(false);
    expect(await viewerSearch('phare bout')).not.toContain('Le Phare du bout du monde');
    const entries = (await call('GET', `/audit?target_type=content&target_id=${contentId}`, roles.admin!)).json()
      .Response.entries as { action: string; before: { live: boolean }; after: { live: boolean } }[];
    expect(entries.map((e) => [e.action, e.before.live, e.after.live])).toEqual([
      ['content.unpublish', true, false],
      ['content.publish', false, true],
      ['content.update', false, false],
    ]);
  });

  it('decision 094 a file ffmpeg cannot read fails its job with the reason; the jobs page retries it with its data', async () => {
    const editor = roles.editor!;
    const junk = Buffer.from('this is not a video at all');
    const location = await createUpload(editor, junk.length, 'broken.mp4');
    const id = location.split('/').pop()!;
    expect((await patch(editor, location, 0, junk)).statusCode).toBe(204);
    const failed = await until(
      () => uploadOf(editor, id),
      (u) => u.status === 'failed',
    );
    expect(failed.error).toBeTruthy();
    const dead = (await call('GET', '/jobs/queues/media-transcode/failed', roles.admin!)).json().Response;
    expect(dead.jobs[0]).toMatchObject({ name: 'media-transcode', payload: JSON.stringify({ uploadId: id }) });
    // The operator put the right file in place; the retry runs the same upload again.
    writeFileSync(path.join(t.config.dataDir, 'uploads', id), video);
    const retried = await call('POST', `/jobs/queues/media-transcode/failed/${dead.jobs[0].id}/retry`, roles.admin!);
    expect(retried.statusCode).toBe(200);
    const done = await until(
      () => uploadOf(editor, id),
      (u) => u.status === 'done' || (u.status === 'failed' && u.error !== failed.error),
    );
    expect(done).toMatchObject({ status: 'done', error: null });
  }, 180_000);

  it('decision 094 the upload cap from the configuration refuses a larger file at creation (413)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: {
        cookie: roles.editor!,
        ...tusHeaders,
        'upload-length': String(5 * 2 ** 20 + 1),
        'upload-metadata': `filename ${b64('big.mp4')}`,
      },
    });
    expect(res.statusCode).toBe(413);
  });

  it('decision 094 a publication window: not shown before its start, shown within it, gone after its end', async () => {
    const from = new Date(clock + 3_600_000).toISOString();
    const until = new Date(clock + 7_200_000).toISOString();
    // An end before the start is 3.
    const reversed = await call('POST', `/catalogue/contents/${contentId}/publish`, roles.editor!, {
      from: until,
      until: from,
    });
    expect(reversed.json().Error.Number).toBe(3);
    const res = await call('POST', `/catalogue/contents/${contentId}/publish`, roles.editor!, { from, until });
    expect(res.json().Response.content).toMatchObject({ published: true, live: false, publishFrom: from });
    const desk = t.app.catalogue.desk;
    clock += 3_600_000 + 1_000;
    expect(await desk.applyPublicationWindows()).toBe(1);
    expect((await seenByViewers(contentId, true)).enabled).toBe(true);
    clock += 3_600_000;
    expect(await desk.applyPublicationWindows()).toBe(1);
    expect((await seenByViewers(contentId, false)).enabled).toBe(false);
  });
});
