import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get, kidsProfileDevice } from './accounts-test-support';
import { airRatedAndAllAges, writeFixtureClips } from './support/live-media';
import { writeOceanClip } from './support/ocean-clip';

// Family safety (spec 1 §6 "a parental code protects content", decision 059): ratings on the
// French scale, a kids profile that sees and plays only tous publics and -10.

const NOW = new Date('2026-11-22T20:10:00Z');
let t: TestApp;
let adult: string;
let kids: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  // The channels play their clips (live), and 1001 (ocean) and 1002 (city) play on demand.
  writeFixtureClips(t.config.dataDir);
  writeOceanClip(t.config.dataDir);
  const clips = path.join(t.config.dataDir, 'media/clips');
  const ocean = fs.readFileSync(path.join(clips, 'ocean/clip.json'), 'utf8');
  fs.writeFileSync(path.join(clips, 'city/clip.json'), ocean.replaceAll('ocean', 'city'));
  adult = await logInAs(t.app, 'abonne@playz.fr');
  // Another device of the same account, on the kids profile.
  kids = await kidsProfileDevice(t.app, adult, 'abonne@playz.fr');
});
afterAll(() => t.close());

const call = (cookie: string, path: string, query?: Record<string, string>) =>
  t.app.inject(get(path, { cookie, ...(query ? { query } : {}) }));
const answer = async (cookie: string, path: string, query?: Record<string, string>) => {
  const res = await call(cookie, path, query);
  expect(res.json().Error.Number, `${path}: ${res.body.slice(0, 200)}`).toBe(0);
  return res.json().Response;
};

/** Every rating an answer carries, wherever its contents, series and programmes sit in it. */
function ratingsIn(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(ratingsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => (key === 'rating' && typeof v === 'number' ? [v] : ratingsIn(v)));
}

describe('ratings of the demo catalogue (spec 1 §6, decision 059)', () => {
  it('rates contents, episodes, programmes and series on the French scale', async () => {
    expect((await answer(adult, '/content/1001')).Content.rating).toBe(0);
    expect((await answer(adult, '/content/1002')).Content.rating).toBe(12);
    expect((await answer(adult, '/content/1011')).Content.rating).toBe(16);
    expect((await answer(adult, '/content/21024')).Content.rating).toBe(18);
    expect((await answer(adult, '/content/5132')).Content.rating).toBe(16);
    expect((await answer(adult, '/series/2001')).Series.rating).toBe(12);
  });
});

describe('a kids profile sees only what suits it (spec 1 §6, decision 059)', () => {
  it('spec 2 §7 /page/{id}/rows: the home rows hold nothing above -10', async () => {
    const query = { with_data: '1' };
    expect(ratingsIn(await answer(adult, '/page/home/rows', query)).some((r) => r > 10)).toBe(true);
    const rows = ratingsIn(await answer(kids, '/page/home/rows', query));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r > 10)).toEqual([]);
  });

  it('spec 2 §7 /search: finds what suits it, and counts only that', async () => {
    const ofAdult = await answer(adult, '/search', { keywords: 'ciel feu' });
    expect(ofAdult.Collection.map((c: { contentID: number }) => c.contentID)).toContain(1011);
    const ofKids = await answer(kids, '/search', { keywords: 'ciel feu' });
    expect(ofKids.Collection.map((c: { contentID: number }) => c.contentID)).not.toContain(1011);
    expect(ofKids.Total).toBe(ofKids.Results.length);
    expect(ratingsIn(await answer(kids, '/search', { keywords: 'brigade' })).filter((r) => r > 10)).toEqual([]);
  });

  it('spec 2 §7 /content/{id}, /series/{id}, /season/{id}: a deep link above -10 is refused, saying why in the viewer’s language', async () => {
    for (const path of ['/content/1011', '/content/21024', '/series/2001', '/season/2102', '/content-list/2001']) {
      const res = await call(kids, path, { locale: 'en' });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().Error, path).toEqual({
        Number: 4,
        Message: 'This programme is not available on a kids profile.',
        Reason: 'NotForKidsProfile',
      });
    }
    expect((await call(kids, '/content/1011')).json().Error.Message).toBe(
      "Ce programme n'est pas disponible sur un profil enfant.",
    );
    expect((await answer(kids, '/content/1001')).Content.contentID).toBe(1001);
    expect((await answer(kids, '/series/2002')).Series.ID).toBe(2002);
  });

  it('spec 2 §7 /series, /content/{id}/related, /replay/*: lists keep only what suits it', async () => {
    const series = await answer(kids, '/series');
    expect(series.Series.map((s: { ID: number }) => s.ID)).not.toContain(2001);
    expect(ratingsIn(await answer(adult, '/content/1002/related')).some((r) => r > 10)).toBe(true);
    expect(ratingsIn(await answer(kids, '/content/1002/related')).filter((r) => r > 10)).toEqual([]);
    for (const path of [
      '/replay/films',
      '/replay/series',
      '/replay/last-hours',
      '/replay/channels',
      '/replay/genres',
    ]) {
      expect(
        ratingsIn(await answer(kids, path)).filter((r) => r > 10),
        path,
      ).toEqual([]);
    }
    expect(ratingsIn(await answer(adult, '/replay/films')).some((r) => r > 10)).toBe(true);
  });

  it('spec 2 §7 /content/favorites, /customer/favorites: the account’s favourites that suit it', async () => {
    for (const id of [1001, 1011]) await answer(adult, `/content/${id}/set-favorite`, { is_favorite: '1' });
    await answer(adult, '/content-list/2001/set-favorite', { is_favorite: '1' });
    const ids = (list: { contentID: number }[]) => list.map((c) => c.contentID);
    expect(ids((await answer(adult, '/content/favorites')).Collection)).toEqual(expect.arrayContaining([1001, 1011]));
    const ofKids = (await answer(kids, '/content/favorites')).Collection;
    expect(ids(ofKids)).toContain(1001);
    expect(ids(ofKids)).not.toContain(1011);
    expect(ratingsIn(ofKids).filter((r) => r > 10)).toEqual([]);
    const all = (await answer(kids, '/customer/favorites')).Favorites;
    expect(ids(all.Contents)).toEqual(ids(ofKids));
    expect(all.ContentLists.map((l: { ID: number }) => l.ID)).not.toContain(2001);
    expect((await answer(adult, '/content-list/favorites')).ContentLists.map((l: { ID: number }) => l.ID)).toContain(
      2001,
    );
    expect((await answer(kids, '/content-list/favorites')).ContentLists.map((l: { ID: number }) => l.ID)).not.toContain(
      2001,
    );
    const rows = await answer(kids, '/page/home/rows', { with_data: '1' });
    expect(ratingsIn(rows).filter((r) => r > 10)).toEqual([]);
  });

  it('spec 2 §7 /channel/{id}/schedule, /channel/{id}, /channels: a channel’s programmes above -10 are left out', async () => {
    const query = { date_from: '2026-11-22T00:00:00Z', date_to: '2026-11-23T00:00:00Z' };
    expect(ratingsIn(await answer(adult, '/channel/13/schedule', query)).some((r) => r > 10)).toBe(true);
    const schedule = await answer(kids, '/channel/13/schedule', query);
    expect(ratingsIn(schedule).filter((r) => r > 10)).toEqual([]);
    expect(ratingsIn(await answer(kids, '/channel/13')).filter((r) => r > 10)).toEqual([]);
    expect(ratingsIn(await answer(kids, '/channels')).filter((r) => r > 10)).toEqual([]);
  });
});

describe('a kids profile plays only what suits it, the API itself refusing (spec 1 §6, decision 059)', () => {
  it('spec 2 §7 /content/{id}/url/adaptive, /url, /url/tv: 4 NotForKidsProfile above -10, the stream below', async () => {
    for (const path of ['/content/1011/url/adaptive', '/content/21024/url', '/content/5132/url/tv']) {
      const res = await call(kids, path, { locale: 'nl' });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().Error, path).toEqual({
        Number: 4,
        Message: 'Dit programma is niet beschikbaar op een kinderprofiel.',
        Reason: 'NotForKidsProfile',
      });
    }
    // Not even the preview.
    expect(errorNumber(await call(kids, '/content/1011/url/adaptive', { product_usage: 'Preview' }))).toBe(4);
    expect((await answer(kids, '/content/1001/url/adaptive')).AdaptiveStream.usage).toBe('View');
    // The adult profile of the same account plays it.
    expect((await answer(adult, '/content/1002/url/adaptive')).AdaptiveStream.usage).toBe('View');
  });

  it('spec 2 §7 /channel/{id}/url/adaptive: no zapping into a programme on air above -10', async () => {
    await airRatedAndAllAges(t.config, NOW.getTime(), 990001);
    const res = await call(kids, '/channel/13/url/adaptive', { locale: 'es' });
    expect(res.json().Error).toEqual({
      Number: 4,
      Message: 'Este programa no está disponible en un perfil infantil.',
      Reason: 'NotForKidsProfile',
    });
    expect((await answer(kids, '/channel/4/url/adaptive')).AdaptiveStream.usage).toBe('View');
    expect((await answer(adult, '/channel/13/url/adaptive')).AdaptiveStream.usage).toBe('View');
  });
});
