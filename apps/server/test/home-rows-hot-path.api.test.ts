import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { bumpCatalogueVersion, VERSION_CHECK_MS } from '../src/modules/catalogue/catalogue-cache';
import { errorNumber, kidsProfileDevice } from './accounts-test-support';
import { createTestApp, logInAs, type TestApp } from './test-app';

// Decision 123: a page's rows asked again (the home, logged or not) are answered before routing
// with the status, headers and bytes the route sends; a session is looked up at every request.
// Decision 129: in every language (fr, en, nl, es), in the request's own turn.
const NOW = new Date('2026-11-29T15:00:00Z');
const HOME = '/api/1.2/page/home/rows?with_data=1';
/** A content of the home written in English and (its title only) in Spanish, not in Dutch (decision 107). */
const TEXTS = {
  en: { title: 'The Lighthouse at the End of the World', synopsis: 'A keeper, a storm.' },
  nl: { title: '', synopsis: '' },
  es: { title: 'El faro del fin del mundo', synopsis: '' },
};
let t: TestApp;
let base: string;
let adult: string;
let kids: string;
/** The table counters are in this process (no REDIS_URL): a stamp is read without waiting. */
const IN_PROCESS = !process.env.REDIS_URL;
/** That content and its French title (its own row's). */
let contentId: number;
let french: string;
/** The session look-up of the awaited way: an answer made in the request's own turn never calls it. */
let findValid: MockInstance;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, listen: true });
  base = t.config.publicUrl;
  // A content of the home rows gets its texts in other languages, as the console writes them.
  const rows = (await t.app.inject({ url: HOME })).json().Response.Rows as { data: unknown }[];
  contentId = Number(/"contentID":(\d+)/.exec(JSON.stringify(rows.map((row) => row.data)))![1]);
  const row = await t.app.db
    .selectFrom('contents')
    .select('title')
    .where('id', '=', contentId)
    .executeTakeFirstOrThrow();
  french = row.title;
  await t.app.db
    .insertInto('content_editorial')
    .values({
      content_id: contentId,
      texts: JSON.stringify(TEXTS),
      access: 'subscription',
      price_offer_id: null,
      published: 1,
      publish_from: null,
      publish_until: null,
      updated_at: NOW.toISOString(),
    })
    .execute();
  await bumpCatalogueVersion(t.app.db);
  await new Promise((resolve) => setTimeout(resolve, VERSION_CHECK_MS + 100));
  findValid = vi.spyOn(t.app.sessions, 'findValid');
  adult = await logInAs(t.app, 'abonne@playz.fr');
  kids = await kidsProfileDevice(t.app, adult, 'abonne@playz.fr');
});
afterAll(() => t.close());

async function metricsText(): Promise<string> {
  return (await fetch(`${base}/metrics`)).text();
}
/** Rows answered before routing so far, as GET /metrics tells an operator. */
const fromMemory = async () => Number(/^playz_page_rows_from_memory_total (\d+)/m.exec(await metricsText())?.[1]);

/** A GET over HTTP (the hot path is before Fastify: inject never reaches it). */
async function overHttp(path: string, headers: Record<string, string> = {}) {
  const before = await fromMemory();
  const lookUps = findValid.mock.calls.length;
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  const awaited = findValid.mock.calls.length > lookUps;
  const hot = (await fromMemory()) - before === 1;
  return {
    status: response.status,
    body,
    headers: Object.fromEntries(response.headers),
    hot,
    /** Answered before routing without the awaited session look-up (decision 124's peeks). */
    inTurn: hot && !awaited,
  };
}
/** The route's own answer now (inject goes through Fastify, never a hot route). */
async function routed(path: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url: path, headers });
  return { status: response.statusCode, body: response.body, headers: response.headers as Record<string, string> };
}
/** Headers whose value differs on every answer, whichever way it was made. */
const withoutPerAnswer = (headers: Record<string, string>) => {
  const { date, 'x-request-id': id, 'keep-alive': _keepAlive, connection: _connection, ...rest } = headers;
  expect(Date.parse(date ?? '')).toBeGreaterThan(0);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, String(value)]));
};
/** The hot answer is the route's: status, headers (but date and id), bytes. */
async function expectSameAsRoute(path: string, headers: Record<string, string>) {
  const hot = await overHttp(path, headers);
  expect(hot.hot).toBe(true);
  const route = await routed(path, headers);
  expect(hot.status).toBe(route.status);
  expect(hot.body).toBe(route.body);
  expect(withoutPerAnswer(hot.headers)).toEqual(withoutPerAnswer(route.headers));
  return hot;
}
/** The content ids of the Favorites row. */
const favoritesOf = (body: string) =>
  (JSON.parse(body).Response.Rows as { rowType: string; data: { Favorites?: { contentID: number }[] } | null }[])
    .find((row) => row.rowType === 'Favorites')!
    .data!.Favorites!.map((content) => content.contentID);
async function favorite(id: number, on: '0' | '1') {
  const set = await t.app.inject({
    url: `/api/1.2/content/${id}/set-favorite?is_favorite=${on}`,
    headers: { cookie: adult },
  });
  expect(errorNumber(set)).toBe(0);
}

describe('spec 2 §7 GET /page/{id}/rows answered before routing (decision 123)', () => {
  it('a visitor repeat: the same status, headers and bytes as the route, no no-store', async () => {
    expect((await overHttp(HOME)).hot).toBe(false);
    const hot = await expectSameAsRoute(HOME, {});
    expect(hot.headers['cache-control']).toBeUndefined();
    expect(hot.headers['content-security-policy']).toContain("default-src 'self'");
    expect(hot.headers['x-frame-options']).toBe('DENY');
    expect(Number(hot.headers['content-length'])).toBe(Buffer.byteLength(hot.body));
  });

  it('a subscriber repeat, by cookie or bearer token: their own rows, no-store, as the route', async () => {
    await favorite(1003, '1');
    expect((await overHttp(HOME, { cookie: adult })).hot).toBe(true); // the URL is known from the visitor's
    const hot = await expectSameAsRoute(HOME, { cookie: adult });
    expect(hot.headers['cache-control']).toBe('no-store');
    expect(hot.body).not.toBe((await overHttp(HOME)).body);
    expect(favoritesOf(hot.body)).toContain(1003);
    const token = /playz_sid=([^;]+)/.exec(adult)![1]!;
    await expectSameAsRoute(HOME, { authorization: `Bearer ${token}` });
    // A write to the viewer's own rows is in the next hot answer (their tables' stamp, decision 037).
    await favorite(1003, '0');
    const after = await expectSameAsRoute(HOME, { cookie: adult });
    expect(favoritesOf(after.body)).not.toContain(1003);
  });

  it('a kids profile gets its narrowed rows, a language its own texts, as the route gives them', async () => {
    const kidsRows = await expectSameAsRoute(HOME, { cookie: kids });
    expect(kidsRows.body).not.toBe((await overHttp(HOME, { cookie: adult })).body);
    // Another Accept-Language is another URL to learn: the route answers it first.
    expect((await overHttp(HOME, { cookie: adult, 'accept-language': 'en' })).hot).toBe(false);
    await expectSameAsRoute(HOME, { cookie: adult, 'accept-language': 'en' });
    expect((await overHttp(`${HOME}&locale=nl`)).hot).toBe(false);
    await expectSameAsRoute(`${HOME}&locale=nl`, {});
  });

  it('every language is answered in the request’s own turn, its own texts or French’s, as the route (decision 129)', async () => {
    /** The titles the answer gives the translated content, wherever it is in the rows. */
    const titles = (body: string) => {
      const found = new Set<string>();
      JSON.parse(body, (key, value: unknown) => {
        const record = value as { contentID?: unknown; title?: unknown } | null;
        if (record && typeof record === 'object' && record.contentID === contentId) found.add(String(record.title));
        return value;
      });
      return [...found];
    };
    for (const [language, shown] of [
      ['fr', french],
      ['en', TEXTS.en.title],
      ['nl', french],
      ['es', TEXTS.es.title],
    ] as const) {
      for (const [path, headers] of [
        [HOME, { cookie: adult, 'accept-language': language }],
        [`${HOME}&locale=${language}`, { cookie: adult }],
        [`${HOME}&locale=${language}`, {}],
      ] as const) {
        await overHttp(path, headers); // the route answers a new URL first (and fills the caches)
        const hot = await expectSameAsRoute(path, headers);
        expect(titles(hot.body)).toEqual([shown]);
        // The route's answer just now read the catalogue version: a subscriber's next one is made in
        // turn (a visitor's looks no session up, so the awaited way is not seen from here), where
        // the table counters are in this process (with Redis every stamp is a round trip).
        if (!('cookie' in headers)) continue;
        // On a loaded machine the catalogue version's check (2 s) may lapse between two requests:
        // the awaited way reads it again, and the next is made in turn.
        let again = await overHttp(path, headers);
        for (let tries = 0; IN_PROCESS && !again.inTurn && tries < 5; tries++) again = await overHttp(path, headers);
        expect(again.inTurn, `${path} ${language}`).toBe(IN_PROCESS);
        expect(again.body).toBe(hot.body);
      }
    }
  });

  it('what only the route may answer goes the full way: a bad or unknown query, a doubtful cookie, HEAD', async () => {
    const bad = await overHttp('/api/1.2/page/home/rows?with_data=2');
    expect([bad.status, JSON.parse(bad.body).Error.Number, bad.hot]).toEqual([400, 3, false]);
    expect((await overHttp('/api/1.2/page/home/rows?with_data=2')).hot).toBe(false);
    const unknown = await overHttp('/api/1.2/page/nowhere/rows');
    expect([JSON.parse(unknown.body).Error.Number, unknown.hot]).toEqual([7, false]);
    expect((await overHttp('/api/1.2/page/nowhere/rows')).hot).toBe(false);
    expect((await overHttp(HOME, { cookie: `${adult}; ${adult}` })).hot).toBe(false);
    expect((await overHttp(HOME, { authorization: 'Basic eDp5' })).hot).toBe(false);
    const head = await fetch(`${base}${HOME}`, { method: 'HEAD', headers: { cookie: adult } });
    expect(head.headers.get('cache-control')).toBe('no-store');
  });

  it('answers made here are in the route latency histogram', async () => {
    const count = async () =>
      Number(
        new RegExp(
          String.raw`^playz_http_request_duration_seconds_count\{route="/api/1\.2/page/:id/rows",method="GET",status="2xx"\} (\d+)`,
          'm',
        ).exec(await metricsText())?.[1],
      );
    const before = await count();
    expect((await overHttp(HOME)).hot).toBe(true);
    expect((await overHttp(HOME, { cookie: adult })).hot).toBe(true);
    expect(await count()).toBe(before + 2);
  });
});
