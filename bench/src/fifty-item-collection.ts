import type { Db } from '../../apps/server/src/db/connect';

/** The collection the issue asks the benchmark to serve: 50 contents, in catalogue order. */
export const FIFTY_ITEM_COLLECTION_ID = 9050;

/**
 * Adds a 50-item content collection to the benchmark's own database (never to a real one): the
 * demo catalogue's collections hold about ten items, too few to show the cost of a large answer.
 */
export async function addFiftyItemCollection({ db }: Db) {
  const contents = await db.selectFrom('contents').select('id').orderBy('id').limit(50).execute();
  if (contents.length < 50) throw new Error(`the demo catalogue has ${contents.length} contents, 50 needed`);
  await db
    .insertInto('collections')
    .values({ id: FIFTY_ITEM_COLLECTION_ID, name: 'Cinquante contenus', channel_id: null })
    .execute();
  await db
    .insertInto('collection_items')
    .values(
      contents.map((c, position) => ({
        collection_id: FIFTY_ITEM_COLLECTION_ID,
        position,
        item_type: 'Content',
        item_id: c.id,
      })),
    )
    .execute();
}
