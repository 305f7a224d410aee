import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The longest programme the assembler looks back for: one that began before a window still airs. */
export const LONGEST_PROGRAMME_MS = 6 * 3600 * 1000;

/** Reads of the live module: channels, and guide entries with what their content plays. */
export function createLiveRepository(db: Kysely<Database>) {
  const airings = () =>
    db
      .selectFrom('schedules')
      .innerJoin('contents', 'contents.id', 'schedules.content_id')
      .select([
        'schedules.id as id',
        'schedules.channel_id as channelId',
        'schedules.content_id as contentId',
        'schedules.date_scheduled as dateScheduled',
        'schedules.duration as duration',
        'contents.duration as contentDuration',
        'contents.clip_key as clipKey',
        'contents.enabled as enabled',
        'contents.rating as rating',
      ]);
  return {
    getChannel: (id: number) =>
      db
        .selectFrom('channels')
        .select(['id', 'channel_type', 'stream_url', 'name', 'hidden_at'])
        .where('id', '=', id)
        .executeTakeFirst(),
    /** Guide entries of a channel airing in [from, to), in order. */
    listAirings: (channelId: number, fromMs: number, toMs: number) =>
      airings()
        .where('schedules.channel_id', '=', channelId)
        .where('schedules.date_scheduled', '>=', new Date(fromMs - LONGEST_PROGRAMME_MS).toISOString())
        .where('schedules.date_scheduled', '<', new Date(toMs).toISOString())
        .orderBy('schedules.date_scheduled')
        .execute(),
    getAiring: (scheduleId: number) => airings().where('schedules.id', '=', scheduleId).executeTakeFirst(),
    /** The content's newest airing that began in [since, until]: the one replay plays. */
    latestAiring: (contentId: number, sinceMs: number, untilMs: number) =>
      airings()
        .where('schedules.content_id', '=', contentId)
        .where('schedules.date_scheduled', '>=', new Date(sinceMs).toISOString())
        .where('schedules.date_scheduled', '<=', new Date(untilMs).toISOString())
        .orderBy('schedules.date_scheduled', 'desc')
        .limit(1)
        .executeTakeFirst(),
  };
}
export type LiveRepository = ReturnType<typeof createLiveRepository>;
export type AiringRow = NonNullable<Awaited<ReturnType<LiveRepository['getAiring']>>>;
