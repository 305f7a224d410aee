import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createRecoveryRepository(db: Kysely<Database>) {
  return {
    findCustomerByLogin(login: string) {
      return db.selectFrom('customers').select(['id', 'login', 'locale']).where('login', '=', login).executeTakeFirst();
    },

    /** Accounts with their own login that hold this phone number (national form). */
    findCustomersByPhone(phone: string) {
      return db
        .selectFrom('customers')
        .select(['id', 'login', 'locale'])
        .where('phone_number', '=', phone)
        .where('login', 'is not', null)
        .orderBy('id')
        .execute();
    },

    /** A newer link kills the older ones: one live secret per account (decision 011). */
    async replaceResetSecret(customerId: number, secretHash: string, createdAt: string, expiresAt: string) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('password_resets').where('customer_id', '=', customerId).execute();
        await tx
          .insertInto('password_resets')
          .values({
            secret_hash: secretHash,
            customer_id: customerId,
            created_at: createdAt,
            expires_at: expiresAt,
            used_at: null,
          })
          .execute();
      });
    },

    findUsableReset(secretHash: string, now: string) {
      return db
        .selectFrom('password_resets')
        .select(['customer_id'])
        .where('secret_hash', '=', secretHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /**
     * Burns the secret, sets the password and ends every session of the account in one
     * transaction; the conditional update makes a concurrent second use find nothing.
     */
    async resetPassword(secretHash: string, passwordHash: string, now: string): Promise<number | null> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('secret_hash', '=', secretHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning(['customer_id'])
          .executeTakeFirst();
        if (!row) return null;
        await tx
          .updateTable('customers')
          .set({ password_hash: passwordHash })
          .where('id', '=', row.customer_id)
          .execute();
        await tx.deleteFrom('sessions').where('customer_id', '=', row.customer_id).execute();
        await tx
          .deleteFrom('password_resets')
          .where('customer_id', '=', row.customer_id)
          .where('secret_hash', '!=', secretHash)
          .execute();
        return row.customer_id;
      });
    },
  };
}
export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
