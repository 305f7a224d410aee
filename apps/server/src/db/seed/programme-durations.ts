import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { DEMO_CHANNELS, DEMO_FILMS, programmeId, programmeSeconds } from './demo-catalogue';
import { PROTECTED_SUFFIX } from './protected-media';

/** What the first seeds gave every demo programme: its clip's length (one pass of 32 s). */
const FIRST_SEED_SECONDS = 32;

/**
 * Databases seeded before live channels played (decision 022) gave demo programmes their clip's 32 s,
 * which live would follow with half an hour of slate: they get their slot's length. Only rows
 * still at the old value change, so an operator's edit stays; a no-op once done.
 */
export async function upgradeDemoProgrammeDurations(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const channel of DEMO_CHANNELS) {
      for (const [index, title] of channel.programmes.entries()) {
        await trx
          .updateTable('contents')
          .set({ duration: programmeSeconds(channel, title) })
          .where('id', '=', programmeId(channel.id, index))
          .where('content_type', '=', 'Programme')
          .where('duration', '=', FIRST_SEED_SECONDS)
          .execute();
      }
    }
  });
}

/**
 * Playz Direct became a Stream channel fed by the live encoder (decision 041): databases seeded
 * before are moved over, unless an operator gave it a stream URL or changed it already.
 */
export async function upgradeDemoStreamChannels(db: Kysely<Database>): Promise<void> {
  const ids = DEMO_CHANNELS.filter((c) => c.isLiveIngest).map((c) => c.id);
  if (ids.length === 0) return;
  await db
    .updateTable('channels')
    .set({ channel_type: 'Stream' })
    .where('id', 'in', ids)
    .where('channel_type', '=', 'Playlist')
    .where((eb) => eb.or([eb('stream_url', 'is', null), eb('stream_url', '=', '')]))
    .execute();
}

/** The DRM demo film (decision 024) plays the encrypted copy of its clip, in older databases too. */
export async function upgradeDemoProtectedFilms(db: Kysely<Database>): Promise<void> {
  for (const film of DEMO_FILMS.filter((f) => f.isProtected)) {
    await db
      .updateTable('contents')
      .set({ clip_key: `${film.clip}${PROTECTED_SUFFIX}` })
      .where('id', '=', film.id)
      .where('clip_key', '=', film.clip)
      .execute();
  }
}
