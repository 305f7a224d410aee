import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { ListPlayback } from './list-playback';

/**
 * The catalogue's part of the /content-list/{id} family (spec 2 §7, decision 057): related,
 * frames and playback/status. Its stream calls are playback's.
 */
export function registerListPlaybackRoutes(
  app: FastifyInstance,
  deps: { lists: ListPlayback; checkResponses: boolean },
) {
  const { lists } = deps;
  const opts = { checkResponses: deps.checkResponses };
  registerEndpoint(
    app,
    endpoints.getContentListRelated,
    async ({ auth, params }) => ({ Collection: await lists.related(params.id, auth.customer) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentListFrames,
    async ({ auth, params }) => ({ Frames: await lists.frames(params.id, auth.customer) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setContentListPlaybackStatus,
    async ({ auth, params, query }) => ({
      Content: await lists.saveProgress(auth, params.id, Number(query.playback_time)),
    }),
    opts,
  );
}
