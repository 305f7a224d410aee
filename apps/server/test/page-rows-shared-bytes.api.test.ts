import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kidsProfileDevice } from './accounts-test-support';
import { createTestApp, logInAs, type TestApp } from './test-app';

// The home rows' bytes are made once per catalogue version and viewer class, and a request joins
// only its viewer's own rows to them (decision 097 addendum): nothing of one viewer's rows (resume
// points, favourites) may reach another, nor a kids profile's narrowed rows an adult, nor one
// language's answer another's.

const NOW = new Date('2026-11-29T15:00:00Z');
const OWN_ROWS = new Set(['Favorites', 'ContentsProcessing']);
let t: TestApp;
let camille: string;
let lucas: string;
let kids: string;

interface Row {
  rowType: string;
  data: Record<string, { contentID: number; playbackTime?: number | null; rating?: number }[]> | null;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  camille = await logInAs(t.app, 'abonne@playz.fr');
  lucas = await logInAs(t.app, 'demo@playz.fr');
  kids = await kidsProfileDevice(t.app, camille, 'abonne@playz.fr');
});
afterAll(() => t.close());

async function homeRows(headers: Record<string, string> = {}, query = '') {
  const res = await t.app.inject({ url: `/api/1.2/page/home/rows?with_data=1${query}`, headers });
  expect(res.statusCode).toBe(200);
  expect(res.json().Error.Number).toBe(0);
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  return { body: res.body, rows: res.json().Response.Rows as Row[] };
}

const resumeOf = (rows: Row[], id: number) =>
  rows.find((r) => r.rowType === 'ContentsProcessing')?.data?.ContentsProcessing?.find((c) => c.contentID === id)
    ?.playbackTime;
const sharedRowsOf = (rows: Row[]) => JSON.stringify(rows.filter((r) => !OWN_ROWS.has(r.rowType)));
const ratingsIn = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.flatMap(ratingsIn)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => (k === 'rating' && typeof v === 'number' ? [v] : ratingsIn(v)))
      : [];

async function play(cookie: string, id: number, at: number): Promise<number> {
  const res = await t.app.inject({
    url: `/api/1.2/content/${id}/playback/status?playback_time=${at}`,
    headers: { cookie },
  });
  expect(res.json().Error.Number).toBe(0);
  return res.json().Response.Content.playbackTime as number;
}

describe('decision 097 addendum: home rows joined from shared bytes and the viewer’s own rows (spec 2 §2 Home rows)', () => {
  it('two subscribers each get their own resume points around the same shared rows, in any order', async () => {
    const visitor = await homeRows();
    const camilleAt = await play(camille, 1003, 8);
    const lucasAt = await play(lucas, 1003, 20);
    expect(camilleAt).not.toBe(lucasAt);
    const first = await homeRows({ cookie: camille });
    const second = await homeRows({ cookie: lucas });
    const again = await homeRows({ cookie: camille });
    expect(resumeOf(first.rows, 1003)).toBe(camilleAt);
    expect(resumeOf(second.rows, 1003)).toBe(lucasAt);
    expect(resumeOf(again.rows, 1003)).toBe(camilleAt);
    expect(again.body).toBe(first.body);
    // Camille's seeded resume point and favourites are hers alone.
    const camilleOwn = first.rows.filter((r) => OWN_ROWS.has(r.rowType));
    expect(camilleOwn.find((r) => r.rowType === 'Favorites')?.data?.Favorites?.length).toBeGreaterThan(0);
    expect(JSON.stringify(second.rows.filter((r) => OWN_ROWS.has(r.rowType)))).not.toBe(JSON.stringify(camilleOwn));
    // Everything else is the visitor's rows, byte for byte; a visitor after them still sees
    // empty own rows and no resume point.
    expect(sharedRowsOf(first.rows)).toBe(sharedRowsOf(visitor.rows));
    expect(sharedRowsOf(second.rows)).toBe(sharedRowsOf(visitor.rows));
    const visitorAfter = await homeRows();
    expect(visitorAfter.body).toBe(visitor.body);
    for (const row of visitorAfter.rows.filter((r) => OWN_ROWS.has(r.rowType)))
      expect(row.data?.[row.rowType]).toEqual([]);
    expect(visitorAfter.body).not.toMatch(/"playbackTime":\d/);
  });

  it('a kids profile gets rows narrowed for it, kept apart from an adult’s and a visitor’s', async () => {
    const adult = await homeRows({ cookie: camille });
    const child = await homeRows({ cookie: kids });
    expect(ratingsIn(adult.rows).some((r) => r > 10)).toBe(true);
    expect(ratingsIn(child.rows).every((r) => r <= 10)).toBe(true);
    const adultAfter = await homeRows({ cookie: camille });
    expect(adultAfter.body).toBe(adult.body);
    const visitor = await homeRows();
    expect(ratingsIn(visitor.rows).some((r) => r > 10)).toBe(true);
    expect(await homeRows({ cookie: kids })).toEqual(child);
  });

  it('the answer is the same in every language (the rows carry no translated text), for a visitor and a subscriber', async () => {
    const fr = await homeRows({ 'accept-language': 'fr' }, '&locale=fr');
    const en = await homeRows({ 'accept-language': 'en' }, '&locale=en');
    expect(en.body).toBe(fr.body);
    const camilleFr = await homeRows({ cookie: camille, 'accept-language': 'fr' }, '&locale=fr');
    const camilleEn = await homeRows({ cookie: camille, 'accept-language': 'en' }, '&locale=en');
    expect(camilleEn.body).toBe(camilleFr.body);
    expect(resumeOf(camilleEn.rows, 1003)).toBe(resumeOf(camilleFr.rows, 1003));
  });
});
