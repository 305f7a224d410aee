import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type FavoriteType = 'Content' | 'ContentList';

/** Favourites, resume points and the event log of a customer (spec 2 §3 Customer fields). */
export function createFavoritesRepository(db: Kysely<Database>) {
  return {
    listFavoriteIds: async (customerId: number, type: FavoriteType) =>
      (
        await db
          .selectFrom('favorites')
          .select('item_id')
          .where('customer_id', '=', customerId)
          .where('item_type', '=', type)
          .orderBy('created_at', 'desc')
          .orderBy('item_id', 'desc')
          .execute()
      ).map((r) => r.item_id),
    isFavorite: async (customerId: number, type: FavoriteType, id: number) =>
      !!(await db
        .selectFrom('favorites')
        .select('item_id')
        .where('customer_id', '=', customerId)
        .where('item_type', '=', type)
        .where('item_id', '=', id)
        .executeTakeFirst()),
    addFavorite: (customerId: number, type: FavoriteType, id: number, at: string) =>
      db
        .insertInto('favorites')
        .values({ customer_id: customerId, item_type: type, item_id: id, created_at: at })
        .onConflict((oc) => oc.columns(['customer_id', 'item_type', 'item_id']).doNothing())
        .execute(),
    removeFavorite: (customerId: number, type: FavoriteType, id: number) =>
      db
        .deleteFrom('favorites')
        .where('customer_id', '=', customerId)
        .where('item_type', '=', type)
        .where('item_id', '=', id)
        .execute(),

    /** One row per customer and content: a second save moves the resume point (spec 2 §4 Resume). */
    saveProgress: (row: Database['processing']) =>
      db
        .insertInto('processing')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['customer_id', 'content_id']).doUpdateSet({
            playback_time: row.playback_time,
            percentage: row.percentage,
            updated_at: row.updated_at,
          }),
        )
        .execute(),
    getProgress: (customerId: number, contentId: number) =>
      db
        .selectFrom('processing')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('content_id', '=', contentId)
        .executeTakeFirst(),

    logEvent: (row: Omit<Database['event_logs'], 'id'>) => db.insertInto('event_logs').values(row).execute(),
  };
}
export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
