import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';

// Collections from the console (decision 105): created with a title in four languages and their
// items in order, edited, hidden and shown, deleted; each change audited with before and after;
// spec 2's GET /content-collection/{id} follows at once, including the visitor's answer made
// before routing from ready bytes (decision 097).

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
let contents: number[] = [];

const texts = (fr: string) => ({
  fr: { title: fr, synopsis: '' },
  en: { title: `${fr} (en)`, synopsis: '' },
  nl: { title: `${fr} (nl)`, synopsis: '' },
  es: { title: `${fr} (es)`, synopsis: '' },
});

/** Answers made before routing so far, as GET /metrics tells an operator. */
const fromMemory = async () =>
  Number(
    /^playz_catalogue_from_memory_total (\d+)/m.exec(await (await fetch(`${t.config.publicUrl}/metrics`)).text())?.[1],
  );
/**
 * A visitor's GET /content-collection/{id} over HTTP (the answer made before routing, decision 097,
 * is not reached by inject); `hot` when it came from the ready bytes.
 */
const viewerCollection = async (id: number) => {
  const before = await fromMemory();
  const res = await fetch(`${t.config.publicUrl}/api/1.2/content-collection/${id}`);
  const json = (await res.json()) as {
    Error: { Number: number };
    Response: { ContentCollection: { name: string; items: { type: string; Content?: { contentID: number } }[] } };
  };
  return { ...json, hot: (await fromMemory()) - before === 1 };
};
const itemIds = async (id: number) =>
  (await viewerCollection(id)).Response.ContentCollection.items.map((i) => i.Content?.contentID ?? i.type);

type Collection = { id: number; hiddenAt: string | null; items: { type: string; id: number; title: string }[] };
const ok = (res: Awaited<ReturnType<StaffConsole['call']>>) => {
  expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
  return res.json().Response.collection as Collection;
};
const refusal = (res: Awaited<ReturnType<StaffConsole['call']>>) => {
  expect(res.statusCode).toBeLessThan(500);
  return { number: res.json().Error.Number as number, message: res.json().Error.Message as string };
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), listen: true });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'finance']));
  contents = (
    await t.database.db
      .selectFrom('contents')
      .select('id')
      .where('content_type', '=', 'Film')
      .where('enabled', '=', 1)
      .orderBy('id')
      .limit(4)
      .execute()
  ).map((r) => r.id);
  expect(contents).toHaveLength(4);
});
afterAll(() => t.close());

describe('collections from the console (decision 105; spec 2 §7 GET /content-collection/{id})', () => {
  let collection: Collection;

  it('spec 2 GET /content-collection/{id}: a new collection answers its items in order; audited', async () => {
    const items = [contents[2]!, contents[0]!, contents[1]!].map((id) => ({ type: 'Content', id }));
    collection = ok(await call('POST', '/collections', roles.editor!, { texts: texts('Nuits blanches'), items }));
    expect(collection.items.map((i) => i.id)).toEqual([contents[2], contents[0], contents[1]]);
    expect(collection.items.every((i) => i.title.length > 0)).toBe(true);
    const read = await viewerCollection(collection.id);
    expect(read.Response.ContentCollection.name).toBe('Nuits blanches');
    expect(await itemIds(collection.id)).toEqual([contents[2], contents[0], contents[1]]);
    const listed = (await call('GET', '/collections?limit=3', roles.editor!)).json().Response.collections;
    expect(listed[0]).toMatchObject({ id: collection.id, title: 'Nuits blanches', hiddenAt: null, items: 3 });
    const entry = (await call('GET', `/audit?target_type=collection&target_id=${collection.id}`, roles.admin!)).json()
      .Response.entries[0];
    expect(entry).toMatchObject({ action: 'collection.create', actor: 'editor@playz.fr', before: null });
    expect(entry.after.texts.nl.title).toBe('Nuits blanches (nl)');
  });

  it('decision 097: a visitor answered from ready bytes gets the new order and title at once', async () => {
    // Read twice: the second answer comes from the bytes kept beside the cached collection.
    await viewerCollection(collection.id);
    const again = await viewerCollection(collection.id);
    expect(again.hot).toBe(true);
    expect(again.Response.ContentCollection.name).toBe('Nuits blanches');

    const items = [contents[0]!, contents[1]!, contents[3]!].map((id) => ({ type: 'Content', id }));
    collection = ok(
      await call('POST', `/collections/${collection.id}`, roles.editor!, { texts: texts('Nuits blanches II'), items }),
    );
    const read = await viewerCollection(collection.id);
    expect(read.Response.ContentCollection.name).toBe('Nuits blanches II');
    expect(await itemIds(collection.id)).toEqual([contents[0], contents[1], contents[3]]);
    const entry = (await call('GET', '/audit?action=collection.update', roles.admin!)).json().Response.entries[0];
    expect(entry.before.items.map((i: { id: number }) => i.id)).toEqual([contents[2], contents[0], contents[1]]);
    expect(entry.after.items.map((i: { id: number }) => i.id)).toEqual([contents[0], contents[1], contents[3]]);
  });

  it('spec 2 §8: unknown content 20, unknown list 21, unknown collection 24; repeated or self items refused with 3', async () => {
    const body = (items: object[]) => ({ texts: texts('Nuits blanches II'), items });
    const change = (items: object[]) => call('POST', `/collections/${collection.id}`, roles.editor!, body(items));
    expect(refusal(await change([{ type: 'Content', id: 99_999_999 }])).number).toBe(20);
    expect(refusal(await change([{ type: 'ContentList', id: 99_999_999 }])).number).toBe(21);
    expect(refusal(await change([{ type: 'ContentCollection', id: 99_999_999 }])).number).toBe(24);
    expect(refusal(await change([{ type: 'Category', id: 99_999_999 }])).number).toBe(23);
    expect(
      refusal(
        await change([
          { type: 'Content', id: contents[0] },
          { type: 'Content', id: contents[0] },
        ]),
      ),
    ).toEqual({ number: 3, message: 'collection.repeated' });
    expect(refusal(await change([{ type: 'ContentCollection', id: collection.id }]))).toEqual({
      number: 3,
      message: 'collection.itself',
    });
    expect(refusal(await change([{ type: 'Film', id: contents[0] }])).number).toBe(3);
    expect(refusal(await call('POST', '/collections/99999999', roles.editor!, body([]))).number).toBe(24);
    // Nothing changed.
    expect(await itemIds(collection.id)).toEqual([contents[0], contents[1], contents[3]]);
  });

  it('spec 2 GET /content-collection/{id}: a hidden collection answers 24 at once, and comes back when shown', async () => {
    await viewerCollection(collection.id);
    const hidden = ok(await call('POST', `/collections/${collection.id}/hide`, roles.editor!));
    expect(hidden.hiddenAt).toBe(new Date(clock).toISOString());
    expect((await viewerCollection(collection.id)).Error.Number).toBe(24);
    // Nor has it a share page or a place in the sitemap (decision 060).
    const bot = { 'user-agent': 'facebookexternalhit/1.1' };
    const sharePage = `/content-collection/${collection.id}`;
    expect((await t.app.inject({ url: sharePage, headers: bot })).statusCode).toBe(404);
    // The sitemap is made again after its own time to live; this is its first reading here.
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('/content-collection/1<');
    expect(sitemap).not.toContain(`${sharePage}<`);
    const shown = ok(await call('POST', `/collections/${collection.id}/show`, roles.editor!));
    expect(shown.hiddenAt).toBeNull();
    expect((await t.app.inject({ url: sharePage, headers: bot })).statusCode).toBe(200);
    expect(await itemIds(collection.id)).toEqual([contents[0], contents[1], contents[3]]);
    const actions = (
      (await call('GET', `/audit?target_type=collection&target_id=${collection.id}`, roles.admin!)).json().Response
        .entries as { action: string }[]
    ).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['collection.show', 'collection.hide']);
  });

  it('decision 105: a collection a home row shows is not deleted (collection.in-use); another one is, and leaves its holders', async () => {
    const shownOnHome = await t.database.db
      .selectFrom('page_rows')
      .select('type_id')
      .where('row_type', '=', 'ContentCollection')
      .where('type_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(refusal(await call('POST', `/collections/${shownOnHome.type_id}/delete`, roles.editor!))).toEqual({
      number: 3,
      message: 'collection.in-use',
    });
    const holder = ok(
      await call('POST', '/collections', roles.editor!, {
        texts: texts('Porteuse'),
        items: [
          { type: 'ContentCollection', id: collection.id },
          { type: 'Content', id: contents[0] },
        ],
      }),
    );
    const res = await call('POST', `/collections/${collection.id}/delete`, roles.editor!);
    expect(res.json().Response).toEqual({ deleted: collection.id });
    expect((await viewerCollection(collection.id)).Error.Number).toBe(24);
    expect(await itemIds(holder.id)).toEqual([contents[0]]);
    const entry = (await call('GET', '/audit?action=collection.delete', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ targetId: String(collection.id), after: null });
    expect(entry.before.texts.fr.title).toBe('Nuits blanches II');
  });

  it('decision 080: finance may not read or change collections (4); no session gets 11', async () => {
    expect(refusal(await call('GET', '/collections', roles.finance!)).number).toBe(4);
    expect(refusal(await call('POST', '/collections/1/hide', roles.finance!)).number).toBe(4);
    expect(refusal(await call('GET', '/collections', '')).number).toBe(11);
  });
});
