import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * spec 2 §7 DRM licence step: a JSON post to the token URL (the stream's DrmLicenseTokenUrl,
 * which carries the stream's grant) with contentAccessMode, contentSecurityId and usageContext;
 * the token in the reply goes on the licence request. Single-use and short-lived (decision 024).
 */
export const getDrmLicenseToken = defineEndpoint({
  method: 'POST',
  path: '/drm/token',
  access: 'stream-grant',
  summary: 'A single-use licence token for an entitled stream (ClearKey demo; proxies for Widevine, FairPlay)',
  tags: ['playback'],
  query: z.object({ grant: z.string().min(1).max(600) }),
  body: z.object({
    contentAccessMode: z.enum(['View', 'Preview']),
    contentSecurityId: z.string().regex(/^[0-9a-f]{32}$/),
    usageContext: z.string().max(40).optional(),
  }),
  response: z.object({ Token: z.string(), ExpiresAt: z.string() }),
  errors: [4],
});
