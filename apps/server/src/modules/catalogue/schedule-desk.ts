import { sql, type Kysely } from 'kysely';
import {
  SCHEDULE_MAX_SECONDS,
  SCHEDULE_MIN_SECONDS,
  type AdminScheduleEntry,
  type ScheduleRefusal,
} from '@playz/api-contract/admin';
import { ApiErrorNumber, apiError, isKnownTimeZone, zonedDayBounds } from '@playz/domain';
import type { Database } from '../../db/schema';
import { GUIDE_IMPORTED_CHANNELS_KEY } from '../../db/seed/schedule-window';
import type { DeskAudit } from './catalogue-desk';
import type { SearchRepository } from './search.repository';
import { searchTokens } from './search-text';
import { retryOnUniqueViolation } from '../../db/unique-violation';

/** Error 3 with the reason the console translates (decision 103). */
const refused = (reason: ScheduleRefusal) => apiError(ApiErrorNumber.BadParameter, `schedule.${reason}`);

/**
 * The schedule editor's desk (decision 103): one day of a channel's guide, and adding, moving,
 * resizing or removing a programme. Each change is checked and written with its audit entry in one
 * transaction, then `afterChange` tells the catalogue's readers, so GET /channel/:id/schedule
 * answers the new guide at once (as the channel desk does, decision 102).
 */
export function createScheduleDesk(deps: {
  db: Kysely<Database>;
  now: () => Date;
  search: Pick<SearchRepository, 'matchContentTitles'>;
  afterChange: () => Promise<void>;
}) {
  const { db } = deps;
  const entries = (trx: Kysely<Database>) =>
    trx
      .selectFrom('schedules')
      .innerJoin('contents', 'contents.id', 'schedules.content_id')
      .select([
        'schedules.id as id',
        'schedules.channel_id as channelId',
        'schedules.content_id as contentId',
        'contents.title as title',
        'contents.rating as rating',
        'schedules.date_scheduled as start',
        'schedules.duration as duration',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof entries>['executeTakeFirstOrThrow']>>;
  const toEntry = (r: Row): AdminScheduleEntry => ({
    id: r.id,
    contentId: r.contentId,
    title: r.title,
    rating: Number(r.rating ?? 0),
    start: new Date(r.start).toISOString(),
    duration: Number(r.duration),
  });
  const channelOf = async (trx: Kysely<Database>, id: number) => {
    const row = await trx
      .selectFrom('channels')
      .select(['id', 'name', 'channel_type'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw apiError(ApiErrorNumber.ChannelNotFound);
    return row;
  };
  const entryOf = async (trx: Kysely<Database>, channelId: number, entryId: number) => {
    const row = await entries(trx)
      .where('schedules.id', '=', entryId)
      .where('schedules.channel_id', '=', channelId)
      .executeTakeFirst();
    if (!row) throw refused('missing');
    return row;
  };

  /**
   * The start and length asked for, refused when the start is not a time, is past, or when it
   * overlaps another programme of the channel (`except` is the one being moved).
   */
  async function check(
    trx: Kysely<Database>,
    channelId: number,
    input: { start: string; duration: number },
    except: number | null,
  ) {
    const startMs = Date.parse(input.start);
    if (Number.isNaN(startMs)) throw apiError(ApiErrorNumber.BadParameter, 'start is not a date');
    if (input.duration < SCHEDULE_MIN_SECONDS || input.duration > SCHEDULE_MAX_SECONDS) throw refused('length');
    if (startMs < deps.now().getTime()) throw refused('past');
    const endMs = startMs + input.duration * 1000;
    // Only an entry begun up to the longest length before may still run at this start.
    const near = await trx
      .selectFrom('schedules')
      .select(['id', 'date_scheduled', 'duration'])
      .where('channel_id', '=', channelId)
      .where('date_scheduled', '>', new Date(startMs - SCHEDULE_MAX_SECONDS * 1000 - 1000).toISOString())
      .where('date_scheduled', '<', new Date(endMs).toISOString())
      .execute();
    const clash = near.some((r) => {
      if (r.id === except) return false;
      const from = Date.parse(r.date_scheduled);
      return from < endMs && from + Number(r.duration) * 1000 > startMs;
    });
    if (clash) throw refused('overlap');
    return new Date(startMs).toISOString();
  }

  /**
   * The demo guide generator (seed/schedule-window.ts, run at start and as a deployment job) leaves
   * a channel an editor has changed alone from then on, as after an import: otherwise it would put
   * back a removed programme, or one under a moved one.
   */
  async function markEdited(trx: Kysely<Database>, channelId: number) {
    const previous = await trx
      .selectFrom('settings')
      .select('value')
      .where('key', '=', GUIDE_IMPORTED_CHANNELS_KEY)
      .executeTakeFirst();
    const ids = previous ? (JSON.parse(previous.value) as number[]) : [];
    if (ids.includes(channelId)) return;
    const value = JSON.stringify([...ids, channelId]);
    await trx
      .insertInto('settings')
      .values({ key: GUIDE_IMPORTED_CHANNELS_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /**
   * One change of one channel's guide. Its first statement writes the channel's row (to itself):
   * on PostgreSQL that holds the row until the commit, so two editors' changes of one channel run
   * one after the other and the second's overlap check sees the first's programme (SQLite's writer
   * lock does it already). A new programme's id (max + 1) taken at the same instant on two channels
   * makes the loser's transaction run again (db/unique-violation.ts), never a 5xx.
   */
  async function change<T>(channelId: number, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const done = await retryOnUniqueViolation(() =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('channels')
          .set({ id: sql<number>`id` })
          .where('id', '=', channelId)
          .execute();
        const result = await work(trx);
        await markEdited(trx, channelId);
        return result;
      }),
    );
    await deps.afterChange();
    return done;
  }

  return {
    /**
     * The programmes airing during one day of `timeZone` (UTC unless the console asks for the
     * operator's, decision 108: 23 or 25 hours on the days the clocks change), one begun the day
     * before included.
     */
    async day(channelId: number, day: string, timeZone = 'UTC') {
      const channel = await channelOf(db, channelId);
      if (!isKnownTimeZone(timeZone)) throw apiError(ApiErrorNumber.BadParameter, 'timeZone');
      const { from, to } = zonedDayBounds(day, timeZone);
      if (Number.isNaN(from) || Number.isNaN(to)) throw apiError(ApiErrorNumber.BadParameter);
      const rows = await entries(db)
        .where('schedules.channel_id', '=', channelId)
        .where('schedules.date_scheduled', '>', new Date(from - SCHEDULE_MAX_SECONDS * 1000 - 1000).toISOString())
        .where('schedules.date_scheduled', '<', new Date(to).toISOString())
        .orderBy('schedules.date_scheduled')
        .execute();
      return {
        channel: { id: channel.id, name: channel.name, type: channel.channel_type },
        day,
        entries: rows.filter((r) => Date.parse(r.start) + Number(r.duration) * 1000 > from).map(toEntry),
      };
    },

    /**
     * Enabled contents with a word of their title beginning with each word of `q`, accents and case
     * folded as the viewers' search does (decision 013): the search index finds them on both engines.
     */
    searchContents: async (q: string) => {
      const tokens = searchTokens(q);
      // The title column only (decision 117); each token still begins a word of the folded title.
      const hits = (await deps.search.matchContentTitles(tokens, 60)).filter(
        (h) => h.kind === 'Content' && tokens.every((token) => ` ${h.title}`.includes(` ${token}`)),
      );
      if (!hits.length) return [];
      const rows = await db
        .selectFrom('contents')
        .select(['id', 'title', 'content_type', 'duration', 'rating'])
        .where('enabled', '=', 1)
        .where(
          'id',
          'in',
          hits.slice(0, 20).map((h) => h.item_id),
        )
        .orderBy('title')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        type: r.content_type,
        duration: Number(r.duration ?? 0),
        rating: Number(r.rating ?? 0),
      }));
    },

    add: (channelId: number, input: { contentId: number; start: string; duration: number }, audit: DeskAudit) =>
      change(channelId, async (trx) => {
        await channelOf(trx, channelId);
        const content = await trx
          .selectFrom('contents')
          .select(['id'])
          .where('id', '=', input.contentId)
          .where('enabled', '=', 1)
          .executeTakeFirst();
        if (!content) throw refused('content');
        const start = await check(trx, channelId, input, null);
        const max = await trx
          .selectFrom('schedules')
          .select(sql<number | string | null>`max(id)`.as('max'))
          .executeTakeFirst();
        const id = Number(max?.max ?? 0) + 1;
        await trx
          .insertInto('schedules')
          .values({
            id,
            channel_id: channelId,
            content_id: input.contentId,
            date_scheduled: start,
            duration: input.duration,
          })
          .execute();
        const entry = toEntry(await entryOf(trx, channelId, id));
        await audit(trx, { before: null, after: entry });
        return entry;
      }),

    /** A new start or length for a programme that has not started yet. */
    move: (channelId: number, entryId: number, input: { start: string; duration: number }, audit: DeskAudit) =>
      change(channelId, async (trx) => {
        const before = toEntry(await entryOf(trx, channelId, entryId));
        if (Date.parse(before.start) < deps.now().getTime()) throw refused('started');
        const start = await check(trx, channelId, input, entryId);
        await trx
          .updateTable('schedules')
          .set({ date_scheduled: start, duration: input.duration })
          .where('id', '=', entryId)
          .execute();
        const entry = toEntry(await entryOf(trx, channelId, entryId));
        await audit(trx, { before, after: entry });
        return entry;
      }),

    remove: (channelId: number, entryId: number, audit: DeskAudit) =>
      change(channelId, async (trx) => {
        const before = toEntry(await entryOf(trx, channelId, entryId));
        if (Date.parse(before.start) < deps.now().getTime()) throw refused('started');
        await trx.deleteFrom('schedules').where('id', '=', entryId).execute();
        await audit(trx, { before, after: null });
        return entryId;
      }),
  };
}

export type ScheduleDesk = ReturnType<typeof createScheduleDesk>;
