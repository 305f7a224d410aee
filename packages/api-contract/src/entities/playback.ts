import { z } from 'zod';

/**
 * spec 2 §3 DRM content protection and §7 DRM licence step: the player posts ContentAccessMode,
 * ContentSecurityID and UsageContext to DrmLicenseTokenUrl, then appends the token it gets to
 * DrmLicenseUrl (decision 024).
 */
export const contentProtectionSchema = z.object({
  Provider: z.string(),
  DrmType: z.enum(['ClearKey', 'Widevine', 'FairPlay']),
  DrmLicenseUrl: z.string(),
  DrmLicenseTokenUrl: z.string(),
  DrmCertificateUrl: z.string().nullable(),
  ContentAccessMode: z.enum(['View', 'Preview']),
  ContentSecurityID: z.string(),
  UsageContext: z.string(),
});
export type ContentProtection = z.infer<typeof contentProtectionSchema>;

/** spec 2 §3 Adaptive stream; urls are signed and short-lived (ARCHITECTURE decision 3). */
export const adaptiveStreamSchema = z.object({
  url: z.string(),
  type: z.enum(['hls', 'dash', 'video']),
  usage: z.enum(['View', 'Preview']),
  tracks: z.array(z.object({ height: z.number().int(), width: z.number().int(), bitrate: z.number().int() })),
  thumbnails: z.array(z.object({ percent: z.number().int(), time: z.number(), url: z.string() })),
  signingCookies: z.null(),
  contentProtection: contentProtectionSchema.nullable(),
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

/**
 * spec 2 §3 Content URLs: url and height pairs. Height 0 is the adaptive stream (the quality
 * selector's Auto); the others play one height with its sound (docs/decisions/023).
 */
export const contentUrlSchema = z.object({ url: z.string(), height: z.number().int() });
export type ContentUrl = z.infer<typeof contentUrlSchema>;

/** spec 2 §3 Format variant: one height's signed stream (`hls`), or the teaser (`video`). */
export const formatVariantSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bits per second of the variant (picture and sound), as its playlist declares. */
  bitrate: z.number().int(),
  type: z.enum(['hls', 'dash', 'video']),
});
export type FormatVariant = z.infer<typeof formatVariantSchema>;

/**
 * spec 2 §3 Video track, as a player lists them: trackId is the ladder's stream number, codecs
 * the RFC 6381 list of the variant (picture, sound), active the one an Auto start plays first.
 */
export const videoTrackSchema = z.object({
  trackId: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  bitrate: z.number().int(),
  codecs: z.string(),
  active: z.boolean(),
});
export type VideoTrack = z.infer<typeof videoTrackSchema>;

/**
 * spec 2 §3 Download data: one MP4 file (picture and sound) of the content's rendition at or
 * under the quality asked for, its real size and MD5, and a short signed URL (docs/decisions/023).
 * contentID, height and expiresAt are beyond the spec.
 */
export const downloadDataSchema = z.object({
  contentID: z.number().int(),
  type: z.enum(['video']),
  mimeType: z.string(),
  downloadUrl: z.string(),
  filesize: z.number().int(),
  md5: z.string().regex(/^[0-9a-f]{32}$/),
  /** The content status vocabulary (spec 2 §4): Done, the file is whole and ready. */
  status: z.enum(['Done']),
  height: z.number().int(),
  expiresAt: z.string(),
});
export type DownloadData = z.infer<typeof downloadDataSchema>;
