import type { Content, ContentCollection, PageRow } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CatalogueRepository } from './catalogue.repository';
import type { CatalogueService } from './catalogue.service';
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
  view: ViewContext;
  now?: () => Date;
}) {
  const { repo, view, catalogue } = deps;
  const now = deps.now ?? (() => new Date());
  const contents = (rows: Parameters<typeof toContent>[0][]) => rows.map((r) => toContent(r, view));

  async function collection(id: number): Promise<ContentCollection | null> {
    const head = await repo.getCollection(id);
    if (!head) return null;
    const items = await repo.listCollectionItems(id);
    const byId = new Map(
      (await repo.listContentsByIds(items.filter((i) => i.item_type === 'Content').map((i) => i.item_id))).map((r) => [
        r.id,
        r,
      ]),
    );
    const out: ContentCollection['items'] = [];
    for (const item of items) {
      if (item.item_type === 'Content') {
        const row = byId.get(item.item_id);
        if (row) out.push({ type: 'Content', Content: toContent(row, view) });
      } else if (item.item_type === 'ContentList') {
        const list = await repo.getList(item.item_id);
        if (list) {
          const [summary] = await catalogue.listSummaries([list]);
          if (summary) out.push({ type: 'ContentList', ContentList: summary });
        }
      } else if (item.item_type === 'Category') {
        const category = await repo.getCategory(item.item_id);
        if (category) out.push({ type: 'Category', Category: { ID: category.id, name: category.name } });
      } else if (item.item_type === 'ContentCollection') {
        const nested = await repo.getCollection(item.item_id);
        if (nested) out.push({ type: 'ContentCollection', ContentCollection: { ID: nested.id, name: nested.name } });
      }
    }
    return { ID: head.id, name: head.name, channelID: head.channel_id, items: out };
  }

  async function customerContents(
    customerId: number | null,
    kind: 'Favorites' | 'ContentsProcessing',
  ): Promise<Content[]> {
    if (customerId === null) return [];
    if (kind === 'Favorites') {
      const ids = await repo.listFavoriteContentIds(customerId);
      const byId = new Map((await repo.listContentsByIds(ids)).map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toContent(row, view)] : [];
      });
    }
    const progress = await repo.listProcessing(customerId);
    const byId = new Map((await repo.listContentsByIds(progress.map((p) => p.content_id))).map((r) => [r.id, r]));
    return progress.flatMap((p) => {
      const row = byId.get(p.content_id);
      return row ? [toContent(row, view, p)] : [];
    });
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
        const c = source.type_id !== null ? await collection(source.type_id) : null;
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

  return {
    async getPageRows(page: string, withData: boolean, customerId: number | null): Promise<PageRow[]> {
      const rows = await repo.listPageRows(page);
      if (!rows.length) throw apiError(ApiErrorNumber.NotFound);
      return Promise.all(
        rows.map(async (r) => ({
          rowType: r.row_type,
          typeID: r.type_id,
          style: r.style as PageRow['style'],
          title: r.title,
          data: withData ? await rowData(r, customerId) : null,
        })),
      );
    },
    toContentList,
  };
}
export type PageRowsService = ReturnType<typeof createPageRowsService>;
