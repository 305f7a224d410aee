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
  /**
   * Beyond the spec (docs/decisions/022): which part of a channel's timeline the stream covers,
   * null for a VOD. live follows the clock; startover runs from the programme's start to the
   * live edge; replay and preview are closed.
   */
  window: z.enum(['live', 'startover', 'replay', 'preview']).nullable().optional(),
  /** The airing a startover, replay or programme preview plays. */
  programme: z
    .object({
      scheduleID: z.number().int(),
      contentID: z.number().int(),
      channelID: z.number().int(),
      dateScheduled: z.string(),
      duration: z.number(),
    })
    .nullable()
    .optional(),
});
export type AdaptiveStream = z.infer<typeof adaptiveStreamSchema>;
