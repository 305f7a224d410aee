import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { AccountsService } from '../accounts/accounts.service';
import type { PlaybackService } from './playback.service';

export function registerPlaybackRoutes(
  app: FastifyInstance,
  deps: { playback: PlaybackService; accounts: AccountsService; checkResponses: boolean },
) {
  registerEndpoint(
    app,
    endpoints.getContentAdaptiveUrl,
    async ({ params, query, request }) => {
      const customer = request.session ? await deps.accounts.customerById(request.session.customerId) : null;
      const AdaptiveStream = await deps.playback.getAdaptiveStream({
        rawId: params.id,
        usage: query.product_usage ?? 'View',
        target: query.target,
        access: customer?.productAccess ?? [],
        session: request.session,
        scheduleId: query.schedule_id,
      });
      return { AdaptiveStream };
    },
    { checkResponses: deps.checkResponses },
  );
}
