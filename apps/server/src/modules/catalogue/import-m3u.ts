import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ImportHooks } from './import-guide';
import { createImportRepository } from './import.repository';
import { foldSearchText } from './search-text';

export interface M3uEntry {
  name: string;
  url: string;
  tvgId: string | null;
  group: string | null;
}

/** Imported channels are numbered from here, above the demo's 20. */
const IMPORTED_CHANNEL_START = 1000;

/** An extended M3U playlist: "#EXTINF:-1 tvg-id=.. group-title=..,Name" then the stream URL. */
export function parseM3u(text: string): M3uEntry[] {
  const entries: M3uEntry[] = [];
  let pending: Omit<M3uEntry, 'url'> | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXTINF')) {
      const comma = line.lastIndexOf(',');
      const head = comma >= 0 ? line.slice(0, comma) : line;
      const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(head)?.[1]?.trim() || null;
      const name = (comma >= 0 ? line.slice(comma + 1) : '').trim() || attr('tvg-name') || '';
      pending = { name, tvgId: attr('tvg-id'), group: attr('group-title') };
    } else if (!line.startsWith('#')) {
      // Only web streams: a file path or another scheme would never play in a browser.
      if (pending?.name && /^https?:\/\/\S+$/i.test(line)) entries.push({ ...pending, url: line });
      pending = null;
    }
  }
  return entries;
}

/**
 * Loads an M3U channel list (decision 013, operator import): a known channel (same id or name) gets
 * the stream URL and becomes a Stream channel; an unknown one is created.
 */
export async function importChannelList(
  db: Kysely<Database>,
  text: string,
  hooks?: ImportHooks<{ created: number; updated: number }>,
) {
  const entries = parseM3u(text);
  const repo = createImportRepository(db);
  let created = 0;
  let updated = 0;
  await repo.transaction(async (trx) => {
    await hooks?.start(trx);
    const tx = createImportRepository(trx);
    const ours = await tx.listChannels();
    const byKey = new Map<string, number>();
    for (const c of ours) {
      byKey.set(String(c.id), c.id);
      byKey.set(foldSearchText(c.name), c.id);
    }
    let position = Math.max(0, ...ours.map((c) => c.position));
    for (const e of entries) {
      const known = [e.tvgId, e.name]
        .flatMap((k) => (k ? [byKey.get(k) ?? byKey.get(foldSearchText(k))] : []))
        .find(Boolean);
      if (known) {
        await tx.updateChannelStream(known, e.url, null);
        updated++;
        continue;
      }
      const id = await tx.nextId('channels', IMPORTED_CHANNEL_START);
      await tx.insertChannel({
        id,
        channel_type: 'Stream',
        name: e.name,
        description: e.name,
        locale: 'fr',
        genre: e.group ? foldSearchText(e.group).replace(/ /g, '-') || 'general' : 'general',
        logo: null,
        poster: null,
        position: ++position,
        stream_url: e.url,
      });
      byKey.set(foldSearchText(e.name), id);
      created++;
    }
    await hooks?.end(trx, { created, updated });
  });
  return { created, updated };
}
