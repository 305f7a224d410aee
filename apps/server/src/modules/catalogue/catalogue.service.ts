import type { Channel, Content, ContentList, Schedule, Teaser } from '@playz/api-contract';
import { ApiErrorNumber, apiError, currentScheduleEntry } from '@playz/domain';
import type { CatalogueRepository, ContentListRow, ContentRow, ScheduleRow } from './catalogue.repository';
import { progressFields, toChannel, toContent, toContentList, type ViewContext } from './catalogue.views';
import type { CatalogueCache } from './catalogue-cache';

/** Ids in paths are positive integers; anything else is the item's not-found number. */
export function parseId(raw: string, notFound: number): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw apiError(notFound as ApiErrorNumber);
  return id;
}

const HOUR = 3600 * 1000;
/** Longest programme we expect; the current entry started at most this long ago. */
const LONGEST_PROGRAMME_MS = 6 * HOUR;
/** At most this many of a channel's own contents on /channel/{id}. */
const CHANNEL_CONTENTS_LIMIT = 50;

/** A content's own answer changes only with the catalogue version; the TTL bounds memory use. */
const CONTENT_TTL_MS = 10 * 60 * 1000;
const contentKey = (id: number) => `content:${id}`;

/** The id of a path as parseId reads it, or null where parseId would refuse it. */
export function peekId(raw: string): number | null {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
}

export function createCatalogueService(deps: {
  repo: CatalogueRepository;
  view: ViewContext;
  /** A Stream channel's encoder state (the live module's); null for other channels. */
  streamStateOf?: (channel: {
    id: number;
    channel_type: string;
    stream_url?: string | null;
  }) => Promise<'live' | 'down' | null>;
  now?: () => Date;
  /** Shared catalogue cache (decision 013); without it every read goes to the database. */
  cache?: CatalogueCache;
}) {
  const { repo, view, cache } = deps;
  const now = deps.now ?? (() => new Date());

  async function contentsById(ids: number[]): Promise<Map<number, ContentRow>> {
    return new Map((await repo.listContentsByIds([...new Set(ids)])).map((r) => [r.id, r]));
  }

  async function toSchedules(rows: ScheduleRow[]): Promise<Schedule[]> {
    const byId = await contentsById(rows.map((r) => r.content_id));
    return rows.flatMap((r) => {
      const content = byId.get(r.content_id);
      return content
        ? [
            {
              scheduleID: r.id,
              dateScheduled: r.date_scheduled,
              duration: r.duration,
              content: toContent(content, view),
            },
          ]
        : [];
    });
  }

  async function listSummaries(rows: ContentListRow[]): Promise<Omit<ContentList, 'contents'>[]> {
    const counts = await repo.countContentsByList(rows.map((r) => r.id));
    return rows.map((r) => {
      const { contents: _omitted, ...summary } = toContentList(r, view, [], counts.get(r.id) ?? 0);
      return summary;
    });
  }

  /** Channels with the programme on air now (spec 2 §4 Channel current schedule). */
  async function channelsWithCurrent(genre?: string): Promise<Channel[]> {
    const channels = await repo.listChannels(genre);
    const t = now();
    const rows = await repo.listSchedules(
      channels.map((c) => c.id),
      new Date(t.getTime() - LONGEST_PROGRAMME_MS).toISOString(),
      new Date(t.getTime() + 1000).toISOString(),
    );
    const byId = await contentsById(rows.map((r) => r.content_id));
    const states = await Promise.all(channels.map((c) => deps.streamStateOf?.(c) ?? null));
    return channels.map((c, index) => {
      const own = rows
        .filter((r) => r.channel_id === c.id)
        .map((r) => ({ id: r.id, dateScheduled: r.date_scheduled, duration: r.duration, row: byId.get(r.content_id) }));
      const current = currentScheduleEntry(own, t);
      const content = current?.row ? toContent(current.row, view) : null;
      // The programme on air, with its times, so a channel list can show its progress.
      const schedules =
        current && content
          ? [{ scheduleID: current.id, dateScheduled: current.dateScheduled, duration: current.duration, content }]
          : [];
      return { ...toChannel(c, view, content, schedules), streamState: states[index] ?? null };
    });
  }

  /**
   * The customer's resume points laid over contents read for everyone (spec 2 §4 Resume): the
   * player starts where the viewer stopped, on any device, after a reload. One query.
   */
  async function withProgress(contents: Content[], customerId: number | null): Promise<Content[]> {
    if (customerId === null || contents.length === 0) return contents;
    const rows = await repo.listProgress(
      customerId,
      contents.map((c) => c.contentID),
    );
    if (rows.length === 0) return contents;
    const byId = new Map(rows.map((r) => [r.content_id, r]));
    return contents.map((content) => {
      const progress = byId.get(content.contentID);
      return progress ? { ...content, ...progressFields(progress) } : content;
    });
  }

  return {
    channelsWithCurrent,
    listSummaries,
    withProgress,

    /** The same for every caller (no customer fields), so kept until the catalogue changes. */
    async getContent(rawId: string): Promise<Content> {
      const id = parseId(rawId, ApiErrorNumber.ContentNotFound);
      const load = async () => {
        const row = await repo.getContent(id);
        if (!row) throw apiError(ApiErrorNumber.ContentNotFound);
        return toContent(row, view);
      };
      return cache ? cache.get(contentKey(id), CONTENT_TTL_MS, load) : load();
    },

    /** What getContent would give now when it is known without waiting (decision 097), else undefined. */
    peekContent(rawId: string): Content | undefined {
      const id = peekId(rawId);
      return id === null ? undefined : cache?.peek<Content>(contentKey(id));
    },

    async getRelated(rawId: string): Promise<Content[]> {
      const row = await repo.getContent(parseId(rawId, ApiErrorNumber.ContentNotFound));
      if (!row) throw apiError(ApiErrorNumber.ContentNotFound);
      return (await repo.listRelated(row, 12)).map((r) => toContent(r, view));
    },

    async getChannel(rawId: string): Promise<Channel> {
      const row = await repo.getChannel(parseId(rawId, ApiErrorNumber.ChannelNotFound));
      if (!row) throw apiError(ApiErrorNumber.ChannelNotFound);
      const t = now().getTime();
      const rows = await repo.listSchedules(
        [row.id],
        new Date(t - LONGEST_PROGRAMME_MS).toISOString(),
        new Date(t + 24 * HOUR).toISOString(),
      );
      const schedules = await toSchedules(rows);
      const current = currentScheduleEntry(schedules, new Date(t));
      const streamState = (await deps.streamStateOf?.(row)) ?? null;
      const upcoming = schedules.filter((s) => Date.parse(s.dateScheduled) + s.duration * 1000 >= t);
      const channel = toChannel(row, view, current?.content ?? null, upcoming);
      // What a Playlist channel plays, each content once (decision 058); a Stream channel has its url.
      const playlist =
        row.channel_type === 'Playlist'
          ? [...new Map(upcoming.map((s) => [s.content.contentID, s.content])).values()]
          : null;
      const contents = (await repo.listContentsOfChannel(row.id, CHANNEL_CONTENTS_LIMIT)).map((r) =>
        toContent(r, view),
      );
      return { ...channel, streamState, playlist, contents };
    },

    /** spec 2 §7 /channel/{id}/schedule; defaults to the next 24 h, at most 15 days at once. */
    async getSchedule(rawId: string, from?: string, to?: string): Promise<Schedule[]> {
      const row = await repo.getChannel(parseId(rawId, ApiErrorNumber.ChannelNotFound));
      if (!row) throw apiError(ApiErrorNumber.ChannelNotFound);
      const start = from !== undefined ? Date.parse(from) : now().getTime();
      const end = to !== undefined ? Date.parse(to) : start + 24 * HOUR;
      if (Number.isNaN(start) || Number.isNaN(end) || end <= start || end - start > 15 * 24 * HOUR) {
        throw apiError(ApiErrorNumber.BadParameter);
      }
      return toSchedules(
        await repo.listSchedules([row.id], new Date(start).toISOString(), new Date(end).toISOString()),
      );
    },

    async listSeries() {
      return listSummaries(await repo.listListsByType('Series'));
    },

    async getSeries(rawId: string) {
      const row = await repo.getList(parseId(rawId, ApiErrorNumber.ContentListNotFound));
      if (!row || row.type !== 'Series' || row.enabled === 0) throw apiError(ApiErrorNumber.ContentListNotFound);
      const seasons = await listSummaries(await repo.listSeasons(row.id));
      const series = toContentList(row, view, []);
      // spec 2 §3 Series teasers (decision 058): the series' video, then each season's own, once each.
      const teasers = new Map<string, Teaser>();
      for (const item of [{ ...series, ID: null }, ...seasons]) {
        if (item.previewUrl && !teasers.has(item.previewUrl))
          teasers.set(item.previewUrl, {
            ...{ seasonID: item.ID, name: item.name, url: item.previewUrl },
            posterUrl: item.posterUrl,
          });
      }
      return {
        ...series,
        contentsCount: seasons.reduce((n, s) => n + s.contentsCount, 0),
        seasons,
        teasers: [...teasers.values()],
      };
    },

    async getSeason(rawId: string): Promise<ContentList> {
      const row = await repo.getList(parseId(rawId, ApiErrorNumber.ContentListNotFound));
      if (!row || row.type !== 'Season' || row.enabled === 0) throw apiError(ApiErrorNumber.ContentListNotFound);
      const contents = (await repo.listContentsOfList(row.id)).map((r) => toContent(r, view));
      return toContentList(row, view, contents);
    },

    async listContentsOfList(listId: number): Promise<ContentList | null> {
      const row = await repo.getList(listId);
      // An unpublished series (decision 105) is not found by viewers, whichever call asks.
      if (!row || row.enabled === 0) return null;
      return toContentList(
        row,
        view,
        (await repo.listContentsOfList(listId)).map((r) => toContent(r, view)),
      );
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
