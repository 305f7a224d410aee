import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * Beyond the spec (decision 070): a grant for a Cast receiver's resume reports, scoped to one
 * content and short-lived, so the receiver never holds the viewer's session.
 */
export const createCastToken = defineEndpoint({
  method: 'POST',
  path: '/customer/cast/token',
  access: 'customer',
  summary: 'A short-lived grant for a Cast receiver to save the resume point of one content',
  tags: ['playback'],
  body: z.object({ content_id: z.string().regex(/^\d{1,10}$/) }),
  response: z.object({
    CastToken: z.object({
      token: z.string(),
      /** ISO 8601: after it the receiver's reports are refused (4). */
      expiresAt: z.string(),
      /** The absolute address of setCastPlaybackStatus, for a receiver of another origin. */
      statusUrl: z.string(),
    }),
  }),
  errors: [11, 20],
});

/**
 * Beyond the spec (decision 070): a Cast receiver saves the resume point with the grant it was
 * given, sent as `Authorization: Bearer <token>` (never a cookie). Answers CORS to any origin
 * without credentials, its preflight included; no session is read.
 */
export const setCastPlaybackStatus = defineEndpoint({
  method: 'POST',
  path: '/cast/playback/status',
  access: 'stream-grant',
  summary: 'Saves the resume point reported by a Cast receiver, with its cast grant',
  tags: ['playback'],
  body: z.object({ playback_time: z.string().regex(/^\d{1,7}(\.\d{1,3})?$/) }),
  response: z.object({ Success: z.boolean() }),
  errors: [2, 3, 4],
});
