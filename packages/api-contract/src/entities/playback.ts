import { z } from 'zod';

/** spec 2 §3 Adaptive stream; urls are signed and short-lived (ARCHITECTURE decision 3). */
export const adaptiveStreamSchema = z.object({
  url: z.string(),
  type: z.enum(['hls', 'dash', 'video']),
  usage: z.enum(['View', 'Preview']),
  tracks: z.array(z.object({ height: z.number().int(), width: z.number().int(), bitrate: z.number().int() })),
  thumbnails: z.array(z.object({ percent: z.number().int(), time: z.number(), url: z.string() })),
  signingCookies: z.null(),
  contentProtection: z.null(),
  expiresAt: z.string(),
});
export type AdaptiveStream = z.infer<typeof adaptiveStreamSchema>;
