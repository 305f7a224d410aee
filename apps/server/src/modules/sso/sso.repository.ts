import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NewSsoCustomer {
  provider: string;
  subject: string;
  providerName: string;
  firstName: string | null;
  lastName: string | null;
  locale: string;
  country: string;
  now: string;
}

export function createSsoRepository(db: Kysely<Database>) {
  return {
    async saveAuthorization(row: Database['sso_authorizations']) {
      await db.insertInto('sso_authorizations').values(row).execute();
    },

    /** Reads and deletes in one go: a state is good for one callback only. */
    async takeAuthorization(stateHash: string, now: string) {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('sso_authorizations')
          .selectAll()
          .where('state_hash', '=', stateHash)
          .executeTakeFirst();
        if (!row) return undefined;
        await tx.deleteFrom('sso_authorizations').where('state_hash', '=', stateHash).execute();
        await tx.deleteFrom('sso_authorizations').where('expires_at', '<=', now).execute();
        return row.expires_at > now ? row : undefined;
      });
    },

    /** The account of a provider's subject: (provider, subject) is the only key (decision 012). */
    async findCustomerId(provider: string, subject: string): Promise<number | null> {
      const row = await db
        .selectFrom('sso_identities')
        .select('customer_id')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },

    /** A new account without a login or password of its own, tied to the provider's subject. */
    async createCustomer(c: NewSsoCustomer): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('customers')
          .values({
            uid: randomUUID(),
            login: null,
            password_hash: null,
            locale: c.locale,
            country: c.country,
            first_name: c.firstName,
            last_name: c.lastName,
            logged_with: c.providerName,
            optin: 0,
            has_domain_mailbox: 0,
            created_at: c.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('sso_identities')
          .values({ provider: c.provider, subject: c.subject, customer_id: id, created_at: c.now })
          .execute();
        return id;
      });
    },

    async setLoggedWith(customerId: number, providerName: string) {
      await db.updateTable('customers').set({ logged_with: providerName }).where('id', '=', customerId).execute();
    },
  };
}
export type SsoRepository = ReturnType<typeof createSsoRepository>;
