import type { Kysely } from 'kysely';

/**
 * The account's parental threshold (decision 059): the lowest rating whose playing asks for the
 * parental code, as an age (10, 12, 16 or 18); null until the account chooses, which reads as -16.
 */
export function parentalThresholdMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('customers').addColumn('parental_threshold', 'integer').execute();
    },
  };
}
