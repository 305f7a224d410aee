import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { FavoritesService } from './favorites.service';

/** Customer-linked catalogue calls (spec 2 §7): favourites, continue watching, resume, event log. */
export function registerFavoritesRoutes(
  app: FastifyInstance,
  deps: { favorites: FavoritesService; checkResponses: boolean },
) {
  const { favorites } = deps;
  const opts = { checkResponses: deps.checkResponses };
  const customerOf = (request: { session: { customerId: number } | null }) => request.session?.customerId ?? null;

  registerEndpoint(
    app,
    endpoints.setContentFavorite,
    async ({ params, query, request }) => ({
      IsFavorite: await favorites.setFavorite(customerOf(request), 'Content', params.id, query.is_favorite === '1'),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.isContentFavorite,
    async ({ params, request }) => ({
      IsFavorite: await favorites.isFavorite(customerOf(request), 'Content', params.id),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentFavorites,
    async ({ request }) => ({ Collection: await favorites.favoriteContents(customerOf(request)) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setContentListFavorite,
    async ({ params, query, request }) => ({
      IsFavorite: await favorites.setFavorite(customerOf(request), 'ContentList', params.id, query.is_favorite === '1'),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.isContentListFavorite,
    async ({ params, request }) => ({
      IsFavorite: await favorites.isFavorite(customerOf(request), 'ContentList', params.id),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentListFavorites,
    async ({ request }) => ({ ContentLists: await favorites.favoriteLists(customerOf(request)) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getCustomerFavorites,
    async ({ request }) => ({ Favorites: await favorites.allFavorites(customerOf(request)) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentsProcessing,
    async ({ request }) => ({ ContentsProcessing: await favorites.contentsProcessing(customerOf(request)) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setContentPlaybackStatus,
    async ({ params, query, request }) => ({
      Content: await favorites.saveProgress(customerOf(request), params.id, { time: Number(query.playback_time) }),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setEpisodePlaybackStatus,
    async ({ params, query, request }) => {
      const time = query.playbackTime ?? query.playback_time;
      const progress = { time: time === undefined ? undefined : Number(time) };
      return { Content: await favorites.saveProgress(customerOf(request), params.id, progress) };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setEpisodePercentage,
    async ({ params, query, request }) => ({
      Content: await favorites.saveProgress(customerOf(request), params.id, { percentage: Number(query.percentage) }),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.logEvent,
    async ({ body, request }) => ({
      Success: await favorites.logEvent({
        customerId: customerOf(request),
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
