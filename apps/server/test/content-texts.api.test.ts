import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';

// Decision 107: the title and synopsis an editor writes in en, nl and es (decision 094) reach the
// viewers in their language — content page, search, home rows, collections — French where none
// was written; a visitor's answers kept as bytes (decision 097) are kept per language.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let base: string;
let call: StaffConsole['call'];
let editor: string;
let contentId: number;
let collectionId: number;

const TEXTS = {
  fr: { title: 'Le Phare du bout du monde', synopsis: 'Un gardien, une tempête.' },
  en: { title: 'The Lighthouse at the End of the World', synopsis: 'A keeper, a storm.' },
  // Dutch: nothing written, French shown. Spanish: a title only, the French synopsis shown.
  nl: { title: '', synopsis: '' },
  es: { title: 'El faro del fin del mundo', synopsis: '' },
};

/** What the metrics count as answered before routing (decision 097). */
async function fromMemory(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^playz_catalogue_from_memory_total (\d+)/m.exec(text)?.[1] ?? 0);
}

/** A visitor's GET over HTTP (the hot path is before Fastify: inject never reaches it). */
async function visitor(path: string, headers: Record<string, string> = {}) {
  const before = await fromMemory();
  const response = await fetch(`${base}/api/1.2${path}`, { headers });
  const body = await response.text();
  return { status: response.status, body, json: JSON.parse(body), hot: (await fromMemory()) - before === 1 };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Titled {
  contentID: number;
  title: string;
  description: string;
  slug: string;
}
/** Every content object in an answer, wherever it sits (rows, collections, search results). */
function contentsIn(value: unknown, found: Titled[] = []): Titled[] {
  if (Array.isArray(value)) value.forEach((v) => contentsIn(v, found));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.contentID === 'number' && typeof record.title === 'string') found.push(record as never);
    Object.values(record).forEach((v) => contentsIn(v, found));
  }
  return found;
}
const titlesOf = (value: unknown, id: number) => [
  ...new Set(
    contentsIn(value)
      .filter((c) => c.contentID === id)
      .map((c) => c.title),
  ),
];

beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => new Date(clock) });
  base = t.config.publicUrl;
  let roles: StaffConsole['roles'];
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor']));
  editor = roles.editor!;
  // A content the home rows show and a collection holding it: the desk edits the contents it made
  // (decision 094), so this one is given the editorial row the media job would have written.
  const rows = (await t.app.inject({ url: '/api/1.2/page/home/rows?with_data=1' })).json().Response.Rows;
  const collection = rows.find(
    (r: { data: { ContentCollection?: unknown } | null }) => contentsIn(r.data?.ContentCollection).length > 0,
  ).data.ContentCollection as { ID: number };
  collectionId = collection.ID;
  contentId = contentsIn(collection)[0]!.contentID;
  const row = await t.app.db.selectFrom('contents').selectAll().where('id', '=', contentId).executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('content_editorial')
    .values({
      content_id: contentId,
      texts: JSON.stringify({ fr: { title: row.title, synopsis: row.description } }),
      access: 'subscription',
      price_offer_id: null,
      published: 1,
      publish_from: null,
      publish_until: null,
      updated_at: new Date(clock).toISOString(),
    })
    .execute();
  const saved = await call('POST', `/catalogue/contents/${contentId}`, editor, {
    kind: row.content_type === 'Clip' ? 'Clip' : 'Film',
    rating: row.rating,
    texts: TEXTS,
    access: { type: 'subscription' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // Every node sees the change within the catalogue cache's version check (decision 013).
  // (the home rows asked above are kept until the version moves, so wait on them).
  await until(
    async () => (await t.app.inject({ url: '/api/1.2/page/home/rows?with_data=1' })).json().Response,
    (answer) => titlesOf(answer, contentId).join() === TEXTS.fr.title,
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('spec 2 §4 the console’s texts in the viewer’s language, French as fallback (decision 107)', () => {
  it('spec 2 §7 GET /content/{id}: the locale parameter or Accept-Language chooses the texts; empty fields fall back to French', async () => {
    const content = async (query: string, headers: Record<string, string> = {}) =>
      (await t.app.inject({ url: `/api/1.2/content/${contentId}${query}`, headers })).json().Response.Content as Titled;
    expect(await content('?locale=en')).toMatchObject({ title: TEXTS.en.title, description: TEXTS.en.synopsis });
    expect(await content('', { 'accept-language': 'en-GB,en;q=0.9' })).toMatchObject({ title: TEXTS.en.title });
    expect(await content('?locale=fr')).toMatchObject({ title: TEXTS.fr.title, description: TEXTS.fr.synopsis });
    expect(await content('?locale=nl')).toMatchObject({ title: TEXTS.fr.title, description: TEXTS.fr.synopsis });
    expect(await content('?locale=es')).toMatchObject({ title: TEXTS.es.title, description: TEXTS.fr.synopsis });
    // One address in every language: the slug stays the French title's.
    expect((await content('?locale=en')).slug).toBe((await content('?locale=fr')).slug);
  });

  it('spec 2 §7 a visitor’s content and collection kept as bytes (decision 097): an English and a French visitor each get their own title', async () => {
    for (const path of [`/content/${contentId}`, `/content-collection/${collectionId}`]) {
      // Each language asked twice, alternately: the repeats come from memory, each in its language.
      const answers = [];
      for (const language of ['en', 'fr', 'en', 'fr']) {
        const answer = await visitor(path, { 'accept-language': language });
        expect(answer.status).toBe(200);
        answers.push(answer);
      }
      const [en1, fr1, en2, fr2] = answers;
      expect(titlesOf(en1!.json, contentId)).toEqual([TEXTS.en.title]);
      expect(titlesOf(fr1!.json, contentId)).toEqual([TEXTS.fr.title]);
      expect([en2!.hot, fr2!.hot]).toEqual([true, true]);
      expect(en2!.body).toBe(en1!.body);
      expect(fr2!.body).toBe(fr1!.body);
      // The locale parameter, once the route answered it, is a language of its own as well.
      await visitor(`${path}?locale=es`);
      const es = await visitor(`${path}?locale=es`);
      expect(es.hot).toBe(true);
      expect(titlesOf(es.json, contentId)).toEqual([TEXTS.es.title]);
    }
  });

  it('spec 2 §2 home rows: a visitor’s and a subscriber’s rows carry the titles of their language', async () => {
    const rows = async (locale: string) =>
      (await t.app.inject({ url: `/api/1.2/page/home/rows?with_data=1&locale=${locale}` })).json().Response;
    expect(titlesOf(await rows('en'), contentId)).toEqual([TEXTS.en.title]);
    expect(titlesOf(await rows('fr'), contentId)).toEqual([TEXTS.fr.title]);
    expect(titlesOf(await rows('nl'), contentId)).toEqual([TEXTS.fr.title]);
    // Asked again in the other order: each language's kept answer is its own.
    expect(titlesOf(await rows('fr'), contentId)).toEqual([TEXTS.fr.title]);
    expect(titlesOf(await rows('en'), contentId)).toEqual([TEXTS.en.title]);
    // A subscriber's rows (own rows joined to the kept ones) in the language they ask in.
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const subscriber = async (locale: string) =>
      (await t.app.inject({ url: `/api/1.2/page/home/rows?with_data=1&locale=${locale}`, headers: { cookie } })).json()
        .Response;
    expect(titlesOf(await subscriber('en'), contentId)).toEqual([TEXTS.en.title]);
    expect(titlesOf(await subscriber('fr'), contentId)).toEqual([TEXTS.fr.title]);
  });

  it('spec 2 §7 search: found by its title in any language, shown in the viewer’s', async () => {
    const search = async (keywords: string, locale: string) =>
      (await t.app.inject({ url: `/api/1.2/search?keywords=${encodeURIComponent(keywords)}&locale=${locale}` })).json()
        .Response;
    const english = await search('lighthouse end world', 'en');
    expect(titlesOf(english, contentId)).toEqual([TEXTS.en.title]);
    expect(titlesOf(english.Collection, contentId)).toEqual([TEXTS.en.title]);
    expect(titlesOf(await search('lighthouse end world', 'fr'), contentId)).toEqual([TEXTS.fr.title]);
    expect(titlesOf(await search('phare bout monde', 'en'), contentId)).toEqual([TEXTS.en.title]);
    expect(titlesOf(await search('faro fin mundo', 'es'), contentId)).toEqual([TEXTS.es.title]);
  });

  it('decision 107 an editor’s new English title reaches the English visitor, the French one unchanged', async () => {
    const texts = { ...TEXTS, en: { title: 'The Last Lighthouse', synopsis: 'A keeper, a storm.' } };
    const saved = await call('POST', `/catalogue/contents/${contentId}`, editor, {
      kind: 'Film',
      rating: 0,
      texts,
      access: { type: 'subscription' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const english = await until(
      () => visitor(`/content/${contentId}`, { 'accept-language': 'en' }),
      (answer) => answer.json.Response.Content.title === 'The Last Lighthouse',
    );
    expect(english.json.Response.Content.title).toBe('The Last Lighthouse');
    const french = await visitor(`/content/${contentId}`, { 'accept-language': 'fr' });
    expect(french.json.Response.Content.title).toBe(TEXTS.fr.title);
  });
});
