import type { Content, ContentList } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth, VisitorAuth } from '../../lib/access';
import type { CatalogueRepository } from './catalogue.repository';
import { parseId, type CatalogueService } from './catalogue.service';
import { toContent, type ViewContext } from './catalogue.views';
import type { FavoriteType, FavoritesRepository } from './favorites.repository';

type Summary = Omit<ContentList, 'contents'>;

/**
 * Customer-linked calls used by playback (spec 2 §7): favourites, resume points, event log. Their
 * routes refuse visitors before (4, decision 013, by their access level: decision 055).
 */
export function createFavoritesService(deps: {
  repo: CatalogueRepository;
  favorites: FavoritesRepository;
  catalogue: CatalogueService;
  view: ViewContext;
  now?: () => Date;
}) {
  const { repo, favorites, view } = deps;
  const now = deps.now ?? (() => new Date());

  /** The id of an existing item, or its not-found number (20 contents, 21 lists). */
  async function existingId(type: FavoriteType, rawId: string): Promise<number> {
    const notFound = type === 'Content' ? ApiErrorNumber.ContentNotFound : ApiErrorNumber.ContentListNotFound;
    const id = parseId(rawId, notFound);
    const row = type === 'Content' ? await repo.getContent(id) : await repo.getList(id);
    // An unpublished series (or its season) is unknown to viewers, its id included (decision 105).
    if (!row || ('enabled' in row && row.enabled === 0)) throw apiError(notFound);
    return id;
  }

  async function favoriteContents(customerId: number): Promise<Content[]> {
    return (await repo.listFavoriteContents(customerId)).map((row) => toContent(row, view));
  }

  async function favoriteLists(customerId: number): Promise<Summary[]> {
    const ids = await favorites.listFavoriteIds(customerId, 'ContentList');
    // A series an editor unpublished leaves its fans' lists until it is published again (decision 105).
    const rows = (await Promise.all(ids.map((id) => repo.getList(id)))).flatMap((r) =>
      r && r.enabled !== 0 ? [r] : [],
    );
    return deps.catalogue.listSummaries(rows);
  }

  /** Saves a resume point: percentage = time / duration x 100, status Processing (spec 2 §4 Resume). */
  async function saveProgress(
    { customerId }: CustomerAuth,
    rawId: string,
    progress: { time?: number; percentage?: number },
  ) {
    if (progress.time === undefined && progress.percentage === undefined)
      throw apiError(ApiErrorNumber.MissingParameter);
    const row = await repo.getContent(parseId(rawId, ApiErrorNumber.ContentNotFound));
    if (!row) throw apiError(ApiErrorNumber.ContentNotFound);
    const duration = row.duration > 0 ? row.duration : 1;
    const time = Math.min(progress.time ?? ((progress.percentage ?? 0) * duration) / 100, duration);
    const percentage = Math.min(progress.percentage ?? (time / duration) * 100, 100);
    if (progress.percentage !== undefined && progress.percentage > 100) throw apiError(ApiErrorNumber.BadParameter);
    const saved = {
      customer_id: customerId,
      content_id: row.id,
      playback_time: Math.round(time * 1000) / 1000,
      percentage: Math.round(percentage * 100) / 100,
      updated_at: now().toISOString(),
    };
    await favorites.saveProgress(saved);
    return toContent(row, view, saved);
  }

  return {
    async setFavorite({ customerId }: CustomerAuth, type: FavoriteType, rawId: string, isFavorite: boolean) {
      const id = await existingId(type, rawId);
      if (isFavorite) await favorites.addFavorite(customerId, type, id, now().toISOString());
      else await favorites.removeFavorite(customerId, type, id);
      return isFavorite;
    },
    /** False for a visitor (spec 2 §7 is-favorite). */
    async isFavorite({ customer }: VisitorAuth, type: FavoriteType, rawId: string) {
      const id = await existingId(type, rawId);
      return customer !== null && favorites.isFavorite(customer.customerId, type, id);
    },
    favoriteContents: (auth: CustomerAuth) => favoriteContents(auth.customerId),
    favoriteLists: (auth: CustomerAuth) => favoriteLists(auth.customerId),
    async allFavorites({ customerId }: CustomerAuth) {
      const [Contents, ContentLists] = await Promise.all([favoriteContents(customerId), favoriteLists(customerId)]);
      return { Contents, ContentLists };
    },
    saveProgress,
    /** Continue watching, most recent first, with playbackTime and percentage. */
    async contentsProcessing({ customerId }: CustomerAuth): Promise<Content[]> {
      const rows = await repo.listProcessingContents(customerId);
      return rows.map((row) => toContent(row, view, row));
    },
    async logEvent(input: {
      /** The caller's, or null for a visitor: anyone may log an event. */
      customerId: number | null;
      type: string;
      rawId: string;
      platform: string;
      quality?: { event: string; valueMs: number | null; detail: string | null } | undefined;
    }) {
      await favorites.logEvent({
        customer_id: input.customerId,
        content_type: input.type,
        content_type_id: Number(input.rawId),
        platform: input.platform,
        created_at: now().toISOString(),
        event: input.quality?.event ?? null,
        value_ms: input.quality?.valueMs ?? null,
        detail: input.quality?.detail ?? null,
      });
      return true;
    },
  };
}
export type FavoritesService = ReturnType<typeof createFavoritesService>;
