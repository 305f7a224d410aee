import type { Content, PageRow } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CatalogueRepository } from './catalogue.repository';
import type { CatalogueCache } from './catalogue-cache';
import type { CatalogueService } from './catalogue.service';
import type { CollectionsService } from './collections.service';
import { toContent, toContentList, type ViewContext } from './catalogue.views';

const ROW_LIMIT = 24;
const HOUR = 3600 * 1000;

type RowData = NonNullable<PageRow['data']>;
interface RowSource {
  row_type: string;
  type_id: number | null;
}

/**
 * Builds the rows of a page (spec 2 §2 Home rows, §3 Page row) in one request, so a customer's
 * home needs a single call. Customer rows (Favorites, ContentsProcessing) are empty for visitors.
 */
export function createPageRowsService(deps: {
  repo: CatalogueRepository;
  catalogue: CatalogueService;
  collections: CollectionsService;
  cache: CatalogueCache;
  view: ViewContext;
  now?: () => Date;
}) {
  const { repo, view, catalogue } = deps;
  const now = deps.now ?? (() => new Date());
  const contents = (rows: Parameters<typeof toContent>[0][]) => rows.map((r) => toContent(r, view));

  async function customerContents(
    customerId: number | null,
    kind: 'Favorites' | 'ContentsProcessing',
  ): Promise<Content[]> {
    if (customerId === null) return [];
    if (kind === 'Favorites') return contents(await repo.listFavoriteContents(customerId));
    return (await repo.listProcessingContents(customerId)).map((row) => toContent(row, view, row));
  }

  /** Programmes that ended within the last 24 hours, newest first (ReplayLastHours). */
  async function replayLastHours(): Promise<Content[]> {
    const t = now().getTime();
    const channels = await repo.listChannels();
    const rows = await repo.listSchedules(
      channels.map((c) => c.id),
      new Date(t - 24 * HOUR).toISOString(),
      new Date(t).toISOString(),
    );
    const ended = rows.filter((r) => Date.parse(r.date_scheduled) + r.duration * 1000 <= t).reverse();
    const ids = [...new Set(ended.map((r) => r.content_id))].slice(0, ROW_LIMIT);
    const byId = new Map((await repo.listContentsByIds(ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [toContent(byId.get(id)!, view)] : []));
  }

  async function rowData(source: RowSource, customerId: number | null): Promise<RowData | null> {
    switch (source.row_type) {
      case 'Channels':
        return { Channels: (await catalogue.channelsWithCurrent()).map(({ schedules: _s, ...c }) => c) };
      case 'ContentCollection': {
        const c = source.type_id !== null ? await deps.collections.getCollection(source.type_id) : null;
        return c ? { ContentCollection: c } : null;
      }
      case 'Category': {
        const category = source.type_id !== null ? await repo.getCategory(source.type_id) : null;
        return category ? { Collection: contents(await repo.listContentsByGenre(category.slug, ROW_LIMIT)) } : null;
      }
      case 'ContentList': {
        const list = source.type_id !== null ? await catalogue.listContentsOfList(source.type_id) : null;
        return list ? { ContentList: list } : null;
      }
      case 'ReplayMovies':
        return { Collection: contents(await repo.listContentsByType('Film', ROW_LIMIT)) };
      case 'ReplaySeries':
      case 'Series':
        return { Series: await catalogue.listSeries() };
      case 'ReplayLastHours':
        return { Collection: await replayLastHours() };
      case 'Favorites':
        return { Favorites: await customerContents(customerId, 'Favorites') };
      case 'ContentsProcessing':
        return { ContentsProcessing: await customerContents(customerId, 'ContentsProcessing') };
      default:
        // ContentsDownload and types unknown to this server carry no data; clients skip them.
        return null;
    }
  }

  /** Rows whose data is the same for everyone (all but the customer's own rows). */
  const CUSTOMER_ROWS = new Set(['Favorites', 'ContentsProcessing']);

  /**
   * The shared part of a page, cached per catalogue version for 10 s (what is on air moves with
   * the clock; spec 2 §9 refreshes schedules every 10 s). Customer rows are added per request.
   */
  function sharedRows(page: string, withData: boolean): Promise<PageRow[]> {
    return deps.cache.get(`page-rows:${page}:${withData ? 1 : 0}`, 10_000, async () => {
      const rows = await repo.listPageRows(page);
      if (!rows.length) throw apiError(ApiErrorNumber.NotFound);
      return Promise.all(
        rows.map(async (r) => ({
          rowType: r.row_type,
          typeID: r.type_id,
          style: r.style as PageRow['style'],
          title: r.title,
          data: withData && !CUSTOMER_ROWS.has(r.row_type) ? await rowData(r, null) : null,
        })),
      );
    });
  }

  return {
    async getPageRows(page: string, withData: boolean, customerId: number | null): Promise<PageRow[]> {
      const rows = await sharedRows(page, withData);
      if (!withData) return rows;
      return Promise.all(
        rows.map(async (r) =>
          CUSTOMER_ROWS.has(r.rowType)
            ? { ...r, data: await rowData({ row_type: r.rowType, type_id: r.typeID }, customerId) }
            : r,
        ),
      );
    },
    toContentList,
  };
}
export type PageRowsService = ReturnType<typeof createPageRowsService>;
