import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { DEMO_CHANNELS, programmeId, slotSteps } from './demo-catalogue';

/** Setting listing channels whose guide came from an XMLTV import: the generator skips them. */
export const GUIDE_IMPORTED_CHANNELS_KEY = 'guide.imported-channels';

const SLOT_MS = 30 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Makes sure every demo channel has a programme guide from now -7 days to now +7 days (decision
 * 007). Entries are a pure function of the time slot, with ids derived from it, so running this at
 * every start only adds what is missing: the guide rolls forward as days pass.
 */
export async function ensureScheduleWindow(db: Kysely<Database>, now: Date): Promise<number> {
  const firstSlot = Math.floor((now.getTime() - 7 * DAY_MS) / SLOT_MS);
  const lastSlot = Math.ceil((now.getTime() + 7 * DAY_MS) / SLOT_MS);
  const rows: Database['schedules'][] = [];
  const imported = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', GUIDE_IMPORTED_CHANNELS_KEY)
    .executeTakeFirst();
  const skip = new Set(imported ? (JSON.parse(imported.value) as number[]) : []);
  for (const channel of DEMO_CHANNELS.filter((c) => !skip.has(c.id))) {
    const step = slotSteps(channel);
    for (let slot = firstSlot - (firstSlot % step); slot <= lastSlot; slot += step) {
      const index = (slot / step + channel.id) % channel.programmes.length;
      rows.push({
        id: (slot % 10_000_000) * 100 + channel.id,
        channel_id: channel.id,
        content_id: programmeId(channel.id, index),
        date_scheduled: new Date(slot * SLOT_MS).toISOString(),
        duration: (step * SLOT_MS) / 1000,
      });
    }
  }
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const result = await db
      .insertInto('schedules')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}
