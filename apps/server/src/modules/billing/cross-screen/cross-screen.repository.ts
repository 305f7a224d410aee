import type { Insertable, Kysely } from 'kysely';
import type { PurchaseContentRequest } from '@playz/api-contract';
import type { Database } from '../../../db/schema';

/** Cross-screen payment links (billing_links); codes are stored hashed, like sign-in link codes. */
export function createCrossScreenRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<Database['billing_links']>): Promise<void> {
      await db.insertInto('billing_links').values(row).execute();
    },
    findByCodeHash(codeHash: string) {
      return db.selectFrom('billing_links').selectAll().where('code', '=', codeHash).executeTakeFirst();
    },
    findByToken(token: string) {
      return db.selectFrom('billing_links').selectAll().where('token', '=', token).executeTakeFirst();
    },
    /**
     * A subscription payment of the account that succeeded since the link was made (any web
     * method or store). A purchase or a card change made meanwhile does not open the TV.
     */
    async subscribedSince(customerId: number, sinceIso: string): Promise<boolean> {
      const row = await db
        .selectFrom('billings')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('kind', '=', 'Subscription')
        .where('state', '=', 'Succeeded')
        .where('created_at', '>=', sinceIso)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** A purchase of this item by the account since the link was made (decision 040). */
    async boughtSince(customerId: number, item: PurchaseContentRequest, sinceIso: string): Promise<boolean> {
      const row = await db
        .selectFrom('purchases')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('content_type', '=', item.contentType)
        .where('content_type_id', '=', item.contentTypeID)
        .where('created_at', '>=', sinceIso)
        .executeTakeFirst();
      return row !== undefined;
    },
    customerLogin(customerId: number) {
      return db.selectFrom('customers').select(['login']).where('id', '=', customerId).executeTakeFirst();
    },
  };
}
export type CrossScreenRepository = ReturnType<typeof createCrossScreenRepository>;
