import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';

// Decision 115: decision 113's artwork pipeline for series and live events. An editor sends a
// picture; the server checks it by its bytes, makes the apps' JPEG sizes with ffmpeg under
// content-hashed names, the rows point to them in one audited change, and the viewers' next read
// (spec 2 §7 GET /series/{id}, /season/{id}, /live-event/{id}) shows it.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let work: string;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
let seriesId: number;
let seasonIds: number[];
let eventId: number;

function picture(file: string, size: string, colour = 'testsrc'): Buffer {
  const out = path.join(work, file);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `${colour}=size=${size}:rate=1:duration=1`],
    ...['-frames:v', '1', out],
  ]);
  return readFileSync(out);
}

const probe = (url: string) =>
  execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height'],
    ...['-of', 'csv=p=0', path.join(t.config.dataDir, 'media', url.replace(/^\/media\//, ''))],
  ])
    .toString()
    .trim();

type Images = { landscape: string | null; portrait: string | null; backdrop: string | null };
const viewer = async (url: string) => (await t.app.inject({ url: `/api/1.2${url}` })).json().Response;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'playz-artwork-more-'));
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
  const { db } = t.database;
  const series = await db
    .selectFrom('content_lists')
    .select('id')
    .where('type', '=', 'Series')
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  seriesId = series.id;
  seasonIds = (
    await db.selectFrom('content_lists').select('id').where('parent_id', '=', seriesId).orderBy('id').execute()
  ).map((s) => s.id);
  eventId = (await db.selectFrom('live_events').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('decision 115: artwork for series and live events from the console', () => {
  it('decision 115 spec 2 §7 GET /series/{id}: a series poster becomes the 1280x720 landscape and 600x900 portrait; the series and its seasons show it on the next read; audited', async () => {
    expect(seasonIds.length).toBeGreaterThan(0);
    const shownBefore = (await call('GET', `/catalogue/series/${seriesId}/artwork`, roles.editor!)).json().Response
      .images as Images;
    expect(shownBefore).toEqual((await viewer(`/series/${seriesId}`)).Series.images);
    const res = await call('POST', `/catalogue/series/${seriesId}/artwork`, roles.editor!, {
      kind: 'poster',
      data: picture('series.png', '1600x900').toString('base64'),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const images = res.json().Response.images as Images;
    expect(images.landscape).toMatch(new RegExp(`^/media/artwork/series-${seriesId}/poster-[a-f0-9]{16}\\.jpg$`));
    expect(images.portrait).toMatch(new RegExp(`^/media/artwork/series-${seriesId}/portrait-[a-f0-9]{16}\\.jpg$`));
    expect(images.backdrop).toBe(shownBefore.backdrop);
    expect(probe(images.landscape!)).toBe('mjpeg,1280,720');
    expect(probe(images.portrait!)).toBe('mjpeg,600,900');
    // The viewers' series page and its seasons answer the new pictures at once (the cache cleared).
    const series = (await viewer(`/series/${seriesId}`)).Series;
    expect(series.images).toMatchObject({ landscape: images.landscape, portrait: images.portrait });
    expect(series.posterUrl).toBe(images.landscape);
    for (const id of seasonIds)
      expect((await viewer(`/season/${id}`)).Season.images).toMatchObject({ landscape: images.landscape });
    const list = (await viewer('/series')).Series as { ID: number; posterUrl: string }[];
    expect(list.find((s) => s.ID === seriesId)!.posterUrl).toBe(images.landscape);
    // The console reads what viewers now see.
    expect((await call('GET', `/catalogue/series/${seriesId}/artwork`, roles.editor!)).json().Response.images).toEqual(
      images,
    );
    const entry = (await call('GET', '/audit?action=series.artwork', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ actor: 'editor@playz.fr', targetId: String(seriesId) });
  }, 60_000);

  it('decision 115 a series backdrop from a WebP: a 1280x720 JPEG the series page shows, its poster kept', async () => {
    const poster = (await viewer(`/series/${seriesId}`)).Series.images.landscape as string;
    const res = await call('POST', `/catalogue/series/${seriesId}/artwork`, roles.editor!, {
      kind: 'backdrop',
      data: picture('backdrop.webp', '1920x1080', 'smptebars').toString('base64'),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const backdrop = res.json().Response.images.backdrop as string;
    expect(backdrop).toMatch(new RegExp(`^/media/artwork/series-${seriesId}/backdrop-[a-f0-9]{16}\\.jpg$`));
    expect(probe(backdrop)).toBe('mjpeg,1280,720');
    expect((await viewer(`/series/${seriesId}`)).Series.images).toMatchObject({ backdrop, landscape: poster });
  }, 60_000);

  it('decision 115 spec 2 §7 GET /live-event/{id}: a live event picture is one 1280x720 JPEG, its poster and images on the next read; audited', async () => {
    const res = await call('POST', `/catalogue/live-events/${eventId}/artwork`, roles.editor!, {
      kind: 'poster',
      data: picture('event.jpg', '1920x1200').toString('base64'),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const images = res.json().Response.images as Images;
    expect(images.landscape).toMatch(new RegExp(`^/media/artwork/event-${eventId}/backdrop-[a-f0-9]{16}\\.jpg$`));
    expect(images).toEqual({ landscape: images.landscape, portrait: images.landscape, backdrop: images.landscape });
    expect(probe(images.landscape!)).toBe('mjpeg,1280,720');
    const event = (await viewer(`/live-event/${eventId}`)).LiveEvent;
    expect(event.posterUrl).toBe(images.landscape);
    expect(event.images).toEqual(images);
    expect(
      (await call('GET', `/catalogue/live-events/${eventId}/artwork`, roles.editor!)).json().Response.images,
    ).toEqual(images);
    const entry = (await call('GET', '/audit?action=live-event.artwork', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ actor: 'editor@playz.fr', targetId: String(eventId) });
  }, 60_000);

  it('decision 115 a small picture, an HTML page, a backdrop kind for an event and unknown owners are refused with the envelope; nothing changes', async () => {
    const before = {
      series: (await viewer(`/series/${seriesId}`)).Series.images,
      event: (await viewer(`/live-event/${eventId}`)).LiveEvent.images,
    };
    for (const data of [picture('small.jpg', '320x180'), Buffer.from('<html><body>not a picture</body></html>')]) {
      for (const url of [`/catalogue/series/${seriesId}/artwork`, `/catalogue/live-events/${eventId}/artwork`]) {
        const res = await call('POST', url, roles.editor!, { kind: 'poster', data: data.toString('base64') });
        expect(res.statusCode, url).toBe(400);
        expectEnvelope(res.body, 3);
      }
    }
    const good = picture('good.jpg', '1280x720').toString('base64');
    const backdropForEvent = await call('POST', `/catalogue/live-events/${eventId}/artwork`, roles.editor!, {
      kind: 'backdrop',
      data: good,
    });
    expect(backdropForEvent.statusCode).toBe(400);
    // A season is no series; an unknown event is 100 (both not found).
    const season = await call('POST', `/catalogue/series/${seasonIds[0]}/artwork`, roles.editor!, {
      kind: 'poster',
      data: good,
    });
    expect(season.statusCode).toBe(404);
    expectEnvelope(season.body, 21);
    const event = await call('POST', '/catalogue/live-events/999999/artwork', roles.editor!, {
      kind: 'poster',
      data: good,
    });
    expect(event.statusCode).toBe(404);
    expectEnvelope(event.body, 100);
    expect((await call('GET', '/catalogue/contents/999999/artwork', roles.editor!)).statusCode).toBe(404);
    expect((await viewer(`/series/${seriesId}`)).Series.images).toEqual(before.series);
    expect((await viewer(`/live-event/${eventId}`)).LiveEvent.images).toEqual(before.event);
  }, 60_000);
});
