import type { Kysely } from 'kysely';
import type {
  AdminCollection,
  AdminCollectionSummary,
  CatalogueTexts,
  CollectionRefusal,
  COLLECTION_ITEM_TYPES,
} from '@playz/api-contract/admin';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { Database } from '../../db/schema';
import { CSA_COLLECTION_ID } from '../../db/seed/catalogue-extras';
import { retryOnUniqueViolation } from '../../db/unique-violation';
import { COMEDY_COLLECTION_ID } from './browse.service';
import type { DeskAudit } from './catalogue-desk';
import { mediaUrl } from './catalogue.views';
import { deskTexts } from './series-desk';

type ItemType = (typeof COLLECTION_ITEM_TYPES)[number];
interface ItemRef {
  type: ItemType;
  id: number;
}

/** Error 3 with the reason the console translates (decision 105). */
const refused = (reason: CollectionRefusal) => apiError(ApiErrorNumber.BadParameter, `collection.${reason}`);

/** An unknown item answers its own not-found number (spec 2 §8). */
const NOT_FOUND: Record<ItemType, ApiErrorNumber> = {
  Content: ApiErrorNumber.ContentNotFound,
  ContentList: ApiErrorNumber.ContentListNotFound,
  ContentCollection: ApiErrorNumber.CollectionNotFound,
  Category: ApiErrorNumber.CategoryNotFound,
};

/** Collections the apps' own pages read by their id (the comedy page, the CSA notice). */
const FIXED_COLLECTIONS = new Set([COMEDY_COLLECTION_ID, CSA_COLLECTION_ID]);

/**
 * The editors' collections (decision 105): a `collections` row with its items in
 * `collection_items` (type, id, position), as the demo makes them, so spec 2's
 * GET /content-collection/{id} and the home rows read them unchanged; `hidden_at` keeps one from
 * the viewers. Each change and its audit entry are one transaction, then `afterChange` drops the
 * catalogue's cached reads, with decision 097's ready bytes of the collection beside them.
 */
export function createCollectionDesk(deps: {
  db: Kysely<Database>;
  now: () => Date;
  afterChange: () => Promise<void>;
}) {
  const { db } = deps;

  const rowOf = async (trx: Kysely<Database>, id: number) => {
    const row = await trx.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw apiError(ApiErrorNumber.CollectionNotFound);
    return row;
  };

  /** Each item's title, poster and whether viewers see it, read once per type. */
  async function describe(trx: Kysely<Database>, items: ItemRef[]) {
    const ids = (type: ItemType) => [...new Set(items.filter((i) => i.type === type).map((i) => i.id))];
    const none = Promise.resolve([]);
    const [contents, lists, collections, categories] = await Promise.all([
      ids('Content').length
        ? trx
            .selectFrom('contents')
            .select(['id', 'title', 'poster', 'enabled'])
            .where('id', 'in', ids('Content'))
            .execute()
        : none,
      ids('ContentList').length
        ? trx
            .selectFrom('content_lists')
            .select(['id', 'name', 'poster', 'enabled'])
            .where('id', 'in', ids('ContentList'))
            .execute()
        : none,
      ids('ContentCollection').length
        ? trx
            .selectFrom('collections')
            .select(['id', 'name', 'hidden_at'])
            .where('id', 'in', ids('ContentCollection'))
            .execute()
        : none,
      ids('Category').length
        ? trx.selectFrom('categories').select(['id', 'name']).where('id', 'in', ids('Category')).execute()
        : none,
    ]);
    const known = new Map<string, { title: string; posterUrl: string | null; live: boolean }>();
    for (const c of contents)
      known.set(`Content:${c.id}`, { title: c.title, posterUrl: mediaUrl(c.poster), live: c.enabled === 1 });
    for (const l of lists)
      known.set(`ContentList:${l.id}`, { title: l.name, posterUrl: mediaUrl(l.poster), live: l.enabled !== 0 });
    for (const c of collections)
      known.set(`ContentCollection:${c.id}`, { title: c.name, posterUrl: null, live: !c.hidden_at });
    for (const c of categories) known.set(`Category:${c.id}`, { title: c.name, posterUrl: null, live: true });
    return known;
  }

  async function viewOf(trx: Kysely<Database>, id: number): Promise<AdminCollection> {
    const row = await rowOf(trx, id);
    const items = (
      await trx.selectFrom('collection_items').selectAll().where('collection_id', '=', id).orderBy('position').execute()
    ).map((i) => ({ type: i.item_type as ItemType, id: i.item_id }));
    const known = await describe(trx, items);
    return {
      id: row.id,
      texts: deskTexts({ texts: row.texts, name: row.name }),
      hiddenAt: row.hidden_at ?? null,
      // An item whose target is gone (a content deleted by hand) is shown as such, not hidden.
      items: items.map((i) => ({
        ...i,
        ...(known.get(`${i.type}:${i.id}`) ?? { title: '', posterUrl: null, live: false }),
      })),
    };
  }

  /** The items exist, each once, and the collection is not inside itself. */
  async function check(trx: Kysely<Database>, id: number | null, items: ItemRef[]) {
    const keys = items.map((i) => `${i.type}:${i.id}`);
    if (new Set(keys).size !== keys.length) throw refused('repeated');
    if (id !== null && items.some((i) => i.type === 'ContentCollection' && i.id === id)) throw refused('itself');
    const known = await describe(trx, items);
    const missing = items.find((i) => !known.has(`${i.type}:${i.id}`));
    if (missing) throw apiError(NOT_FOUND[missing.type]);
  }

  async function writeItems(trx: Kysely<Database>, id: number, items: ItemRef[]) {
    await trx.deleteFrom('collection_items').where('collection_id', '=', id).execute();
    if (items.length)
      await trx
        .insertInto('collection_items')
        .values(items.map((i, index) => ({ collection_id: id, position: index + 1, item_type: i.type, item_id: i.id })))
        .execute();
  }

  async function change(
    id: number,
    apply: (trx: Kysely<Database>, before: AdminCollection) => Promise<void>,
    audit: DeskAudit,
  ): Promise<AdminCollection> {
    const after = await db.transaction().execute(async (trx) => {
      // The collection's row written first: two editors' changes of it run one after the other.
      await trx
        .updateTable('collections')
        .set((eb) => ({ name: eb.ref('name') }))
        .where('id', '=', id)
        .execute();
      const before = await viewOf(trx, id);
      await apply(trx, before);
      const next = await viewOf(trx, id);
      await audit(trx, { before, after: next });
      return next;
    });
    await deps.afterChange();
    return after;
  }

  return {
    async list(page: { after?: number; limit: number }): Promise<{
      collections: AdminCollectionSummary[];
      next: number | null;
    }> {
      const rows = await db
        .selectFrom('collections')
        .selectAll()
        .$if(page.after !== undefined, (q) => q.where('id', '<', page.after!))
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const shown = rows.slice(0, page.limit);
      const counts = shown.length
        ? await db
            .selectFrom('collection_items')
            .select(['collection_id', (eb) => eb.fn.countAll<number | string>().as('n')])
            .where(
              'collection_id',
              'in',
              shown.map((r) => r.id),
            )
            .groupBy('collection_id')
            .execute()
        : [];
      const itemsOf = new Map(counts.map((c) => [c.collection_id, Number(c.n)]));
      return {
        collections: shown.map((r) => ({
          id: r.id,
          title: r.name,
          hiddenAt: r.hidden_at ?? null,
          items: itemsOf.get(r.id) ?? 0,
        })),
        next: rows.length > page.limit ? shown[shown.length - 1]!.id : null,
      };
    },

    get: (id: number) => viewOf(db, id),

    async create(input: { texts: CatalogueTexts; items: ItemRef[] }, audit: DeskAudit) {
      const made = await retryOnUniqueViolation(() =>
        db.transaction().execute(async (trx) => {
          await check(trx, null, input.items);
          const id =
            Number(
              (
                await trx
                  .selectFrom('collections')
                  .select((eb) => eb.fn.max('id').as('max'))
                  .executeTakeFirst()
              )?.max ?? 0,
            ) + 1;
          await trx
            .insertInto('collections')
            .values({ id, name: input.texts.fr.title, channel_id: null, texts: JSON.stringify(input.texts) })
            .execute();
          await writeItems(trx, id, input.items);
          const after = await viewOf(trx, id);
          await audit(trx, { before: null, after });
          return after;
        }),
      );
      await deps.afterChange();
      return made;
    },

    update(id: number, input: { texts: CatalogueTexts; items: ItemRef[] }, audit: DeskAudit) {
      return change(
        id,
        async (trx) => {
          await check(trx, id, input.items);
          await trx
            .updateTable('collections')
            // The viewers' apps read one name: the French title (decision 094).
            .set({ name: input.texts.fr.title, texts: JSON.stringify(input.texts) })
            .where('id', '=', id)
            .execute();
          await writeItems(trx, id, input.items);
        },
        audit,
      );
    },

    setHidden(id: number, hidden: boolean, audit: DeskAudit) {
      return change(
        id,
        async (trx, before) => {
          if (Boolean(before.hiddenAt) === hidden) return;
          await trx
            .updateTable('collections')
            .set({ hidden_at: hidden ? deps.now().toISOString() : null })
            .where('id', '=', id)
            .execute();
        },
        audit,
      );
    },

    /**
     * Deletes a collection no home row and no fixed page shows (those are hidden instead, so a row
     * is never left pointing at nothing), and takes it out of the collections that hold it.
     */
    async remove(id: number, audit: DeskAudit): Promise<number> {
      await db.transaction().execute(async (trx) => {
        const before = await viewOf(trx, id);
        const row = await trx
          .selectFrom('page_rows')
          .select('id')
          .where('row_type', '=', 'ContentCollection')
          .where('type_id', '=', id)
          .executeTakeFirst();
        if (row || FIXED_COLLECTIONS.has(id)) throw refused('in-use');
        await trx.deleteFrom('collection_items').where('collection_id', '=', id).execute();
        await trx
          .deleteFrom('collection_items')
          .where('item_type', '=', 'ContentCollection')
          .where('item_id', '=', id)
          .execute();
        await trx.deleteFrom('collections').where('id', '=', id).execute();
        await audit(trx, { before, after: null });
      });
      await deps.afterChange();
      return id;
    },
  };
}

export type CollectionDesk = ReturnType<typeof createCollectionDesk>;
