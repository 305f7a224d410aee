import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Contents with the series and season an episode sits in: its player route names both (spec 2
 * §2), so every answer that can hold an episode carries them (null for other contents).
 */
export function selectContents(db: Kysely<Database>) {
  return db
    .selectFrom('contents')
    .leftJoin('content_lists as season', (join) =>
      join.onRef('season.id', '=', 'contents.content_list_id').on('season.type', '=', 'Season'),
    )
    .leftJoin('content_lists as series', (join) =>
      join.onRef('series.id', '=', 'season.parent_id').on('series.type', '=', 'Series'),
    )
    .selectAll('contents')
    .select(['series.id as series_id', 'series.name as series_name', 'season.name as season_name']);
}

export function createCatalogueRepository(db: Kysely<Database>) {
  const contents = () => selectContents(db);
  return {
    getContent: (id: number) => contents().where('contents.id', '=', id).executeTakeFirst(),
    listContentsByIds: (ids: number[]) =>
      ids.length ? contents().where('contents.id', 'in', ids).execute() : Promise.resolve([]),
    listContentsOfList: (listId: number) =>
      contents()
        .where('contents.content_list_id', '=', listId)
        .orderBy('contents.episode_number')
        .orderBy('contents.id')
        .execute(),
    /** Enabled contents of one type, newest first; `genres` keeps those of these genres only. */
    listContentsByType: (type: string, limit: number, genres?: readonly string[] | null) =>
      contents()
        .where('contents.content_type', '=', type)
        .where('contents.enabled', '=', 1)
        .$if(!!genres?.length, (q) => q.where('contents.genre', 'in', genres!))
        .orderBy('contents.id', 'desc')
        .limit(limit)
        .execute(),
    listContentsByGenre: (genre: string, limit: number) =>
      contents()
        .where('contents.genre', '=', genre)
        .where('contents.enabled', '=', 1)
        .orderBy('contents.id')
        .limit(limit)
        .execute(),
    /** Same list first (other episodes), then same genre; empty when the content has neither. */
    listRelated: async (
      content: { id: number; content_list_id: number | null; genre: string | null },
      limit: number,
    ) => {
      const { content_list_id: listId, genre } = content;
      if (listId === null && genre === null) return [];
      return contents()
        .where('contents.id', '!=', content.id)
        .where('contents.enabled', '=', 1)
        .where((eb) =>
          eb.or([
            ...(listId !== null ? [eb('contents.content_list_id', '=', listId)] : []),
            ...(genre !== null ? [eb('contents.genre', '=', genre)] : []),
          ]),
        )
        .orderBy('contents.id')
        .limit(limit)
        .execute();
    },

    getList: (id: number) => db.selectFrom('content_lists').selectAll().where('id', '=', id).executeTakeFirst(),
    // A series an editor keeps unpublished, and its seasons, are in no viewer's list (decision 105).
    listListsByType: (type: string) =>
      db
        .selectFrom('content_lists')
        .selectAll()
        .where('type', '=', type)
        .where('enabled', '=', 1)
        .orderBy('position')
        .execute(),
    listSeasons: (seriesId: number) =>
      db
        .selectFrom('content_lists')
        .selectAll()
        .where('parent_id', '=', seriesId)
        .where('enabled', '=', 1)
        .orderBy('number')
        .execute(),
    countContentsByList: async (listIds: number[]) => {
      if (!listIds.length) return new Map<number, number>();
      const rows = await db
        .selectFrom('contents')
        .select(['content_list_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('content_list_id', 'in', listIds)
        .groupBy('content_list_id')
        .execute();
      return new Map(rows.map((r) => [r.content_list_id as number, Number(r.n)]));
    },

    listChannels: (genre?: string) => {
      // A hidden channel is in no viewer's list (decision 102).
      let q = db.selectFrom('channels').selectAll().where('hidden_at', 'is', null).orderBy('position').orderBy('id');
      if (genre) q = q.where('genre', '=', genre);
      return q.execute();
    },
    getChannel: (id: number) => db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Schedule entries starting in [from, to), with their content. */
    listSchedules: (channelIds: number[], from: string, to: string) =>
      channelIds.length
        ? db
            .selectFrom('schedules')
            .selectAll()
            .where('channel_id', 'in', channelIds)
            .where('date_scheduled', '>=', from)
            .where('date_scheduled', '<', to)
            .orderBy('date_scheduled')
            .execute()
        : Promise.resolve([]),

    /** A page's rows in their order; those an editor hid are not the viewers' (decision 106). */
    listPageRows: (page: string) =>
      db
        .selectFrom('page_rows')
        .selectAll()
        .where('page', '=', page)
        .where('hidden_at', 'is', null)
        .orderBy('position')
        .execute(),
    getCollection: (id: number) => db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst(),
    listCollectionItems: (id: number) =>
      db.selectFrom('collection_items').selectAll().where('collection_id', '=', id).orderBy('position').execute(),
    getCategory: (id: number) => db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Favourite contents with their rows in one query (home rows are read on every visit). */
    listFavoriteContents: (customerId: number) =>
      contents()
        .innerJoin('favorites', 'favorites.item_id', 'contents.id')
        .where('favorites.customer_id', '=', customerId)
        .where('favorites.item_type', '=', 'Content')
        .orderBy('favorites.created_at', 'desc')
        .orderBy('favorites.item_id', 'desc')
        .execute(),
    /** One customer's resume points among some contents (spec 2 §4 Resume). */
    listProgress: (customerId: number, contentIds: number[]) =>
      contentIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('processing')
            .select(['content_id', 'playback_time', 'percentage'])
            .where('customer_id', '=', customerId)
            .where('content_id', 'in', contentIds)
            .execute(),
    /** A channel's own contents (spec 2 §3 Channel contents, decision 058), in the catalogue's order. */
    listContentsOfChannel: (channelId: number, limit: number) =>
      contents().where('contents.channel_id', '=', channelId).orderBy('contents.id').limit(limit).execute(),
    /** Which of these contents the customer saved a resume point on last (a list's place, decision 057). */
    lastSavedOf: async (customerId: number, contentIds: number[]) =>
      contentIds.length === 0
        ? null
        : ((
            await db
              .selectFrom('processing')
              .select(['content_id'])
              .where('customer_id', '=', customerId)
              .where('content_id', 'in', contentIds)
              .orderBy('updated_at', 'desc')
              .limit(1)
              .executeTakeFirst()
          )?.content_id ?? null),
    /** Contents in progress with their resume point, most recent first, in one query. */
    listProcessingContents: (customerId: number) =>
      contents()
        .innerJoin('processing', 'processing.content_id', 'contents.id')
        .select(['processing.playback_time', 'processing.percentage'])
        .where('processing.customer_id', '=', customerId)
        .orderBy('processing.updated_at', 'desc')
        .execute(),
    /**
     * The offer a content is sold at alone, when an editor made it purchase-only (decision 107):
     * then only its purchase opens it. Null for every other content.
     */
    soldAloneAt: async (contentId: number): Promise<number | null> =>
      (
        await db
          .selectFrom('content_editorial')
          .select('price_offer_id')
          .where('content_id', '=', contentId)
          .where('access', '=', 'purchase')
          .executeTakeFirst()
      )?.price_offer_id ?? null,
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
type Row<K extends keyof CatalogueRepository> = NonNullable<Awaited<ReturnType<CatalogueRepository[K]>>>;
export type ContentRow = Row<'getContent'>;
export type ContentListRow = Row<'getList'>;
export type ChannelRow = Row<'getChannel'>;
export type ScheduleRow = Row<'listSchedules'>[number];
