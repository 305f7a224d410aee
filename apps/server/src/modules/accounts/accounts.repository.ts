import { sql, type Kysely, type Updateable } from 'kysely';
import type { CustomerTable, Database } from '../../db/schema';

export type CustomerChanges = Updateable<CustomerTable>;

export function createAccountsRepository(db: Kysely<Database>) {
  return {
    /** Deleted accounts kept for their billing records have no login, so they never match. */
    findByLogin(login: string) {
      return db.selectFrom('customers').selectAll().where('login', '=', login).executeTakeFirst();
    },

    findById(id: number) {
      return db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * The customer row with its demo campaign in one read: GET /data, the first call of every
     * client, used to spend a statement on each (docs/benchmarks.md).
     */
    findForView(id: number) {
      return db
        .selectFrom('customers as c')
        .leftJoin('demo_campaigns as d', 'd.id', 'c.demo_campaign_id')
        .selectAll('c')
        .select(['d.id as demo_id', 'd.name as demo_name', 'd.duration_days as demo_duration_days'])
        .where('c.id', '=', id)
        .where('c.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** The operator-billing account of a mobile line (decision 025): mailbox accounts only. */
    findMailboxAccountByPhone(phone: string) {
      return db
        .selectFrom('customers')
        .select('id')
        .where('phone_number', '=', phone)
        .where('has_domain_mailbox', '=', 1)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirst();
    },

    findByUid(uid: string) {
      return db
        .selectFrom('customers')
        .selectAll()
        .where('uid', '=', uid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Usernames are unique whatever their case (error 40). */
    async isUserNameTaken(userName: string, exceptCustomerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('customers')
        .select('id')
        .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
        .where('id', '!=', exceptCustomerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(values: {
      uid: string;
      login: string;
      passwordHash: string;
      parentalCodeHash: string | null;
      optin: boolean;
      locale: string;
      country: string;
      now: string;
    }): Promise<number> {
      const row = await db
        .insertInto('customers')
        .values({
          uid: values.uid,
          login: values.login,
          password_hash: values.passwordHash,
          user_name: null,
          locale: values.locale,
          country: values.country,
          gender: null,
          first_name: null,
          last_name: null,
          phone_number: null,
          optin: values.optin ? 1 : 0,
          parental_code_hash: values.parentalCodeHash,
          logged_with: 'playz',
          has_domain_mailbox: 0,
          demo_campaign_id: null,
          demo_expires_at: null,
          created_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, changes: CustomerChanges) {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable('customers').set(changes).where('id', '=', id).execute();
    },

    async hasSubscriptions(customerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Deletes an account (docs/decisions/009). Without billing records the row goes and every
     * table that points at it cascades. With billing records the row stays as an anonymous
     * holder of its subscriptions: personal data, credentials and everything else go.
     */
    async deleteAccount(customerId: number, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Billings stay for the accounts (decision 009); what they said of the card goes, and
        // the card on file (decision 083).
        await trx.deleteFrom('saved_cards').where('customer_id', '=', customerId).execute();
        await trx
          .deleteFrom('billing_cards')
          .where('billing_id', 'in', trx.selectFrom('billings').select('id').where('customer_id', '=', customerId))
          .execute();
        const billed = await trx
          .selectFrom('subscriptions')
          .select('id')
          .where('customer_id', '=', customerId)
          .executeTakeFirst();
        if (!billed) {
          await trx.deleteFrom('customers').where('id', '=', customerId).execute();
          return;
        }
        for (const table of [
          'sessions',
          'devices',
          'customer_profiles',
          'customer_alerts',
          'processing',
          'favorites',
          'password_resets',
          'sso_identities',
          'external_identities',
        ] as const) {
          await trx.deleteFrom(table).where('customer_id', '=', customerId).execute();
        }
        await trx.deleteFrom('link_codes').where('approved_customer_id', '=', customerId).execute();
        await trx
          .updateTable('customers')
          .set({
            login: null,
            password_hash: null,
            user_name: null,
            gender: null,
            first_name: null,
            last_name: null,
            phone_number: null,
            address: null,
            date_of_birth: null,
            optin: 0,
            parental_code_hash: null,
            logged_with: null,
            has_domain_mailbox: 0,
            domain_mailbox_login: null,
            domain_mailbox_password: null,
            consent_cookie_type_ids: null,
            consent_updated_at: null,
            deleted_at: now,
          })
          .where('id', '=', customerId)
          .execute();
      });
    },

    /** Single purchases, newest first (spec 3 §3 Purchase). */
    listPurchases(customerId: number) {
      return db
        .selectFrom('purchases')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('id', 'desc')
        .execute();
    },

    /** Subscriptions joined with the offer they bought (spec 3 §3 Subscription fields). */
    listSubscriptions(customerId: number) {
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('offers as o', 'o.id', 's.offer_id')
        .leftJoin('billings as b', 'b.id', 's.billing_id')
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
          // What its own billing charged: a paid first term may be withdrawn (decision 083).
          'b.amount_cents as first_charge_cents',
        ])
        .where('s.customer_id', '=', customerId)
        .orderBy('s.id')
        .execute();
    },

    /**
     * The card of the customer's latest card billing that went through and registered one (spec 1
     * §3 creditCard, decision 058 addendum): as the processor masked it; none without one.
     */
    latestCard(customerId: number) {
      // The saved card (decision 083): the latest registration's, until the customer removes it.
      return db
        .selectFrom('saved_cards')
        .select(['brand', 'last4', 'expiry_month', 'expiry_year'])
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
    },

    /**
     * The page the customer's latest billing started from (spec 1 §3 requestedUrl, spec 3 §2
     * requested_url), while that billing is under way or went through; none after a failed one.
     */
    async latestRequestedUrl(customerId: number): Promise<string | null> {
      const latest = await db
        .selectFrom('billings')
        .select(['requested_url', 'state'])
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return latest && (latest.state === 'Pending' || latest.state === 'Succeeded') ? latest.requested_url : null;
    },

    listAlerts(customerId: number) {
      return db.selectFrom('customer_alerts').selectAll().where('customer_id', '=', customerId).execute();
    },

    async saveAlert(customerId: number, alertType: string, deltaTime: number, enabled: boolean, now: string) {
      await db
        .insertInto('customer_alerts')
        .values({
          customer_id: customerId,
          alert_type: alertType,
          delta_time: deltaTime,
          enabled: enabled ? 1 : 0,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['customer_id', 'alert_type'])
            .doUpdateSet({ delta_time: deltaTime, enabled: enabled ? 1 : 0, updated_at: now }),
        )
        .execute();
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
export type CustomerRow = NonNullable<Awaited<ReturnType<AccountsRepository['findById']>>>;
export type SubscriptionRow = Awaited<ReturnType<AccountsRepository['listSubscriptions']>>[number];
export type PurchaseRow = Awaited<ReturnType<AccountsRepository['listPurchases']>>[number];
export type AlertRow = Awaited<ReturnType<AccountsRepository['listAlerts']>>[number];
