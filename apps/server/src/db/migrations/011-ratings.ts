import type { Kysely } from 'kysely';
import { DEMO_CONTENT_RATINGS, DEMO_LIST_RATINGS } from '../seed/demo-ratings';

/**
 * Age ratings on the French scale (decision 059): the age a content, an episode, a programme, a
 * series or a season is rated for, 0 for tous publics. A database seeded before this migration
 * gets the demo catalogue's ratings (its ids are fixed, decision 007); on a fresh one the seed
 * writes them and these updates find nothing.
 */
export function ratingsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['contents', 'content_lists'])
        await db.schema
          .alterTable(table)
          .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      const rated = db as unknown as Kysely<Record<'contents' | 'content_lists', { id: number; rating: number }>>;
      for (const [table, ratings] of [
        ['contents', DEMO_CONTENT_RATINGS],
        ['content_lists', DEMO_LIST_RATINGS],
      ] as const)
        for (const [id, rating] of Object.entries(ratings))
          await rated.updateTable(table).set({ rating }).where('id', '=', Number(id)).execute();
    },
  };
}
