import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import type { Access } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { ParentalGate } from '../playback';
import { registerEndpoint } from '../../lib/register-endpoint';
import { contentUrlsOf } from '../../streaming/hls-variants';
import type { LiveStreams } from './live-streams.service';
import type { LiveEventStreams } from './live-event-streams';

type AccessOfSession = (session: { id: string; customerId: number } | null) => Promise<readonly Access[]>;
type ParentalGateOf = (caller: CustomerAuth | null, proof: string | undefined) => Promise<ParentalGate | null>;

/** Who asks (null for a visitor) and what they may watch. */
const viewerOf = async (accessOf: AccessOfSession, customer: CustomerAuth | null) => ({
  access: await accessOf(customer && { id: customer.sessionId, customerId: customer.customerId }),
  customer,
});

/** The live stream calls of spec 2 §7. */
export function registerLiveRoutes(
  api: FastifyInstance,
  deps: {
    streams: LiveStreams;
    accessOf: AccessOfSession;
    /** The account's parental code before a programme on air at or above its threshold (decision 064). */
    parentalGateOf: ParentalGateOf;
    checkResponses: boolean;
  },
) {
  registerEndpoint(
    api,
    endpoints.getChannelAdaptiveUrl,
    async ({ auth, params, query }) => ({
      AdaptiveStream: await deps.streams.channelStream({
        rawId: params.id,
        usage: query.product_usage ?? 'View',
        target: query.target,
        ...(await viewerOf(deps.accessOf, auth.customer)),
        startOver: query.start_over === '1',
        parental: await deps.parentalGateOf(auth.customer, query.parental_proof),
      }),
    }),
    { checkResponses: deps.checkResponses },
  );
  // spec 2 §7 /channel/{id}/url: the live HLS stream's URLs, adaptive and per height (decision 023).
  registerEndpoint(
    api,
    endpoints.getChannelUrls,
    async ({ auth, params, query }) => ({
      ContentUrls: contentUrlsOf(
        await deps.streams.channelStream({
          ...{ rawId: params.id, usage: query.product_usage ?? 'View', target: 'player_hls' },
          ...{ ...(await viewerOf(deps.accessOf, auth.customer)), startOver: false },
          parental: await deps.parentalGateOf(auth.customer, query.parental_proof),
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
    accessOf: AccessOfSession;
    checkResponses: boolean;
  },
) {
  registerEndpoint(
    api,
    endpoints.getLiveEventAdaptiveUrl,
    async ({ auth, params, query }) => ({
      AdaptiveStream: await deps.liveEventStream({
        rawId: params.id,
        usage: query.product_usage ?? 'View',
        target: query.target,
        ...(await viewerOf(deps.accessOf, auth.customer)),
        drmProvider: query.drm_provider,
      }),
    }),
    { checkResponses: deps.checkResponses },
  );
}
