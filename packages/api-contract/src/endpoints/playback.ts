import { z } from 'zod';
import { adaptiveStreamSchema } from '../entities/playback';
import { defineEndpoint } from '../endpoint';

/** spec 2 §7 GET /content/{id}/url/adaptive: entitlement decided here (ARCHITECTURE decision 3). */
export const getContentAdaptiveUrl = defineEndpoint({
  method: 'GET',
  path: '/content/:id/url/adaptive',
  summary: 'Signed stream of a content for View (entitled) or Preview usage',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: z.object({
    product_usage: z.enum(['View', 'Preview']).optional(),
    target: z.enum(['player', 'player_rtmp', 'player_dash', 'player_hls', 'player_html5']).optional(),
    drm_provider: z.string().max(32).optional(),
  }),
  response: z.object({ AdaptiveStream: adaptiveStreamSchema }),
  errors: [4, 20],
});
