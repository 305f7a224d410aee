import type { Kysely } from 'kysely';

/**
 * Offers changed from the console (decision 099). Renewals price each term from the offer row a
 * subscription points to (decision 090), so a new price, term or trial is a new offer row, and the
 * old row stays as it is for the subscriptions already on it:
 * - `hidden_at`: when it was taken off sale; hidden offers are in no app's list and no new
 *   checkout takes them, while subscriptions on them keep renewing at their terms;
 * - `replaced_by`: the offer that took its place (a hidden offer a finance user replaced), so the
 *   console shows where each price went and never replaces one offer twice.
 */
export function offerVersionsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('offers').addColumn('hidden_at', 'text').execute();
      await db.schema.alterTable('offers').addColumn('replaced_by', 'integer').execute();
    },
  };
}
