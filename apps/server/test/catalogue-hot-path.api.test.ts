import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type Db } from '../src/db/connect';
import { bumpCatalogueVersion, VERSION_CHECK_MS } from '../src/modules/catalogue/catalogue-cache';
import { post } from './accounts-test-support';
import { createTestApp, logInAs, type TestApp } from './test-app';

// Decision 097: a visitor's content or collection, asked again, answered before routing with the
// bytes the route sends; anyone signed in, anything new or doubtful, goes the full way.
let t: TestApp;
let base: string;
let database: Db;
let adult: string;
let kids: string;
beforeAll(async () => {
  // The catalogue cache reads Date.now: only Date is faked, before the app is built, so the test
  // moves the cache's clock past its version check instead of sleeping against it.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  t = await createTestApp({ listen: true });
  base = t.config.publicUrl;
  database = connectDatabase(t.config);
  adult = await logInAs(t.app, 'abonne@playz.fr');
  const created = await t.app.inject(
    post('/customer/edit/profile', { username: 'Léo', is_kids: '1' }, { cookie: adult }),
  );
  const kid = created.json().Response.Profile as { UUID: string };
  kids = await logInAs(t.app, 'abonne@playz.fr');
  await t.app.inject(post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie: kids }));
});
afterAll(async () => {
  await database.close();
  await t.close();
  vi.useRealTimers();
});

/** Answers made before routing so far, as GET /metrics tells an operator. */
async function fromMemory(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^playz_catalogue_from_memory_total (\d+)/m.exec(text)?.[1]);
}
/** A GET over HTTP (the hot path is before Fastify: inject never reaches it). */
async function call(path: string, headers: Record<string, string> = {}) {
  const before = await fromMemory();
  const response = await fetch(`${base}/api/1.2${path}`, { headers });
  const body = await response.text();
  return {
    status: response.status,
    body,
    json: JSON.parse(body),
    headers: Object.fromEntries(response.headers),
    hot: (await fromMemory()) - before === 1,
  };
}
/** Headers whose value differs on every answer, whichever way it was made. */
const withoutPerAnswer = (headers: Record<string, string>) => {
  const { date, 'x-request-id': id, 'keep-alive': _keepAlive, connection: _connection, ...rest } = headers;
  expect(Date.parse(date ?? '')).toBeGreaterThan(0);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
};

describe('spec 2 §7 a visitor’s content and collection answered before routing (decision 097)', () => {
  it('spec 2 §7 GET /content/{id}: a visitor’s repeat gets the route’s status, headers and bytes', async () => {
    // A query string new to the route goes the full way once: the route's own answer.
    const first = await call('/content/1002?locale=fr');
    const repeat = await call('/content/1002?locale=fr');
    expect([first.hot, repeat.hot]).toEqual([false, true]);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toBe(first.body);
    expect(withoutPerAnswer(repeat.headers)).toEqual(withoutPerAnswer(first.headers));
    expect(repeat.headers['content-security-policy']).toContain("default-src 'self'");
    expect(repeat.headers['cache-control']).toBeUndefined();
    expect(repeat.json.Response.Content).toMatchObject({ contentID: 1002, rating: 12, playbackTime: null });
    // Without a query string there are no common parameters to check: from memory at once.
    const bare = await call('/content/1002');
    expect(bare.hot).toBe(true);
    expect(bare.body).toBe(first.body);
  });

  it('spec 2 §7 GET /content-collection/{id}: the same, and a query string only once the route answered it', async () => {
    const query = '?platform=AndroidTV&locale=nl';
    const first = await call(`/content-collection/2${query}`);
    const repeat = await call(`/content-collection/2${query}`);
    expect([first.hot, repeat.hot]).toEqual([false, true]);
    expect(repeat.body).toBe(first.body);
    expect(withoutPerAnswer(repeat.headers)).toEqual(withoutPerAnswer(first.headers));
    expect(repeat.json.Response.ContentCollection.ID).toBe(2);
    expect(repeat.json.Response.ContentCollection.items.length).toBeGreaterThan(0);
    const bare = await call('/content-collection/2');
    expect(bare.hot).toBe(true);
    expect(bare.body).toBe(first.body);
  });

  it('decision 038 an answer made before routing is counted in its route’s latency histogram, bound once (decision 133)', async () => {
    const countOf = async (route: string) => {
      const text = await (await fetch(`${base}/metrics`)).text();
      const line = `playz_http_request_duration_seconds_count{route="/api/1.2/${route}/:id",method="GET",status="2xx"} `;
      return Number(
        text
          .split('\n')
          .find((l) => l.startsWith(line))
          ?.slice(line.length) ?? 0,
      );
    };
    await call('/content/1002');
    await call('/content-collection/2');
    const [contents, collections] = [await countOf('content'), await countOf('content-collection')];
    expect([(await call('/content/1002')).hot, (await call('/content/1001')).hot]).toEqual([true, true]);
    expect((await call('/content-collection/2')).hot).toBe(true);
    expect([await countOf('content'), await countOf('content-collection')]).toEqual([contents + 2, collections + 1]);
  });

  it('spec 1 §7 the answer is the same in every language, so the route answers each alike', async () => {
    const fr = await call('/content/1002', { 'accept-language': 'fr' });
    const nl = await call('/content/1002?locale=nl', { 'accept-language': 'nl' });
    const route = await t.app.inject({ url: '/api/1.2/content/1002?locale=es', headers: { 'accept-language': 'es' } });
    expect(nl.body).toBe(fr.body);
    expect(route.body).toBe(fr.body);
  });

  it('spec 2 §4 a signed-in viewer always goes the full way: their own resume point, never another’s', async () => {
    await call('/content/1003');
    const played = await t.app.inject({
      url: '/api/1.2/content/1003/playback/status?playback_time=42',
      headers: { cookie: adult },
    });
    expect(played.json().Error.Number).toBe(0);
    const resumeAt = played.json().Response.Content.playbackTime as number;
    expect(resumeAt).toBeGreaterThan(0);
    const own = await call('/content/1003', { cookie: adult });
    expect(own.hot).toBe(false);
    expect(own.json.Response.Content.playbackTime).toBe(resumeAt);
    expect(own.headers['cache-control']).toBe('no-store');
    // A visitor right after gets the shared answer, without the viewer's resume point.
    const visitor = await call('/content/1003');
    expect(visitor.hot).toBe(true);
    expect(visitor.json.Response.Content.playbackTime).toBeNull();
    // A bearer token of a device app, and a session cookie among others, go the full way too.
    const token = /playz_sid=([^;]+)/.exec(adult)![1]!;
    const bearer = await call('/content/1003', { authorization: `Bearer ${token}` });
    expect(bearer.hot).toBe(false);
    expect(bearer.json.Response.Content.playbackTime).toBe(resumeAt);
    expect((await call('/content/1003', { cookie: `consent=1; ${adult}` })).hot).toBe(false);
    // Cookies that are not a session's leave a visitor a visitor.
    expect((await call('/content/1003', { cookie: 'consent=1' })).hot).toBe(true);
  });

  it('spec 1 §6 a kids profile is refused a -16 film a visitor gets from memory (decision 059)', async () => {
    await call('/content/1011');
    expect((await call('/content/1011')).hot).toBe(true);
    const refused = await call('/content/1011', { cookie: kids });
    expect(refused.hot).toBe(false);
    expect(refused.json.Error.Number).not.toBe(0);
  });

  it('spec 1 §8 what only the route may answer goes the full way: unknown ids, odd ids, bad queries, HEAD', async () => {
    const missing = await call('/content/999999');
    expect([missing.status, missing.json.Error.Number, missing.hot]).toEqual([404, 20, false]);
    expect((await call('/content/999999')).hot).toBe(false);
    expect((await call('/content/01002x')).hot).toBe(false);
    const bad = await call('/content/1002?platform=Nope');
    expect([bad.json.Error.Number, bad.hot]).toEqual([16, false]);
    expect((await call('/content/1002?platform=Nope')).hot).toBe(false);
    const head = await fetch(`${base}/api/1.2/content/1002`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('spec 2 §7 an import’s change shows in the answer made from memory once the version moves (decision 013)', async () => {
    await call('/content/1001');
    const before = await call('/content/1001');
    expect(before.hot).toBe(true);
    expect(before.json.Response.Content.title).toBe("L'Été indien");
    await database.db
      .updateTable('contents')
      .set({ title: 'Été indien (version restaurée)' })
      .where('id', '=', 1001)
      .execute();
    await bumpCatalogueVersion(database.db);
    vi.advanceTimersByTime(VERSION_CHECK_MS + 1);
    const after = await call('/content/1001');
    expect(after.hot).toBe(true);
    expect(after.json.Response.Content.title).toBe('Été indien (version restaurée)');
    const route = await t.app.inject({ url: '/api/1.2/content/1001' });
    expect(after.body).toBe(route.body);
  });
});
