import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { FavoritesService } from './favorites.service';
import { isKids, kidsOnly } from './kids-filter';

/** Customer-linked catalogue calls (spec 2 §7): favourites, continue watching, resume, event log. */
export function registerFavoritesRoutes(
  app: FastifyInstance,
  deps: { favorites: FavoritesService; checkResponses: boolean },
) {
  const { favorites } = deps;
  const opts = { checkResponses: deps.checkResponses };
  registerEndpoint(
    app,
    endpoints.setContentFavorite,
    async ({ auth, params, query }) => ({
      IsFavorite: await favorites.setFavorite(auth, 'Content', params.id, query.is_favorite === '1'),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.isContentFavorite,
    async ({ auth, params }) => ({
      IsFavorite: await favorites.isFavorite(auth, 'Content', params.id),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentFavorites,
    // A kids profile lists only the favourites that suit it (decision 059).
    async ({ auth }) => ({ Collection: kidsOnly(await favorites.favoriteContents(auth), isKids(auth)) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setContentListFavorite,
    async ({ auth, params, query }) => ({
      IsFavorite: await favorites.setFavorite(auth, 'ContentList', params.id, query.is_favorite === '1'),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.isContentListFavorite,
    async ({ auth, params }) => ({
      IsFavorite: await favorites.isFavorite(auth, 'ContentList', params.id),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentListFavorites,
    async ({ auth }) => ({ ContentLists: kidsOnly(await favorites.favoriteLists(auth), isKids(auth)) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getCustomerFavorites,
    async ({ auth }) => {
      const { Contents, ContentLists } = await favorites.allFavorites(auth);
      return {
        Favorites: { Contents: kidsOnly(Contents, isKids(auth)), ContentLists: kidsOnly(ContentLists, isKids(auth)) },
      };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentsProcessing,
    async ({ auth }) => ({ ContentsProcessing: kidsOnly(await favorites.contentsProcessing(auth), isKids(auth)) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setContentPlaybackStatus,
    async ({ auth, params, query }) => ({
      Content: await favorites.saveProgress(auth, params.id, { time: Number(query.playback_time) }),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setEpisodePlaybackStatus,
    async ({ auth, params, query }) => {
      const time = query.playbackTime ?? query.playback_time;
      const progress = { time: time === undefined ? undefined : Number(time) };
      return { Content: await favorites.saveProgress(auth, params.id, progress) };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setEpisodePercentage,
    async ({ auth, params, query }) => ({
      Content: await favorites.saveProgress(auth, params.id, { percentage: Number(query.percentage) }),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.logEvent,
    async ({ auth, body, request }) => ({
      Success: await favorites.logEvent({
        customerId: auth.customer?.customerId ?? null,
        type: body.content_type,
        rawId: body.content_type_id,
        platform: request.common.platform,
        quality: body.event
          ? { event: body.event, valueMs: body.value_ms ?? null, detail: body.detail ?? null }
          : undefined,
      }),
    }),
    opts,
  );
}
