import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export function createDeviceLeaseRepository(db: Kysely<Database>, now: () => Date = () => new Date()) {
  return {
    /** The sessions among `ids` that still exist and have not expired (log-out deletes the row). */
    async liveSessions(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('sessions')
        .select('id')
        .where('id', 'in', ids)
        .where('expires_at', '>', now().toISOString())
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}
