import type { Kysely } from 'kysely';

/**
 * A profile's subtitle and audio choices (decision 081), remembered on the server so a choice
 * made on the TV is found on the phone and the laptop. One row per profile that ever chose; no
 * row reads as "nothing chosen here yet" (the device keeps its own copy, decision 069). The row
 * goes with its profile.
 */
export function profileLanguagesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('profile_languages')
        .addColumn('profile_id', 'integer', (c) =>
          c.primaryKey().references('customer_profiles.id').onDelete('cascade'),
        )
        // RFC 5646 tags (fr, en, pt-BR); null: the stream's default audio, subtitles off.
        .addColumn('audio_language', 'text')
        .addColumn('subtitle_language', 'text')
        .addColumn('subtitle_size', 'text', (c) => c.notNull())
        .addColumn('subtitle_background', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
