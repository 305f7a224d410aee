import type { endpoints, ResponseOf } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { BrowseRepository } from './browse.repository';
import type { CatalogueCache } from './catalogue-cache';
import type { CatalogueRepository } from './catalogue.repository';
import type { CatalogueService } from './catalogue.service';
import type { ContentTexts } from './content-texts';
import { toChannel, toContent, type ViewContext } from './catalogue.views';
import type { SearchHit, SearchKind, SearchRepository } from './search.repository';
import { searchTokens, wordDistance } from './search-text';
import { suitsKids } from './kids-filter';

type SearchResponse = ResponseOf<typeof endpoints.search>;
const MAX_KEYWORDS = 100;
const DEFAULT_PAGE_SIZE = 20;
/** Contents first at equal relevance: they are what the viewer can play. */
const KIND_ORDER: Record<SearchKind, number> = { Content: 0, ContentList: 1, Channel: 2 };

/** A search result a kids profile may see: channels always, contents and series by their rating. */
function suitsKidsResult(result: SearchResponse['Results'][number]): boolean {
  if (result.type === 'Content') return suitsKids(result.Content);
  if (result.type === 'ContentList') return suitsKids(result.ContentList);
  return true;
}

/** Whether every query word starts a word of the title ("aur" in "les aurores"). */
function isTitleHit(title: string, tokens: string[]): boolean {
  const words = title.split(' ');
  return tokens.every((t) => words.some((w) => w.startsWith(t)));
}

/**
 * Search (spec 2 §7, decision 013): full text by the engine (FTS5 or PostgreSQL), titles first,
 * then a typo-tolerant pass over titles when the full text finds nothing.
 */
export function createSearchService(deps: {
  search: SearchRepository;
  repo: CatalogueRepository;
  browse: BrowseRepository;
  catalogue: CatalogueService;
  cache: CatalogueCache;
  view: ViewContext;
  /** The contents' texts in the viewer's language (decision 107). */
  texts: ContentTexts;
}) {
  const { view } = deps;

  async function typoMatches(tokens: string[]): Promise<SearchHit[]> {
    const usable = tokens.filter((t) => t.length >= 4);
    if (usable.length !== tokens.length) return [];
    const titles = await deps.cache.get('search:titles', 60 * 60 * 1000, () => deps.search.listTitles());
    return titles.flatMap((doc) => {
      const words = doc.title.split(' ');
      let total = 0;
      for (const token of tokens) {
        const best = Math.min(...words.map((w) => wordDistance(token, w)));
        if (best > (token.length < 8 ? 1 : 2)) return [];
        total += best;
      }
      return [{ ...doc, body: '', rank: total }];
    });
  }

  async function ranked(tokens: string[]): Promise<SearchHit[]> {
    const hits = await deps.search.match(tokens);
    if (!hits.length)
      return (await typoMatches(tokens)).sort((a, b) => a.rank - b.rank || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
    return hits
      .map((h) => ({ h, title: isTitleHit(h.title, tokens) ? 0 : 1 }))
      .sort((a, b) => a.title - b.title || a.h.rank - b.h.rank || KIND_ORDER[a.h.kind] - KIND_ORDER[b.h.kind])
      .map((x) => x.h);
  }

  async function hydrate(hits: SearchHit[]): Promise<SearchResponse['Results']> {
    const ids = (kind: SearchKind) => hits.filter((h) => h.kind === kind).map((h) => h.item_id);
    const [contents, lists, channels] = await Promise.all([
      deps.repo.listContentsByIds(ids('Content')),
      deps.browse.listListsByIds(ids('ContentList')),
      deps.browse.listChannelsByIds(ids('Channel')),
    ]);
    const contentById = new Map(contents.filter((c) => c.enabled === 1).map((c) => [c.id, c]));
    const listById = new Map((await deps.catalogue.listSummaries(lists)).map((l) => [l.ID, l]));
    const channelById = new Map(channels.map((c) => [c.id, c]));
    return hits.flatMap((h): SearchResponse['Results'] => {
      if (h.kind === 'Content') {
        const row = contentById.get(h.item_id);
        return row ? [{ type: 'Content', Content: toContent(row, view) }] : [];
      }
      if (h.kind === 'ContentList') {
        const list = listById.get(h.item_id);
        return list ? [{ type: 'ContentList', ContentList: list }] : [];
      }
      const row = channelById.get(h.item_id);
      if (!row) return [];
      const { schedules: _s, ...channel } = toChannel(row, view, null, []);
      return [{ type: 'Channel', Channel: channel }];
    });
  }

  return {
    /**
     * `kids`: a kids profile finds only what suits it, and the total counts only that (decision 059).
     * `locale`: the contents found are titled in it where an editor wrote it (decision 107).
     */
    async search(input: {
      keywords: string;
      page?: string;
      pageSize?: string;
      kids?: boolean;
      locale?: string;
    }): Promise<SearchResponse> {
      const keywords = input.keywords.trim();
      if (!keywords) throw apiError(ApiErrorNumber.MissingParameter);
      if (keywords.length > MAX_KEYWORDS) throw apiError(ApiErrorNumber.BadParameter);
      const page = Number(input.page ?? 1);
      const pageSize = Number(input.pageSize ?? DEFAULT_PAGE_SIZE);
      const tokens = searchTokens(keywords);
      // Only punctuation or symbols ("!!!"): nothing searchable, so nothing found (no
      // word at all used to match the whole catalogue).
      const all =
        tokens.length === 0 ? [] : await deps.cache.get(`search:${tokens.join(' ')}`, 60 * 1000, () => ranked(tokens));
      const pageOf = <T>(from: T[]) => from.slice((page - 1) * pageSize, page * pageSize);
      // A kids profile's hits are judged by their ratings before the page is cut, so its pages
      // are full and its total true; the others' page is read alone.
      const suiting = input.kids ? (await hydrate(all)).filter(suitsKidsResult) : null;
      const Results = await deps.texts.localise(
        suiting ? pageOf(suiting) : await hydrate(pageOf(all)),
        input.locale ?? 'fr',
      );
      return {
        Collection: Results.flatMap((r) => (r.type === 'Content' ? [r.Content] : [])),
        Results,
        Total: suiting ? suiting.length : all.length,
        Page: page,
        PageSize: pageSize,
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
