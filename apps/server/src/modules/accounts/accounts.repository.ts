import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createAccountsRepository(db: Kysely<Database>) {
  return {
    findByLogin(login: string) {
      return db.selectFrom('customers').selectAll().where('login', '=', login).executeTakeFirst();
    },

    findById(id: number) {
      return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findDemoCampaign(id: number) {
      return db.selectFrom('demo_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Subscriptions joined with the offer they bought (spec 3 §3 Subscription fields). */
    listSubscriptions(customerId: number) {
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('offers as o', 'o.id', 's.offer_id')
        .select([
          's.id',
          's.billing_type',
          's.status',
          's.subscriber',
          's.expiration_date',
          's.created_at',
          's.operator_id',
          'o.id as offer_id',
          'o.product_id',
          'o.product',
          'o.price_cents',
          'o.currency',
          'o.duration_unit',
          'o.duration_count',
          'o.free_trial_days',
        ])
        .where('s.customer_id', '=', customerId)
        .orderBy('s.id')
        .execute();
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
export type CustomerRow = NonNullable<Awaited<ReturnType<AccountsRepository['findById']>>>;
export type SubscriptionRow = Awaited<ReturnType<AccountsRepository['listSubscriptions']>>[number];
