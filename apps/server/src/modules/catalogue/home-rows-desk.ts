import { sql, type Kysely, type Selectable } from 'kysely';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { Database } from '../../db/schema';
import type { SerializedAnswer } from '../../lib/serialized-answer';
import type { DeskAudit } from './catalogue-desk';
import type { PageRowsService } from './page-rows.service';

export type HomeRowDeskRow = Selectable<Database['page_rows']>;
export type HomeRowTitles = { fr: string; en: string; nl: string; es: string };
export type HomePreviewViewer = 'visitor' | 'customer' | 'subscriber' | 'kids';

/** The page the console edits: the viewers' home (spec 2 §2 Home rows). */
export const HOME_PAGE = 'home';
const TARGET_ERRORS = {
  ContentCollection: ApiErrorNumber.CollectionNotFound,
  Category: ApiErrorNumber.CategoryNotFound,
  ContentList: ApiErrorNumber.ContentListNotFound,
} as const;
type TargetType = keyof typeof TARGET_ERRORS;
const hasTarget = (type: string): type is TargetType => type in TARGET_ERRORS;
/**
 * The preview's viewer: signed in (or not), with no favourites nor resume points of their own —
 * the page-rows code is given a repository that reads none for it (see `pageRowsOver`).
 */
const PREVIEW_CUSTOMER_ID = 0;

/** The other languages' titles as stored (decision 106): only those written. */
const parseTitles = (row: HomeRowDeskRow): HomeRowTitles => {
  const stored = JSON.parse(row.titles ?? '{}') as Partial<HomeRowTitles>;
  return { fr: row.title, en: stored.en ?? '', nl: stored.nl ?? '', es: stored.es ?? '' };
};
const storedTitles = (titles: HomeRowTitles) =>
  JSON.stringify(
    Object.fromEntries((['en', 'nl', 'es'] as const).filter((l) => titles[l].trim()).map((l) => [l, titles[l].trim()])),
  );

/** A row as the audit log keeps it: what an editor changes, never a viewer's data. */
const brief = (row: HomeRowDeskRow) => ({
  id: row.id,
  position: row.position,
  rowType: row.row_type,
  typeID: row.type_id,
  style: row.style,
  titles: parseTitles(row),
  hiddenAt: row.hidden_at ?? null,
});

/**
 * The editors' home rows (decision 106): the rows of the home page in their order, hidden ones
 * included; adding, changing (titles and style), reordering, hiding, showing and deleting one,
 * each written with its audit entry in one transaction, then `afterChange` tells the catalogue's
 * readers (version bump and this node's cache, as every desk does). The preview answers as the
 * viewers' own page-rows code does, over the rows saved or an unsaved order.
 */
export function createHomeRowsDesk(deps: {
  db: Kysely<Database>;
  now: () => Date;
  afterChange: () => Promise<void>;
  /** The viewers' page-rows code over the rows given, nothing cached (catalogue-browse.ts). */
  pageRowsOver: (rows: HomeRowDeskRow[]) => PageRowsService;
}) {
  const { db } = deps;
  const all = (trx: Kysely<Database>) =>
    trx.selectFrom('page_rows').selectAll().where('page', '=', HOME_PAGE).orderBy('position').orderBy('id').execute();
  const one = async (trx: Kysely<Database>, id: number) => {
    const row = await trx
      .selectFrom('page_rows')
      .selectAll()
      .where('page', '=', HOME_PAGE)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw apiError(ApiErrorNumber.NotFound);
    return row;
  };

  /** The name of what a row shows, or null when its type names nothing (or it is gone). */
  async function targetNames(rows: HomeRowDeskRow[]): Promise<Map<number, string>> {
    const ids = (type: TargetType) => [
      ...new Set(rows.filter((r) => r.row_type === type && r.type_id !== null).map((r) => r.type_id!)),
    ];
    const [collections, categories, lists] = await Promise.all([
      ids('ContentCollection').length
        ? db.selectFrom('collections').select(['id', 'name']).where('id', 'in', ids('ContentCollection')).execute()
        : [],
      ids('Category').length
        ? db.selectFrom('categories').select(['id', 'name']).where('id', 'in', ids('Category')).execute()
        : [],
      ids('ContentList').length
        ? db.selectFrom('content_lists').select(['id', 'name']).where('id', 'in', ids('ContentList')).execute()
        : [],
    ]);
    const byType: Record<TargetType, Map<number, string>> = {
      ContentCollection: new Map(collections.map((c) => [c.id, c.name])),
      Category: new Map(categories.map((c) => [c.id, c.name])),
      ContentList: new Map(lists.map((c) => [c.id, c.name])),
    };
    const out = new Map<number, string>();
    for (const row of rows) {
      const name = hasTarget(row.row_type) && row.type_id !== null ? byType[row.row_type].get(row.type_id) : undefined;
      if (name !== undefined) out.set(row.id, name);
    }
    return out;
  }

  async function assertTarget(trx: Kysely<Database>, rowType: string, typeId: number | null) {
    if (!hasTarget(rowType)) {
      if (typeId !== null) throw apiError(ApiErrorNumber.BadParameter);
      return;
    }
    if (typeId === null) throw apiError(ApiErrorNumber.MissingParameter);
    const table =
      rowType === 'ContentCollection' ? 'collections' : rowType === 'Category' ? 'categories' : 'content_lists';
    const found = await trx.selectFrom(table).select('id').where('id', '=', typeId).executeTakeFirst();
    if (!found) throw apiError(TARGET_ERRORS[rowType]);
  }

  /** A home keeps one shown row at least: the viewers' apps answer an empty home with an error. */
  function assertOneShown(rows: HomeRowDeskRow[]) {
    if (!rows.some((r) => !r.hidden_at)) throw apiError(ApiErrorNumber.BadParameter);
  }

  async function change<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const done = await db.transaction().execute(work);
    await deps.afterChange();
    return done;
  }

  async function setHidden(id: number, hidden: boolean, audit: DeskAudit) {
    const done = await db.transaction().execute(async (trx) => {
      const before = await one(trx, id);
      // Hiding a hidden row (or showing a shown one) changes nothing and is not audited again.
      if (Boolean(before.hidden_at) === hidden) return { row: before, repeated: true };
      const hiddenAt = hidden ? deps.now().toISOString() : null;
      await trx.updateTable('page_rows').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
      assertOneShown(await all(trx));
      const row = await one(trx, id);
      await audit(trx, { before: brief(before), after: brief(row) });
      return { row, repeated: false };
    });
    if (!done.repeated) await deps.afterChange();
    return done;
  }

  return {
    targetNames,
    parseTitles,
    list: () => all(db),
    /** What a row may show: the collections and categories (a list is named by its id). */
    choices: async () => ({
      collections: await db.selectFrom('collections').select(['id', 'name']).orderBy('name').execute(),
      categories: await db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute(),
    }),

    /**
     * The lists a list row may show whose name holds `q` (case folded), 20 at most by name: the big
     * catalogue has thousands (decision 100), too many for one menu.
     */
    async findLists(q: string) {
      // LIKE's wildcards are taken out of what the editor typed rather than escaped: SQLite and
      // PostgreSQL escape them differently, and no list's name needs them to be found.
      const text = q
        .toLowerCase()
        .replace(/[\\%_]/g, '')
        .trim();
      if (!text) return [];
      return db
        .selectFrom('content_lists')
        .select(['id', 'name', 'type'])
        .where(sql<string>`lower(name)`, 'like', `%${text}%`)
        .orderBy('name')
        .orderBy('id')
        .limit(20)
        .execute();
    },

    /** Adds a row at the end of the home; a collection, category or list row names one that exists. */
    create: (
      input: { rowType: string; typeID: number | null; style: string; titles: HomeRowTitles },
      audit: (trx: Kysely<Database>, change: { before: unknown; after: unknown }, id: number) => Promise<void>,
    ) =>
      change(async (trx) => {
        await assertTarget(trx, input.rowType, input.typeID);
        const rows = await all(trx);
        const last = await trx
          .selectFrom('page_rows')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        const id = Number(last?.id ?? 0) + 1;
        await trx
          .insertInto('page_rows')
          .values({
            id,
            page: HOME_PAGE,
            position: Math.max(0, ...rows.map((r) => r.position)) + 1,
            row_type: input.rowType,
            type_id: input.typeID,
            style: input.style,
            title: input.titles.fr.trim(),
            titles: storedTitles(input.titles),
          })
          .execute();
        const row = await one(trx, id);
        await audit(trx, { before: null, after: brief(row) }, id);
        return row;
      }),

    /** A row's titles (French required, the others optional) and style. */
    update: (id: number, input: { style: string; titles: HomeRowTitles }, audit: DeskAudit) =>
      change(async (trx) => {
        const before = await one(trx, id);
        await trx
          .updateTable('page_rows')
          .set({ style: input.style, title: input.titles.fr.trim(), titles: storedTitles(input.titles) })
          .where('id', '=', id)
          .execute();
        const row = await one(trx, id);
        await audit(trx, { before: brief(before), after: brief(row) });
        return row;
      }),

    /**
     * Puts the rows in `ids`' order. The list must name every row of the home once, hidden ones
     * included, so an order made on a stale page (another editor added or moved one) is refused,
     * not half-applied, as the channels' order is (decision 102).
     */
    reorder: (ids: number[], audit: DeskAudit) =>
      change(async (trx) => {
        const before = await all(trx);
        const known = new Set(before.map((r) => r.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
          throw apiError(ApiErrorNumber.BadParameter);
        for (const [index, id] of ids.entries())
          await trx
            .updateTable('page_rows')
            .set({ position: index + 1 })
            .where('id', '=', id)
            .execute();
        const after = await all(trx);
        const place = (rows: HomeRowDeskRow[]) => rows.map((r) => ({ id: r.id, position: r.position }));
        await audit(trx, { before: place(before), after: place(after) });
        return after;
      }),

    hide: (id: number, audit: DeskAudit) => setHidden(id, true, audit),
    show: (id: number, audit: DeskAudit) => setHidden(id, false, audit),

    remove: (id: number, audit: DeskAudit) =>
      change(async (trx) => {
        const before = await one(trx, id);
        await trx.deleteFrom('page_rows').where('id', '=', id).execute();
        assertOneShown(await all(trx));
        await audit(trx, { before: brief(before), after: null });
        return id;
      }),

    /**
     * The home as one kind of viewer gets it, in one language, made by the viewers' page-rows
     * code (decision 106): over the rows saved (hidden ones left out, as the viewers' read does),
     * or over an unsaved `order` of row ids (a hidden row named there is shown). The viewer has no
     * favourites nor resume points, so their own rows are empty, as a new viewer's are.
     */
    async preview(input: { viewer: HomePreviewViewer; locale: string; order?: number[] | undefined }) {
      const rows = await all(db);
      let listed = rows.filter((r) => !r.hidden_at);
      if (input.order) {
        const byId = new Map(rows.map((r) => [r.id, r]));
        if (new Set(input.order).size !== input.order.length || input.order.some((id) => !byId.has(id)))
          throw apiError(ApiErrorNumber.BadParameter);
        listed = input.order.map((id) => byId.get(id)!);
      }
      const customer =
        input.viewer === 'visitor' ? null : { customerId: PREVIEW_CUSTOMER_ID, isKidsProfile: input.viewer === 'kids' };
      // The locale goes with the options as the viewers' route passes it.
      const options = { withData: true, locale: input.locale };
      const answer: SerializedAnswer = await deps.pageRowsOver(listed).pageRowsJson(HOME_PAGE, options, customer);
      return answer;
    },
  };
}

export type HomeRowsDesk = ReturnType<typeof createHomeRowsDesk>;
