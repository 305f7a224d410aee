import type { Kysely } from 'kysely';
import type { Database, LinkCodeTable } from '../../db/schema';

export type LinkCodeRow = LinkCodeTable;

export function createLinkRepository(db: Kysely<Database>) {
  return {
    async insert(row: LinkCodeRow) {
      await db.insertInto('link_codes').values(row).execute();
    },

    /** A live code: not expired and not yet spent by the TV. */
    findLive(codeHash: string, now: string) {
      return db
        .selectFrom('link_codes')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .where('expires_at', '>', now)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
    },

    /** First approval wins; the same account approving again changes nothing. */
    async approve(codeHash: string, customerId: number, now: string, data?: string): Promise<boolean> {
      const result = await db
        .updateTable('link_codes')
        .set({ approved_customer_id: customerId, approved_at: now, ...(data !== undefined ? { data } : {}) })
        .where('code_hash', '=', codeHash)
        .where('approved_customer_id', 'is', null)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The note of a code this account approved and the TV has not spent yet. */
    async setData(codeHash: string, customerId: number, data: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('link_codes')
        .set({ data })
        .where('code_hash', '=', codeHash)
        .where('approved_customer_id', '=', customerId)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Spends the code once: a second, concurrent poll updates nothing. */
    async consume(codeHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('link_codes')
        .set({ consumed_at: now })
        .where('code_hash', '=', codeHash)
        .where('consumed_at', 'is', null)
        .where('approved_customer_id', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    findCustomer(id: number) {
      return db.selectFrom('customers').select(['id', 'uid', 'created_at']).where('id', '=', id).executeTakeFirst();
    },

    /** Expired codes are dropped when new ones are made, so the table stays small. */
    async deleteExpired(now: string) {
      await db.deleteFrom('link_codes').where('expires_at', '<=', now).execute();
    },
  };
}
export type LinkRepository = ReturnType<typeof createLinkRepository>;
