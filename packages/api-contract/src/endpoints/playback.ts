import { z } from 'zod';
import { adaptiveStreamSchema } from '../entities/playback';
import { defineEndpoint } from '../endpoint';

/**
 * spec 2 §7 GET /content/{id}/url/adaptive: entitlement decided here (ARCHITECTURE decision 3).
 * A View stream takes one of the account's simultaneous-device places; past the limit the answer
 * is 4 with Reason DevicesLimitReached (spec 1 §6 devices-limit dialog, docs/decisions/018).
 */
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
    /** Beyond the spec: a given airing of a Programme content (replay or start-over, decision 022). */
    schedule_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  response: z.object({ AdaptiveStream: adaptiveStreamSchema }),
  errors: [4, 20],
});

/**
 * spec 2 §7 GET /channel/{id}/url/adaptive: the channel's live stream (HLS or DASH over the
 * same segments, decision 022). Live needs service or replay access (spec 2 §4); Preview is a
 * short excerpt. start_over=1 (beyond the spec) plays the running programme from its start.
 */
export const getChannelAdaptiveUrl = defineEndpoint({
  method: 'GET',
  path: '/channel/:id/url/adaptive',
  summary: 'Signed live stream of a channel for View (entitled) or Preview usage; start-over',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: z.object({
    product_usage: z.enum(['View', 'Preview']).optional(),
    target: z.enum(['player', 'player_rtmp', 'player_dash', 'player_hls', 'player_html5']).optional(),
    drm_provider: z.string().max(32).optional(),
    start_over: z.enum(['0', '1']).optional(),
  }),
  response: z.object({ AdaptiveStream: adaptiveStreamSchema }),
  errors: [4, 22],
});

/**
 * Beyond the spec (docs/decisions/018): the device stopped playing (player closed, page left), so
 * its simultaneous-device place is free at once instead of when its lease runs out.
 */
export const stopPlayback = defineEndpoint({
  method: 'POST',
  path: '/customer/playback/stop',
  summary: "The device stopped playing: its place among the account's simultaneous streams is freed",
  tags: ['playback'],
  body: z.object({}),
  response: z.object({ Success: z.boolean() }),
});
