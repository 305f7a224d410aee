import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What the share pages and the sitemap read: names, descriptions, posters and the tree of lists. */
export function createSeoRepository(db: Kysely<Database>) {
  return {
    getContent: (id: number) =>
      db
        .selectFrom('contents')
        .select(['id', 'title', 'description', 'poster', 'content_type', 'content_list_id', 'enabled', 'year'])
        .where('id', '=', id)
        .executeTakeFirst(),
    getList: (id: number) =>
      db
        .selectFrom('content_lists')
        .select(['id', 'name', 'description', 'poster', 'type', 'parent_id'])
        .where('id', '=', id)
        // An unpublished series and its seasons have no share page (decision 105).
        .where('enabled', '=', 1)
        .executeTakeFirst(),
    getChannel: (id: number) =>
      db.selectFrom('channels').select(['id', 'name', 'description', 'poster']).where('id', '=', id).executeTakeFirst(),
    getCategory: (id: number) =>
      db.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
    getCollection: (id: number) =>
      db
        .selectFrom('collections')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('hidden_at', 'is', null)
        .executeTakeFirst(),
    getCharacter: (id: number) =>
      db
        .selectFrom('characters')
        .select(['id', 'name', 'description', 'image'])
        .where('id', '=', id)
        .executeTakeFirst(),
    listAllContents: () =>
      db
        .selectFrom('contents')
        .select(['id', 'title', 'content_type', 'content_list_id', 'created_at'])
        .where('enabled', '=', 1)
        .orderBy('id')
        .execute(),
    listAllLists: () =>
      db
        .selectFrom('content_lists')
        .select(['id', 'name', 'type', 'parent_id'])
        .where('enabled', '=', 1)
        .orderBy('id')
        .execute(),
    listAllChannels: () => db.selectFrom('channels').select(['id', 'name']).orderBy('position').execute(),
    listAllCategories: () => db.selectFrom('categories').select(['id']).orderBy('id').execute(),
    listAllCollections: () =>
      db.selectFrom('collections').select(['id']).where('hidden_at', 'is', null).orderBy('id').execute(),
    listAllCharacters: () => db.selectFrom('characters').select(['id']).orderBy('id').execute(),
  };
}
export type SeoRepository = ReturnType<typeof createSeoRepository>;
