import type { Content, NamedCollection } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { BrowseRepository } from './browse.repository';
import type { CatalogueCache } from './catalogue-cache';
import type { CatalogueRepository, ContentRow } from './catalogue.repository';
import { parseId } from './catalogue.service';
import { toContent, type ViewContext } from './catalogue.views';

const HOUR = 3600 * 1000;
const ROW_LIMIT = 24;
/** Replay keeps a programme for 7 days after it aired (the demo guide goes back as far). */
const REPLAY_WINDOW_MS = 7 * 24 * HOUR;
/** Replay rows depend on the clock: recomputed at most every 10 s (spec 2 §9 schedule refresh). */
const CLOCK_TTL_MS = 10 * 1000;

/** Replay collections (spec 2 §7 Replay): films, series, last hours, by channel, by genre. */
export function createReplayService(deps: {
  repo: CatalogueRepository;
  browse: BrowseRepository;
  cache: CatalogueCache;
  view: ViewContext;
  now?: () => Date;
}) {
  const { repo, view, cache } = deps;
  const now = deps.now ?? (() => new Date());

  /** Programmes of the given channels that ended within `windowMs`, newest first, once each. */
  async function endedProgrammes(
    channelIds: number[],
    windowMs: number,
  ): Promise<{ channelId: number; row: ContentRow }[]> {
    const t = now().getTime();
    const rows = await repo.listSchedules(channelIds, new Date(t - windowMs).toISOString(), new Date(t).toISOString());
    const ended = rows.filter((r) => Date.parse(r.date_scheduled) + r.duration * 1000 <= t).reverse();
    const seen = new Set<number>();
    const unique = ended.filter((r) => !seen.has(r.content_id) && seen.add(r.content_id));
    const byId = new Map((await repo.listContentsByIds(unique.map((r) => r.content_id))).map((r) => [r.id, r]));
    return unique.flatMap((r) => {
      const row = byId.get(r.content_id);
      return row && row.enabled === 1 ? [{ channelId: r.channel_id, row }] : [];
    });
  }

  const contents = (rows: ContentRow[]) => rows.map((r) => toContent(r, view));

  async function lastHours(): Promise<Content[]> {
    const channels = await repo.listChannels();
    const ended = await endedProgrammes(
      channels.map((c) => c.id),
      24 * HOUR,
    );
    return contents(ended.slice(0, ROW_LIMIT).map((e) => e.row));
  }

  return {
    films: () =>
      cache.get('replay:films', CLOCK_TTL_MS, async () => contents(await repo.listContentsByType('Film', ROW_LIMIT))),
    series: () =>
      cache.get('replay:series', CLOCK_TTL_MS, async () => contents(await deps.browse.listLatestEpisodes(ROW_LIMIT))),
    lastHours: () => cache.get('replay:last-hours', CLOCK_TTL_MS, lastHours),

    byChannel: () =>
      cache.get('replay:channels', CLOCK_TTL_MS, async (): Promise<NamedCollection[]> => {
        const channels = await repo.listChannels();
        const ended = await endedProgrammes(
          channels.map((c) => c.id),
          REPLAY_WINDOW_MS,
        );
        return channels
          .map((c) => ({
            ID: `channel-${c.id}`,
            name: c.name,
            channelID: c.id,
            contents: contents(ended.filter((e) => e.channelId === c.id).map((e) => e.row)),
          }))
          .filter((c) => c.contents.length > 0);
      }),

    byGenre: () =>
      cache.get('replay:genres', CLOCK_TTL_MS, async (): Promise<NamedCollection[]> => {
        const categories = await deps.browse.listCategories();
        const lists = await Promise.all(categories.map((c) => repo.listContentsByGenre(c.slug, ROW_LIMIT)));
        return categories
          .map((c, i) => ({ ID: c.slug, name: c.name, channelID: null, contents: contents(lists[i] ?? []) }))
          .filter((c) => c.contents.length > 0);
      }),

    async channelReplay(rawId: string): Promise<Content[]> {
      const channel = await repo.getChannel(parseId(rawId, ApiErrorNumber.ChannelNotFound));
      if (!channel) throw apiError(ApiErrorNumber.ChannelNotFound);
      return contents((await endedProgrammes([channel.id], REPLAY_WINDOW_MS)).map((e) => e.row));
    },
  };
}
export type ReplayService = ReturnType<typeof createReplayService>;
