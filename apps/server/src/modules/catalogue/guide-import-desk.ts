import type { Kysely } from 'kysely';
import type { GuideImportPreview } from '@playz/api-contract/admin';
import type { Database } from '../../db/schema';
import type { DeskAudit } from './catalogue-desk';
import { childText, xmlElements, xmlAttributes } from './xml-text';
import { importGuide, parseXmltvTime } from './import-guide';
import { importChannelList } from './import-m3u';
import { foldSearchText } from './search-text';

type Format = 'xmltv' | 'm3u';
type ImportError = GuideImportPreview['errors'][number];
type ChannelRow = { id: number; name: string };

/** A file with thousands of bad lines lists the first ones: enough to fix the file. */
const MAX_ERRORS = 500;

/** Line numbers (from 1) of offsets in a text, read in increasing order. */
function lineCounter(text: string) {
  let offset = 0;
  let line = 1;
  return (at: number) => {
    for (; offset < at; offset++) if (text.charCodeAt(offset) === 10) line++;
    return line;
  };
}

/** Our channels by id and folded name, as the import matches them (import-guide.ts, import-m3u.ts). */
function channelKeys(ours: ChannelRow[]) {
  const byKey = new Map<string, ChannelRow>();
  for (const c of ours) {
    byKey.set(String(c.id), c);
    byKey.set(foldSearchText(c.name), c);
  }
  return (key: string | null | undefined) => (key ? (byKey.get(key) ?? byKey.get(foldSearchText(key))) : undefined);
}

/** What an XMLTV guide would do, with the same rules as importGuide, and the lines it skips. */
async function previewXmltv(db: Kysely<Database>, xml: string): Promise<GuideImportPreview> {
  const ours = await db.selectFrom('channels').select(['id', 'name']).orderBy('position').execute();
  const find = channelKeys(ours);
  const channels: GuideImportPreview['channels'] = [];
  const channelOf = new Map<string, ChannelRow>();
  for (const c of xmlElements(xml, 'channel')) {
    const id = c.attrs.id ?? '';
    const names = xmlElements(c.inner, 'display-name').map((n) => n.inner.trim());
    const match = [id, ...names].map((k) => find(k)).find(Boolean);
    if (match) channelOf.set(id, match);
    channels.push({
      key: id,
      name: names[0] ?? id,
      channelId: match?.id ?? null,
      channelName: match?.name ?? null,
      action: match ? 'matched' : 'unknown',
    });
  }
  const errors: ImportError[] = [];
  const lineOf = lineCounter(xml);
  const spans = new Map<number, { from: string; to: string; added: Map<string, number> }>();
  for (const m of xml.matchAll(/<programme(\s[^>]*)?(\/>|>([\s\S]*?)<\/programme\s*>)/g)) {
    const attrs = xmlAttributes(m[1] ?? '');
    const inner = m[3] ?? '';
    const start = parseXmltvTime(attrs.start ?? '');
    const stop = parseXmltvTime(attrs.stop ?? '');
    const reason: ImportError['reason'] | null = !start
      ? 'start'
      : !stop || Date.parse(stop) <= Date.parse(start)
        ? 'stop'
        : !childText(inner, 'title')
          ? 'title'
          : !attrs.channel
            ? 'channel'
            : null;
    if (reason) {
      if (errors.length < MAX_ERRORS) errors.push({ line: lineOf(m.index), reason });
      continue;
    }
    const channel = channelOf.get(attrs.channel!) ?? find(attrs.channel);
    // A programme of a channel we do not have is skipped; its channel is listed as unknown.
    if (!channel) continue;
    if (!channels.some((c) => c.channelId === channel.id))
      channels.push({
        key: attrs.channel!,
        name: attrs.channel!,
        channelId: channel.id,
        channelName: channel.name,
        action: 'matched',
      });
    const span = spans.get(channel.id) ?? { from: start!, to: stop!, added: new Map<string, number>() };
    if (start! < span.from) span.from = start!;
    if (stop! > span.to) span.to = stop!;
    const day = start!.slice(0, 10);
    span.added.set(day, (span.added.get(day) ?? 0) + 1);
    spans.set(channel.id, span);
  }
  const days: GuideImportPreview['days'] = [];
  for (const [channelId, span] of spans) {
    // The import replaces a channel's entries over the whole span its programmes cover.
    const replaced = new Map<string, number>();
    const rows = await db
      .selectFrom('schedules')
      .select('date_scheduled')
      .where('channel_id', '=', channelId)
      .where('date_scheduled', '>=', span.from)
      .where('date_scheduled', '<', span.to)
      .execute();
    for (const r of rows) {
      const day = new Date(r.date_scheduled).toISOString().slice(0, 10);
      replaced.set(day, (replaced.get(day) ?? 0) + 1);
    }
    const name = ours.find((c) => c.id === channelId)!.name;
    for (const day of [...new Set([...span.added.keys(), ...replaced.keys()])].sort())
      days.push({
        channelId,
        channelName: name,
        day,
        added: span.added.get(day) ?? 0,
        replaced: replaced.get(day) ?? 0,
      });
  }
  return { format: 'xmltv', channels, days, errors };
}

/** What an M3U list would do, with the same rules as importChannelList, and the lines it skips. */
async function previewM3u(db: Kysely<Database>, text: string): Promise<GuideImportPreview> {
  const ours = await db.selectFrom('channels').select(['id', 'name']).orderBy('position').execute();
  const find = channelKeys(ours);
  const channels: GuideImportPreview['channels'] = [];
  const errors: ImportError[] = [];
  const made = new Set<string>();
  let pending: { line: number; name: string; tvgId: string | null } | null = null;
  const fail = (line: number, reason: ImportError['reason']) => {
    if (errors.length < MAX_ERRORS) errors.push({ line, reason });
  };
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXTINF')) {
      if (pending) fail(pending.line, 'no-url');
      const comma = line.lastIndexOf(',');
      const head = comma >= 0 ? line.slice(0, comma) : line;
      const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(head)?.[1]?.trim() || null;
      const name = (comma >= 0 ? line.slice(comma + 1) : '').trim() || attr('tvg-name') || '';
      pending = { line: index + 1, name, tvgId: attr('tvg-id') };
    } else if (!line.startsWith('#')) {
      if (!pending) fail(index + 1, 'no-url');
      else if (!pending.name) fail(pending.line, 'name');
      else if (!/^https?:\/\/\S+$/i.test(line)) fail(index + 1, 'url');
      else {
        const known = find(pending.tvgId) ?? find(pending.name);
        const again = made.has(foldSearchText(pending.name));
        channels.push({
          key: pending.tvgId ?? pending.name,
          name: pending.name,
          channelId: known?.id ?? null,
          channelName: known?.name ?? null,
          action: known || again ? 'matched' : 'create',
        });
        if (!known) made.add(foldSearchText(pending.name));
      }
      pending = null;
    }
  }
  if (pending) fail(pending.line, 'no-url');
  return { format: 'm3u', channels, days: [], errors };
}

/**
 * XMLTV and M3U imports from the console (decision 103): a preview that writes nothing, then the
 * same import as `npm run import` in one transaction with its audit entry; then `afterChange`
 * tells the catalogue's readers (search index, version, this node's cache).
 */
export function createGuideImportDesk(deps: { db: Kysely<Database>; afterChange: () => Promise<void> }) {
  const { db } = deps;
  const preview = (format: Format, text: string) =>
    format === 'xmltv' ? previewXmltv(db, text) : previewM3u(db, text);

  return {
    preview,

    async apply(format: Format, text: string, audit: DeskAudit) {
      const seen = await preview(format, text);
      const applied = { programmes: 0, channelsCreated: 0, channelsUpdated: 0 };
      const brief = {
        format,
        channels: seen.channels.filter((c) => c.action !== 'unknown').length,
        errors: seen.errors.length,
      };
      if (format === 'xmltv') {
        await importGuide(db, text, {
          start: async () => {},
          end: async (trx, summary) => {
            applied.programmes = summary.programmes;
            await audit(trx, {
              before: {
                ...brief,
                replaced: seen.days.map((d) => ({ channelId: d.channelId, day: d.day, count: d.replaced })),
              },
              after: { ...brief, programmes: summary.programmes, channelIds: summary.channels },
            });
          },
        });
      } else {
        let before: unknown = null;
        await importChannelList(db, text, {
          start: async (trx) => {
            const ids = seen.channels.flatMap((c) => (c.channelId !== null ? [c.channelId] : []));
            before = ids.length
              ? await trx
                  .selectFrom('channels')
                  .select(['id', 'channel_type as type', 'stream_url as streamUrl'])
                  .where('id', 'in', ids)
                  .execute()
              : [];
          },
          end: async (trx, summary) => {
            applied.channelsCreated = summary.created;
            applied.channelsUpdated = summary.updated;
            await audit(trx, { before: { ...brief, channels: before }, after: { ...brief, ...summary } });
          },
        });
      }
      await deps.afterChange();
      return { preview: seen, applied };
    },
  };
}

export type GuideImportDesk = ReturnType<typeof createGuideImportDesk>;
