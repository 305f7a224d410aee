import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createPageViewsRepository(db: Kysely<Database>) {
  return {
    async add(row: Omit<Database['page_views'], 'id'>) {
      await db.insertInto('page_views').values(row).execute();
    },
  };
}
export type PageViewsRepository = ReturnType<typeof createPageViewsRepository>;
