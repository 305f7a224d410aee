import type { Category, Character, ContentCollection, ContentList, Frame, Game } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { ClipCatalog } from '../../streaming/clip-catalog';
import type { BrowseRepository } from './browse.repository';
import type { CatalogueCache } from './catalogue-cache';
import type { CatalogueRepository } from './catalogue.repository';
import { parseId, peekId, type CatalogueService } from './catalogue.service';
import { mediaUrl, toContent, type ViewContext } from './catalogue.views';
import type { CollectionsService } from './collections.service';
import { CSA_COLLECTION_ID } from '../../db/seed/catalogue-extras';

const CATEGORY_LIMIT = 60;
/** The collection of comedy sketches shown by /comedy/show (demo row "Sketches"). */
export const COMEDY_COLLECTION_ID = 2;
const MINUTE = 60 * 1000;
const collectionKey = (id: number) => `collection:${id}`;

/** Categories, characters, games, lists, collections and frames (spec 2 §7 Other catalogue). */
export function createBrowseService(deps: {
  repo: CatalogueRepository;
  browse: BrowseRepository;
  catalogue: CatalogueService;
  collections: CollectionsService;
  clips: ClipCatalog;
  cache: CatalogueCache;
  view: ViewContext;
}) {
  const { repo, browse, view, cache } = deps;
  const toCategory = (r: { id: number; name: string; slug: string }): Category => ({
    ID: r.id,
    name: r.name,
    slug: r.slug,
  });
  const toCharacter = (r: Awaited<ReturnType<BrowseRepository['listCharacters']>>[number]): Character => ({
    ID: r.id,
    name: r.name,
    description: r.description,
    imageUrl: mediaUrl(r.image),
    contentListID: r.content_list_id,
  });

  async function contentsOfSeries(listId: number) {
    const seasons = await repo.listSeasons(listId);
    const lists = seasons.length ? seasons.map((s) => s.id) : [listId];
    const rows = (await Promise.all(lists.map((id) => repo.listContentsOfList(id)))).flat();
    return rows.map((r) => toContent(r, view));
  }

  return {
    listCategories: () =>
      cache.get('categories', 10 * MINUTE, async () => (await browse.listCategories()).map(toCategory)),

    async getCategory(rawId: string) {
      const id = parseId(rawId, ApiErrorNumber.CategoryNotFound);
      const [row] = await browse.listCategoriesByIds([id]);
      if (!row) throw apiError(ApiErrorNumber.CategoryNotFound);
      const contents = await repo.listContentsByGenre(row.slug, CATEGORY_LIMIT);
      return { ...toCategory(row), contents: contents.map((r) => toContent(r, view)) };
    },

    async getCollection(rawId: string) {
      const id = parseId(rawId, ApiErrorNumber.CollectionNotFound);
      const collection = await cache.get(collectionKey(id), 10 * MINUTE, () => deps.collections.getCollection(id));
      if (!collection) throw apiError(ApiErrorNumber.CollectionNotFound);
      return collection;
    },

    /** What getCollection would give now when it is known without waiting (decision 097), else undefined. */
    peekCollection(rawId: string): ContentCollection | undefined {
      const id = peekId(rawId);
      return (id === null ? undefined : cache.peek<ContentCollection | null>(collectionKey(id))) ?? undefined;
    },

    listCharacters: async (): Promise<Character[]> => (await browse.listCharacters()).map(toCharacter),

    async getCharacter(rawId: string) {
      const row = await browse.getCharacter(parseId(rawId, ApiErrorNumber.CharacterNotFound));
      if (!row) throw apiError(ApiErrorNumber.CharacterNotFound);
      return { ...toCharacter(row), contents: row.content_list_id ? await contentsOfSeries(row.content_list_id) : [] };
    },

    listGames: async (): Promise<Game[]> =>
      (await browse.listGames()).map((g) => ({ ID: g.id, name: g.name, url: g.url, preview: mediaUrl(g.preview) })),

    async getContentList(rawId: string): Promise<ContentList> {
      const list = await deps.catalogue.listContentsOfList(parseId(rawId, ApiErrorNumber.ContentListNotFound));
      if (!list) throw apiError(ApiErrorNumber.ContentListNotFound);
      if (list.type !== 'Series') return list;
      // A series holds its episodes through its seasons.
      const contents = await contentsOfSeries(list.ID);
      return { ...list, contents, contentsCount: contents.length };
    },

    /** Seek-bar pictures from the clip's thumbnails (spec 2 §3 Frame). */
    async getFrames(rawId: string): Promise<Frame[]> {
      const row = await repo.getContent(parseId(rawId, ApiErrorNumber.ContentNotFound));
      if (!row) throw apiError(ApiErrorNumber.ContentNotFound);
      const clip = row.clip_key ? await deps.clips.get(row.clip_key) : null;
      return (clip?.thumbnails ?? []).map((t, index) => ({ index, time: t.timeSec, url: `/media/${t.path}` }));
    },

    async getComedyShow() {
      const [collection, comedy] = await Promise.all([
        deps.collections.getCollection(COMEDY_COLLECTION_ID),
        repo.listContentsByGenre('comedie', CATEGORY_LIMIT),
      ]);
      return {
        ContentCollection: collection ?? { ID: COMEDY_COLLECTION_ID, name: '', channelID: null, items: [] },
        Collection: comedy.map((r) => toContent(r, view)),
      };
    },

    async getCsaContents() {
      const collection = await deps.collections.getCollection(CSA_COLLECTION_ID);
      return (collection?.items ?? []).flatMap((i) => (i.type === 'Content' ? [i.Content] : []));
    },

    /**
     * Smart-TV asset ids (spec 2 §2 Deep links): "/content/{id}" opens the clip player, and
     * "{type}_{id}" opens "/{type}/{id}/player" once the item is known to exist.
     */
    async resolveDeeplink(assetId: string) {
      const path = /^\/content\/(\d{1,9})$/.exec(assetId);
      const typed = /^(content|clip|channel|content-list|playlist|live-event)_(\d{1,9})$/.exec(assetId);
      if (!path && !typed) throw apiError(ApiErrorNumber.BadParameter);
      const type = path ? 'clip' : typed![1]!;
      const id = Number(path ? path[1] : typed![2]);
      const exists =
        type === 'channel'
          ? (await repo.getChannel(id)) && true
          : type === 'content-list' || type === 'playlist'
            ? (await repo.getList(id)) && true
            : type === 'live-event'
              ? (await browse.getLiveEvent(id)) && true
              : (await repo.getContent(id)) && true;
      if (!exists) {
        const notFound = {
          channel: ApiErrorNumber.ChannelNotFound,
          'content-list': ApiErrorNumber.ContentListNotFound,
          playlist: ApiErrorNumber.ContentListNotFound,
          'live-event': ApiErrorNumber.LiveEventNotFound,
        }[type];
        throw apiError(notFound ?? ApiErrorNumber.ContentNotFound);
      }
      return { type, id, route: `/${type}/${id}/player` };
    },
  };
}
export type BrowseService = ReturnType<typeof createBrowseService>;
