import type { Kysely } from 'kysely';
import { parseContentRating, type ContentRating } from '@playz/domain';
import type { Database } from '../../db/schema';
import { GUIDE_IMPORTED_CHANNELS_KEY } from '../../db/seed/schedule-window';
import { createImportRepository, IMPORTED_ID_START } from './import.repository';
import { foldSearchText } from './search-text';
import { childText, xmlElements } from './xml-text';

export interface GuideProgramme {
  channel: string;
  start: string;
  stop: string;
  title: string;
  description: string;
  category: string | null;
  /** The programme's `<rating>` on the French scale (decision 059); null when it has none we read. */
  rating: ContentRating | null;
}
export interface Guide {
  channels: { id: string; names: string[] }[];
  programmes: GuideProgramme[];
}

/** XMLTV time "20261122143000 +0100" (offset optional, UTC then) to ISO 8601 UTC; null when invalid. */
export function parseXmltvTime(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?\s*(?:([+-])(\d{2}):?(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', sign, oh = '00', om = '00'] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60 * 1000;
  const at = new Date(utc - (sign ? offset : 0));
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function parseXmltv(xml: string): Guide {
  const channels = xmlElements(xml, 'channel').map((c) => ({
    id: c.attrs.id ?? '',
    names: xmlElements(c.inner, 'display-name').map((n) => n.inner.trim()),
  }));
  const programmes = xmlElements(xml, 'programme').flatMap((p): GuideProgramme[] => {
    const start = parseXmltvTime(p.attrs.start ?? '');
    const stop = parseXmltvTime(p.attrs.stop ?? '');
    const title = childText(p.inner, 'title');
    if (!start || !stop || !title || !p.attrs.channel || Date.parse(stop) <= Date.parse(start)) return [];
    return [
      {
        channel: p.attrs.channel,
        start,
        stop,
        title,
        description: childText(p.inner, 'desc') ?? '',
        category: childText(p.inner, 'category'),
        rating: programmeRating(p.inner),
      },
    ];
  });
  return { channels, programmes };
}

/**
 * XMLTV `<rating system="CSA"><value>-12</value></rating>`: the French system's when the guide
 * gives several, else the first that reads as a rating of the French scale (decision 059).
 */
function programmeRating(inner: string): ContentRating | null {
  const ratings = xmlElements(inner, 'rating').map((r) => ({
    system: (r.attrs.system ?? '').trim().toUpperCase(),
    rating: parseContentRating(childText(r.inner, 'value')),
  }));
  const french = ratings.find((r) => r.system === 'CSA' && r.rating !== null);
  return (french ?? ratings.find((r) => r.rating !== null))?.rating ?? null;
}

/**
 * Loads an XMLTV guide (decision 013, operator import): channels are matched by id or display name;
 * each programme becomes a Programme content of its channel (reused when the title airs again)
 * and a schedule entry. The imported span of a channel replaces its previous entries.
 */
/**
 * What a caller writes in the import's own transaction (the console's audit entry, decision 103):
 * `start` before the first change, `end` after the last, so nothing is half-applied.
 */
export interface ImportHooks<S> {
  start(trx: Kysely<Database>): Promise<void>;
  end(trx: Kysely<Database>, summary: S): Promise<void>;
}

export async function importGuide(
  db: Kysely<Database>,
  xml: string,
  hooks?: ImportHooks<{ programmes: number; channels: number[] }>,
) {
  const guide = parseXmltv(xml);
  const repo = createImportRepository(db);
  const ours = await repo.listChannels();
  const byKey = new Map<string, (typeof ours)[number]>();
  for (const c of ours) {
    byKey.set(String(c.id), c);
    byKey.set(foldSearchText(c.name), c);
  }
  const channelOf = new Map<string, (typeof ours)[number]>();
  const unmatched: string[] = [];
  for (const c of guide.channels) {
    const match = [c.id, ...c.names].map((k) => byKey.get(k) ?? byKey.get(foldSearchText(k))).find(Boolean);
    if (match) channelOf.set(c.id, match);
    else unmatched.push(c.names[0] ?? c.id);
  }
  const touched = new Set<number>();
  let programmes = 0;
  await repo.transaction(async (trx) => {
    await hooks?.start(trx);
    const tx = createImportRepository(trx);
    const spans = new Map<number, { from: string; to: string }>();
    for (const p of guide.programmes) {
      const channel = channelOf.get(p.channel) ?? byKey.get(p.channel) ?? byKey.get(foldSearchText(p.channel));
      if (!channel) continue;
      const span = spans.get(channel.id);
      spans.set(channel.id, {
        from: !span || p.start < span.from ? p.start : span.from,
        to: !span || p.stop > span.to ? p.stop : span.to,
      });
    }
    for (const [channelId, span] of spans)
      await trx
        .deleteFrom('schedules')
        .where('channel_id', '=', channelId)
        .where('date_scheduled', '>=', span.from)
        .where('date_scheduled', '<', span.to)
        .execute();
    for (const p of guide.programmes) {
      const channel = channelOf.get(p.channel) ?? byKey.get(p.channel) ?? byKey.get(foldSearchText(p.channel));
      if (!channel) continue;
      const duration = (Date.parse(p.stop) - Date.parse(p.start)) / 1000;
      let content = await tx.findProgramme(channel.id, p.title);
      // A guide that rates a programme again is the latest word on it.
      if (content && p.rating !== null && content.rating !== p.rating) {
        await tx.updateRating(content.id, p.rating);
        content = { ...content, rating: p.rating };
      }
      if (!content) {
        // A playlist channel plays its own clip; a stream channel plays its stream.
        const sibling = await trx
          .selectFrom('contents')
          .select(['clip_key', 'poster', 'portrait', 'backdrop', 'preview'])
          .where('channel_id', '=', channel.id)
          .where('clip_key', 'is not', null)
          .executeTakeFirst();
        const id = await tx.nextId('contents', IMPORTED_ID_START);
        content = {
          id,
          content_list_id: null,
          channel_id: channel.id,
          content_type: 'Programme',
          title: p.title,
          description: p.description,
          duration,
          clip_key: sibling?.clip_key ?? null,
          year: null,
          episode_number: null,
          genre: p.category ? foldSearchText(p.category) : channel.genre,
          poster: sibling?.poster ?? null,
          portrait: sibling?.portrait ?? null,
          backdrop: sibling?.backdrop ?? null,
          preview: sibling?.preview ?? null,
          enabled: 1,
          expiration_date: null,
          created_at: new Date().toISOString(),
          people: null,
          rating: p.rating ?? 0,
          former_type: null,
        };
        await tx.insertContent(content);
      }
      const scheduleId = await tx.nextId('schedules', 1);
      await tx.replaceSchedule({
        id: scheduleId,
        channel_id: channel.id,
        content_id: content.id,
        date_scheduled: p.start,
        duration,
      });
      touched.add(channel.id);
      programmes++;
    }
    // The demo guide generator leaves these channels alone from now on (seed/schedule-window.ts).
    const previous = await trx
      .selectFrom('settings')
      .select('value')
      .where('key', '=', GUIDE_IMPORTED_CHANNELS_KEY)
      .executeTakeFirst();
    const value = JSON.stringify([
      ...new Set([...(previous ? (JSON.parse(previous.value) as number[]) : []), ...touched]),
    ]);
    await trx
      .insertInto('settings')
      .values({ key: GUIDE_IMPORTED_CHANNELS_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    await hooks?.end(trx, { programmes, channels: [...touched] });
  });
  return { programmes, channels: [...touched], unmatched };
}
