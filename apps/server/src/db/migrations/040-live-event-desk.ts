import type { Kysely } from 'kysely';

/**
 * Live events edited from the console (decision 108). `texts`: the event's name and description
 * in fr, en, nl and es as JSON (null for events made before: their `name` and `description` are
 * the French ones and serve every language). `hidden_at`: when an editor cancelled or hid it; it
 * leaves every viewers' call. `edited_at`: an event an editor changed is no longer moved by the
 * demo's start-up dating (db/seed/catalogue-extras.ts).
 */
export function liveEventDeskMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('live_events').addColumn('texts', 'text').execute();
      await db.schema.alterTable('live_events').addColumn('hidden_at', 'text').execute();
      await db.schema.alterTable('live_events').addColumn('edited_at', 'text').execute();
    },
  };
}
