import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createServiceRepository(db: Kysely<Database>) {
  return {
    async getSetting<T>(key: string): Promise<T | null> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : null;
    },
    /** The offers on sale: hidden ones (decision 099) are sold to nobody new. */
    listOffers() {
      return db.selectFrom('offers').selectAll().where('hidden_at', 'is', null).orderBy('position').execute();
    },
  };
}
export type ServiceRepository = ReturnType<typeof createServiceRepository>;
export type OfferRow = Awaited<ReturnType<ServiceRepository['listOffers']>>[number];
