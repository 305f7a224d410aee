import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { selectContents } from './catalogue.repository';

/** Categories, characters, games, live events and collections (spec 2 §3). */
export function createBrowseRepository(db: Kysely<Database>) {
  return {
    listCategories: () => db.selectFrom('categories').selectAll().orderBy('id').execute(),
    listCategoriesByIds: (ids: number[]) =>
      ids.length ? db.selectFrom('categories').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),
    listCharacters: () => db.selectFrom('characters').selectAll().orderBy('id').execute(),
    getCharacter: (id: number) => db.selectFrom('characters').selectAll().where('id', '=', id).executeTakeFirst(),
    listGames: () => db.selectFrom('games').selectAll().orderBy('position').execute(),

    // An event an editor cancelled or hid (decision 108) leaves every viewers' read below.
    listLiveEvents: (from: string, to: string) =>
      db
        .selectFrom('live_events')
        .selectAll()
        .where('hidden_at', 'is', null)
        .where('date_scheduled', '>=', from)
        .where('date_scheduled', '<', to)
        .orderBy('date_scheduled')
        .execute(),
    /** Events whose end may be after `from`: starts up to 2 days earlier (longest event we expect). */
    listLiveEventsEndingAfter: (from: string, to: string) =>
      db
        .selectFrom('live_events')
        .selectAll()
        .where('hidden_at', 'is', null)
        .where('date_scheduled', '>=', new Date(Date.parse(from) - 2 * 24 * 3600 * 1000).toISOString())
        .where('date_scheduled', '<', to)
        .orderBy('date_scheduled')
        .execute(),
    listLiveEventReplays: () =>
      db
        .selectFrom('live_events')
        .selectAll()
        .where('content_id', '>', 0)
        .where('hidden_at', 'is', null)
        .orderBy('date_scheduled', 'desc')
        .execute(),
    getLiveEvent: (id: number) =>
      db.selectFrom('live_events').selectAll().where('id', '=', id).where('hidden_at', 'is', null).executeTakeFirst(),

    listCollectionsByIds: (ids: number[]) =>
      ids.length ? db.selectFrom('collections').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),
    listItemsOfCollections: (ids: number[]) =>
      ids.length
        ? db.selectFrom('collection_items').selectAll().where('collection_id', 'in', ids).orderBy('position').execute()
        : Promise.resolve([]),
    /** Lists viewers may see (an unpublished series is left out, decision 105). */
    listListsByIds: (ids: number[]) =>
      ids.length
        ? db.selectFrom('content_lists').selectAll().where('id', 'in', ids).where('enabled', '=', 1).execute()
        : Promise.resolve([]),
    listChannelsByIds: (ids: number[]) =>
      ids.length ? db.selectFrom('channels').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),
    /** Latest episodes across series (replay of series). */
    listLatestEpisodes: (limit: number) =>
      selectContents(db)
        .where('contents.content_type', '=', 'Episode')
        .where('contents.enabled', '=', 1)
        .orderBy('contents.created_at', 'desc')
        .orderBy('contents.id', 'desc')
        .limit(limit)
        .execute(),
  };
}
export type BrowseRepository = ReturnType<typeof createBrowseRepository>;
export type LiveEventRow = NonNullable<Awaited<ReturnType<BrowseRepository['getLiveEvent']>>>;
