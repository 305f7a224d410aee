import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import type { Access } from '@playz/domain';
import { registerEndpoint } from '../../lib/register-endpoint';
import { contentUrlsOf } from '../playback/hls-variants';
import type { LiveStreams } from './live-streams.service';
import type { LiveEventStreams } from './live-event-streams';

/** The live stream calls of spec 2 §7. */
export function registerLiveRoutes(
  api: FastifyInstance,
  deps: {
    streams: LiveStreams;
    accessOf: (session: { id: string; customerId: number } | null) => Promise<readonly Access[]>;
    checkResponses: boolean;
  },
) {
  registerEndpoint(
    api,
    endpoints.getChannelAdaptiveUrl,
    async ({ params, query, request }) => ({
      AdaptiveStream: await deps.streams.channelStream({
        rawId: params.id,
        usage: query.product_usage ?? 'View',
        target: query.target,
        access: await deps.accessOf(request.session),
        session: request.session,
        startOver: query.start_over === '1',
      }),
    }),
    { checkResponses: deps.checkResponses },
  );
  // spec 2 §7 /channel/{id}/url: the live HLS stream's URLs, adaptive and per height (decision 023).
  registerEndpoint(
    api,
    endpoints.getChannelUrls,
    async ({ params, query, request }) => ({
      ContentUrls: contentUrlsOf(
        await deps.streams.channelStream({
          ...{ rawId: params.id, usage: query.product_usage ?? 'View', target: 'player_hls' },
          ...{ access: await deps.accessOf(request.session), session: request.session, startOver: false },
        }),
      ),
    }),
    { checkResponses: deps.checkResponses },
  );
}

/** spec 2 §7 /live-event/... streams (live-event-streams.ts). */
export function registerLiveEventRoutes(
  api: FastifyInstance,
  deps: {
    liveEventStream: LiveEventStreams['liveEventStream'];
    accessOf: (session: { id: string; customerId: number } | null) => Promise<readonly Access[]>;
    checkResponses: boolean;
  },
) {
  registerEndpoint(
    api,
    endpoints.getLiveEventAdaptiveUrl,
    async ({ params, query, request }) => ({
      AdaptiveStream: await deps.liveEventStream({
        rawId: params.id,
        usage: query.product_usage ?? 'View',
        target: query.target,
        access: await deps.accessOf(request.session),
        session: request.session,
        drmProvider: query.drm_provider,
      }),
    }),
    { checkResponses: deps.checkResponses },
  );
}
