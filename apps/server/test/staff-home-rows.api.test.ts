import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { errorNumber, post, registerAccount } from './accounts-test-support';

// Home rows from the console (decision 106): the rows of the viewers' home in their order, hidden
// ones included; adding, changing, reordering, hiding, showing and deleting one, each audited with
// before and after; the viewers' home follows at once. The preview per kind of viewer is the
// viewers' own answer: compared byte for byte with what each kind of viewer gets.

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
/** A customer without a subscription, favourites nor resume points (spec 2 §6). */
let customer = '';
/** A subscriber with favourites and a resume point (the demo's Camille). */
let subscriber = '';
/** A kids profile of a new account (decision 059). */
let kids = '';

const OWN_ROWS = new Set(['Favorites', 'ContentsProcessing']);
interface Row {
  rowType: string;
  typeID: number | null;
  style: string;
  title: string;
  data: Record<string, unknown[] | { items?: unknown[] }> | null;
}
interface AdminRow {
  id: number;
  position: number;
  rowType: string;
  typeID: number | null;
  targetName: string | null;
  style: string;
  titles: { fr: string; en: string; nl: string; es: string };
  hiddenAt: string | null;
}

/** GET /page/home/rows?with_data=1 as a viewer's app asks it (spec 2 §7), its Rows as sent. */
async function viewerHome(cookie: string, locale = 'fr'): Promise<{ text: string; rows: Row[] }> {
  const res = await t.app.inject({
    url: `/api/1.2/page/home/rows?with_data=1&locale=${locale}`,
    headers: { ...(cookie ? { cookie } : {}), 'accept-language': locale },
  });
  expect(res.json().Error.Number, res.body.slice(0, 200)).toBe(0);
  const rows = res.json().Response.Rows as Row[];
  return { text: JSON.stringify(rows), rows };
}
async function preview(viewer: string, locale = 'fr', order?: number[]) {
  const res = await call('POST', '/home-rows/preview', roles.editor!, { viewer, locale, ...(order ? { order } : {}) });
  expect(res.json().Error.Number, res.body.slice(0, 200)).toBe(0);
  const rows = res.json().Response.Rows as Row[];
  return { text: JSON.stringify(rows), rows };
}
const consoleRows = async () => {
  const res = await call('GET', '/home-rows', roles.editor!);
  expect(res.json().Error.Number, res.body.slice(0, 200)).toBe(0);
  return res.json().Response as {
    rows: AdminRow[];
    collections: { id: number; name: string }[];
    categories: { id: number; name: string }[];
  };
};
const shape = (rows: Row[]) => rows.map((r) => `${r.rowType}:${r.typeID ?? ''}:${r.style}:${r.title}`);
const withoutOwnData = (rows: Row[]) =>
  JSON.stringify(rows.map((r) => (OWN_ROWS.has(r.rowType) ? { ...r, data: null } : r)));
const ratingsIn = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.flatMap(ratingsIn)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => (k === 'rating' && typeof v === 'number' ? [v] : ratingsIn(v)))
      : [];
const audit = async (query: string) =>
  (await call('GET', `/audit?${query}`, roles.admin!)).json().Response.entries as {
    action: string;
    actor: string;
    targetType: string;
    targetId: string;
    before: unknown;
    after: unknown;
  }[];

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  // The TOTP codes need a new step each: the app's clock moves 31 s per sign-in.
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
  customer = (await registerAccount(t.app)).cookie;
  subscriber = await logInAs(t.app, 'abonne@playz.fr');
  const parent = await registerAccount(t.app);
  const created = await t.app.inject(
    post('/customer/edit/profile', { username: 'Léo', is_kids: '1' }, { cookie: parent.cookie }),
  );
  expect(errorNumber(created), created.body).toBe(0);
  const switched = await t.app.inject(
    post(
      '/customer/profile/switch',
      { customer_profile_uuid: (created.json().Response.Profile as { UUID: string }).UUID },
      { cookie: parent.cookie },
    ),
  );
  expect(errorNumber(switched), switched.body).toBe(0);
  kids = parent.cookie;
});
afterAll(() => t.close());

describe('home rows from the console (decision 106; spec 2 §2 Home rows)', () => {
  it('spec 2 §2 Home rows: the console lists the home rows in the viewers’ order with their type, target, style and titles', async () => {
    const listed = await consoleRows();
    const home = await viewerHome('');
    expect(listed.rows.map((r) => `${r.rowType}:${r.typeID ?? ''}:${r.style}:${r.titles.fr}`)).toEqual(
      shape(home.rows),
    );
    expect(listed.rows.map((r) => r.position)).toEqual(listed.rows.map((_, i) => i + 1));
    expect(listed.rows.every((r) => r.hiddenAt === null)).toBe(true);
    expect(listed.rows.find((r) => r.rowType === 'ContentCollection')).toMatchObject({
      typeID: 1,
      targetName: 'À la une',
    });
    expect(listed.rows.find((r) => r.rowType === 'Series')?.targetName).toBeNull();
    expect(listed.collections.map((c) => c.name)).toContain('Sketches');
    expect(listed.categories.length).toBeGreaterThan(0);
  });

  it('spec 2 §2 and §6: the preview is each kind of viewer’s own answer (visitor, customer, subscriber, kids) in every language', async () => {
    for (const locale of ['fr', 'en', 'nl', 'es']) {
      const visitor = await preview('visitor', locale);
      expect(visitor.text).toBe((await viewerHome('', locale)).text);
      // A customer without a subscription and a new subscriber have no own rows' data yet.
      expect((await preview('customer', locale)).text).toBe((await viewerHome(customer, locale)).text);
      const asSubscriber = await preview('subscriber', locale);
      expect(asSubscriber.text).toBe(visitor.text);
      // Camille's favourites and resume point are hers: everything else is the preview's.
      const camille = await viewerHome(subscriber, locale);
      expect(withoutOwnData(camille.rows)).toBe(withoutOwnData(asSubscriber.rows));
      expect(camille.text).not.toBe(asSubscriber.text);
      const child = await preview('kids', locale);
      expect(child.text).toBe((await viewerHome(kids, locale)).text);
      // The kids profile's rows are narrowed (decision 059): a preview that skipped it would differ.
      expect(ratingsIn(visitor.rows).some((r) => r > 10)).toBe(true);
      expect(ratingsIn(child.rows).every((r) => r <= 10)).toBe(true);
    }
  });

  it('spec 2 §2: an unsaved order is previewed as the viewers get it once saved; the order saved is audited and followed at once', async () => {
    const before = (await consoleRows()).rows;
    const reversed = before.map((r) => r.id).reverse();
    const previewed = await preview('kids', 'fr', reversed);
    expect(shape(previewed.rows)).toEqual(shape((await viewerHome('')).rows).reverse());
    // Nothing saved yet.
    expect(shape((await viewerHome('')).rows)).toEqual(
      before.map((r) => `${r.rowType}:${r.typeID ?? ''}:${r.style}:${r.titles.fr}`),
    );

    const res = await call('POST', '/home-rows/order', roles.editor!, { ids: reversed });
    expect(res.json().Error.Number, res.body).toBe(0);
    expect(res.json().Response.rows.map((r: AdminRow) => r.id)).toEqual(reversed);
    // No wait: this node's catalogue cache was dropped with the change.
    expect((await viewerHome(kids)).text).toBe(previewed.text);

    const [entry] = await audit('action=home-row.reorder');
    expect(entry).toMatchObject({ actor: 'editor@playz.fr', targetType: 'home-row', targetId: 'order' });
    expect((entry!.before as { id: number }[]).map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect((entry!.after as { id: number }[]).map((r) => r.id)).toEqual(reversed);

    for (const bad of [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), 999_999], []]) {
      const refused = await call('POST', '/home-rows/order', roles.editor!, { ids: bad });
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.json().Error.Number).toBe(3);
    }
    expect(
      (
        await call('POST', '/home-rows/preview', roles.editor!, { viewer: 'visitor', locale: 'fr', order: [999_999] })
      ).json().Error.Number,
    ).toBe(3);
    expect(
      (await call('POST', '/home-rows/order', roles.editor!, { ids: before.map((r) => r.id) })).json().Error.Number,
    ).toBe(0);
  });

  it('spec 2 §2 Home rows: an editor adds a collection row, changes its titles and style; the viewers follow; audited', async () => {
    const titles = { fr: 'Pour rire', en: 'For a laugh', nl: 'Om te lachen', es: '' };
    const created = await call('POST', '/home-rows', roles.editor!, {
      rowType: 'ContentCollection',
      typeID: 2,
      style: 'Portrait',
      titles,
    });
    expect(created.json().Error.Number, created.body).toBe(0);
    const row = created.json().Response.row as AdminRow;
    expect(row).toMatchObject({
      rowType: 'ContentCollection',
      typeID: 2,
      targetName: 'Sketches',
      style: 'Portrait',
      titles,
      hiddenAt: null,
    });
    const home = (await viewerHome('')).rows;
    expect(home.at(-1)).toMatchObject({
      rowType: 'ContentCollection',
      typeID: 2,
      style: 'Portrait',
      title: 'Pour rire',
    });
    expect((home.at(-1)!.data as { ContentCollection: { name: string } }).ContentCollection.name).toBe('Sketches');

    const changed = await call('POST', `/home-rows/${row.id}`, roles.editor!, {
      style: 'Landscape',
      titles: { ...titles, fr: 'Sketches à la une', es: 'Para reír' },
    });
    expect(changed.json().Response.row).toMatchObject({
      style: 'Landscape',
      titles: { fr: 'Sketches à la une', es: 'Para reír' },
    });
    expect((await viewerHome('')).rows.at(-1)).toMatchObject({ style: 'Landscape', title: 'Sketches à la une' });

    const entries = await audit(`target_type=home-row&target_id=${row.id}`);
    expect(entries.map((e) => e.action)).toEqual(['home-row.update', 'home-row.create']);
    expect(entries[1]).toMatchObject({ before: null, after: { rowType: 'ContentCollection', typeID: 2, titles } });
    expect(entries[0]).toMatchObject({
      before: { style: 'Portrait', titles: { fr: 'Pour rire' } },
      after: { style: 'Landscape', titles: { fr: 'Sketches à la une', es: 'Para reír' } },
    });
  });

  it('spec 2 §2 and §8: a row of a missing target, a target on a row type that takes none, an unknown or ignored type, no French title are refused', async () => {
    const add = (body: object) =>
      call('POST', '/home-rows', roles.editor!, {
        style: 'Default',
        titles: { fr: 'X', en: '', nl: '', es: '' },
        ...body,
      });
    const count = (await consoleRows()).rows.length;
    expect((await add({ rowType: 'ContentCollection', typeID: 999_999 })).json().Error.Number).toBe(24);
    expect((await add({ rowType: 'Category', typeID: 999_999 })).json().Error.Number).toBe(23);
    expect((await add({ rowType: 'ContentList', typeID: 999_999 })).json().Error.Number).toBe(21);
    expect((await add({ rowType: 'ContentList', typeID: null })).json().Error.Number).toBe(2);
    expect((await add({ rowType: 'Channels', typeID: 1 })).json().Error.Number).toBe(3);
    expect((await add({ rowType: 'ContentsDownload', typeID: null })).json().Error.Number).toBe(3);
    expect((await add({ rowType: 'Games', typeID: null })).json().Error.Number).toBe(3);
    expect(
      (await add({ rowType: 'Channels', typeID: null, titles: { fr: ' ', en: 'Live', nl: '', es: '' } })).json().Error
        .Number,
    ).toBe(3);
    expect((await consoleRows()).rows.length).toBe(count);
    expect(
      (
        await call('POST', '/home-rows/999999', roles.editor!, {
          style: 'Default',
          titles: { fr: 'X', en: '', nl: '', es: '' },
        })
      ).json().Error.Number,
    ).toBe(7);
  });

  it('spec 2 §2 Home rows: a hidden row leaves the viewers’ home and its preview, and comes back in its place; a deleted one is gone; audited', async () => {
    const before = await viewerHome('');
    const rows = (await consoleRows()).rows;
    const target = rows.find((r) => r.rowType === 'ReplayMovies')!;
    const hidden = await call('POST', `/home-rows/${target.id}/hide`, roles.editor!);
    expect(hidden.json().Response).toMatchObject({ row: { id: target.id }, repeated: false });
    expect(hidden.json().Response.row.hiddenAt).toBe(new Date(clock).toISOString());
    const without = await viewerHome('');
    expect(without.rows.map((r) => r.rowType)).not.toContain('ReplayMovies');
    expect(without.rows.length).toBe(before.rows.length - 1);
    expect((await preview('visitor')).text).toBe(without.text);
    // The console still lists it, hidden; an unsaved order naming it previews it shown.
    expect((await consoleRows()).rows.find((r) => r.id === target.id)?.hiddenAt).not.toBeNull();
    expect(
      shape(
        (
          await preview(
            'visitor',
            'fr',
            rows.map((r) => r.id),
          )
        ).rows,
      ),
    ).toEqual(shape(before.rows));
    expect((await call('POST', `/home-rows/${target.id}/hide`, roles.editor!)).json().Response.repeated).toBe(true);

    expect((await call('POST', `/home-rows/${target.id}/show`, roles.editor!)).json().Response.repeated).toBe(false);
    expect((await viewerHome('')).text).toBe(before.text);

    const last = rows.at(-1)!;
    const deleted = await call('POST', `/home-rows/${last.id}/delete`, roles.editor!);
    expect(deleted.json().Response).toEqual({ deleted: last.id });
    expect((await viewerHome('')).rows.length).toBe(before.rows.length - 1);
    expect((await call('POST', `/home-rows/${last.id}/delete`, roles.editor!)).json().Error.Number).toBe(7);

    const entries = await audit(`target_type=home-row&target_id=${target.id}`);
    expect(entries.map((e) => e.action)).toEqual(['home-row.show', 'home-row.hide']);
    expect(entries[1]).toMatchObject({
      before: { hiddenAt: null },
      after: { hiddenAt: new Date(clock).toISOString() },
    });
    const [removed] = await audit(`action=home-row.delete`);
    expect(removed).toMatchObject({
      targetId: String(last.id),
      before: { id: last.id, rowType: last.rowType },
      after: null,
    });
  });

  it('spec 2 §2: the last shown row of the home is neither hidden nor deleted (the apps answer an empty home with an error)', async () => {
    const rows = (await consoleRows()).rows;
    const [keep, ...others] = rows;
    for (const row of others)
      expect((await call('POST', `/home-rows/${row.id}/hide`, roles.editor!)).json().Error.Number).toBe(0);
    expect((await call('POST', `/home-rows/${keep!.id}/hide`, roles.editor!)).json().Error.Number).toBe(3);
    expect((await call('POST', `/home-rows/${keep!.id}/delete`, roles.editor!)).json().Error.Number).toBe(3);
    expect((await viewerHome('')).rows.map((r) => r.rowType)).toEqual([keep!.rowType]);
    for (const row of others) await call('POST', `/home-rows/${row.id}/show`, roles.editor!);
    expect((await viewerHome('')).rows.length).toBe(rows.length);
  });

  it('spec 1 §7 locale, spec 2 §2: a row’s title reaches each viewer in their language, French where none is written; the preview says the same', async () => {
    const films = (await consoleRows()).rows.find((r) => r.rowType === 'ReplayMovies')!;
    const titles = { fr: films.titles.fr, en: 'Movies', nl: '', es: 'Películas' };
    const changed = await call('POST', `/home-rows/${films.id}`, roles.editor!, { style: films.style, titles });
    expect(changed.json().Error.Number, changed.body).toBe(0);
    const titleOf = (rows: Row[]) => rows.find((r) => r.rowType === 'ReplayMovies')!.title;
    const fr = await viewerHome('', 'fr');
    expect(titleOf(fr.rows)).toBe(titles.fr);
    expect(titleOf((await viewerHome('', 'en')).rows)).toBe('Movies');
    expect(titleOf((await viewerHome('', 'es')).rows)).toBe('Películas');
    expect(titleOf((await viewerHome(subscriber, 'en')).rows)).toBe('Movies');
    expect(titleOf((await viewerHome(kids, 'es')).rows)).toBe('Películas');
    // Nothing is written in Dutch: the French answer, byte for byte.
    expect((await viewerHome('', 'nl')).text).toBe(fr.text);
    // Without the rows' data too (spec 2 §7 with_data).
    const bare = await t.app.inject({ url: '/api/1.2/page/home/rows?locale=en' });
    expect(titleOf(bare.json().Response.Rows as Row[])).toBe('Movies');
    for (const [viewer, cookie] of [
      ['visitor', ''],
      ['kids', kids],
      ['customer', customer],
    ] as const)
      for (const locale of ['en', 'es', 'nl'])
        expect((await preview(viewer, locale)).text).toBe((await viewerHome(cookie, locale)).text);
    // The French title is the one the viewers had before; put back as it was.
    await call('POST', `/home-rows/${films.id}`, roles.editor!, { style: films.style, titles: films.titles });
    expect(titleOf((await viewerHome('', 'en')).rows)).toBe(titles.fr);
  });

  it('spec 2 §2 Home rows (ContentList): a list row’s list is found by a part of its name, case folded', async () => {
    const found = async (q: string) =>
      (await call('GET', `/home-rows/lists?q=${encodeURIComponent(q)}`, roles.editor!)).json().Response.lists as {
        id: number;
        name: string;
        type: string;
      }[];
    expect(await found('BRIGADE du port, SAISON 1')).toContainEqual({
      id: 2101,
      name: 'Brigade du Port, saison 1',
      type: 'Season',
    });
    const many = await found('du');
    expect(many.length).toBeLessThanOrEqual(20);
    expect(await found('%%')).toEqual([]);
    expect(await found('zzzz-nothing')).toEqual([]);
    for (const q of ['', 'a'])
      expect((await call('GET', `/home-rows/lists?q=${q}`, roles.editor!)).json().Error.Number).toBe(3);
  });

  it('decision 080: support may not list, change or preview home rows (4); no session gets 11', async () => {
    expect((await call('GET', '/home-rows', roles.support!)).json().Error.Number).toBe(4);
    expect(
      (await call('POST', '/home-rows/preview', roles.support!, { viewer: 'visitor', locale: 'fr' })).json().Error
        .Number,
    ).toBe(4);
    expect((await call('POST', '/home-rows/1/hide', roles.support!)).json().Error.Number).toBe(4);
    expect((await call('GET', '/home-rows', '')).json().Error.Number).toBe(11);
  });
});
