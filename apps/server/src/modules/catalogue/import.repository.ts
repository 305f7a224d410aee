import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Ids of imported items start here, far above the demo's fixed ids (decision 007). */
export const IMPORTED_ID_START = 100_000;

/** Writes of the operator import (README "Loading a catalogue", decision 013). */
export function createImportRepository(db: Kysely<Database>) {
  async function nextId(table: 'contents' | 'channels' | 'schedules', floor: number): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select(sql<number | string | null>`max(id)`.as('max'))
      .executeTakeFirst();
    return Math.max(floor, Number(row?.max ?? 0) + 1);
  }
  return {
    nextId,
    getList: (id: number) => db.selectFrom('content_lists').selectAll().where('id', '=', id).executeTakeFirst(),
    insertContent: (row: Database['contents']) => db.insertInto('contents').values(row).execute(),
    updateRating: (contentId: number, rating: number) =>
      db.updateTable('contents').set({ rating }).where('id', '=', contentId).execute(),
    listChannels: () => db.selectFrom('channels').selectAll().orderBy('position').execute(),
    insertChannel: (row: Database['channels']) => db.insertInto('channels').values(row).execute(),
    updateChannelStream: (id: number, streamUrl: string, logo: string | null) =>
      db
        .updateTable('channels')
        .set({ stream_url: streamUrl, channel_type: 'Stream', ...(logo ? { logo } : {}) })
        .where('id', '=', id)
        .execute(),
    /** Contents of a channel by title, to reuse a programme that airs again. */
    findProgramme: (channelId: number, title: string) =>
      db
        .selectFrom('contents')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('content_type', '=', 'Programme')
        .where('title', '=', title)
        .executeTakeFirst(),
    /** An XMLTV entry replaces whatever the guide had in the same slot of the same channel. */
    replaceSchedule: async (row: Database['schedules']) => {
      await db
        .deleteFrom('schedules')
        .where('channel_id', '=', row.channel_id)
        .where('date_scheduled', '=', row.date_scheduled)
        .execute();
      await db.insertInto('schedules').values(row).execute();
    },
    transaction: <T>(fn: (trx: Kysely<Database>) => Promise<T>) => db.transaction().execute(fn),
  };
}
export type ImportRepository = ReturnType<typeof createImportRepository>;
