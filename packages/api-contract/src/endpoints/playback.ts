import { z } from 'zod';
import {
  adaptiveStreamSchema,
  contentUrlSchema,
  downloadDataSchema,
  formatVariantSchema,
  videoTrackSchema,
} from '../entities/playback';
import { contentSchema } from '../entities/catalogue';
import { defineEndpoint } from '../endpoint';

/**
 * spec 2 §7 GET /content/{id}/url/adaptive: entitlement decided here (ARCHITECTURE decision 3).
 * A View stream takes one of the account's simultaneous-device places; past the limit the answer
 * is 4 with Reason DevicesLimitReached (spec 1 §6 devices-limit dialog, docs/decisions/018).
 */
export const getContentAdaptiveUrl = defineEndpoint({
  method: 'GET',
  path: '/content/:id/url/adaptive',
  access: 'visitor',
  summary: 'Signed stream of a content for View (entitled) or Preview usage',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: z.object({
    product_usage: z.enum(['View', 'Preview']).optional(),
    target: z.enum(['player', 'player_rtmp', 'player_dash', 'player_hls', 'player_html5']).optional(),
    drm_provider: z.string().max(32).optional(),
    /** Beyond the spec: a given airing of a Programme content (replay or start-over, decision 022). */
    schedule_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    /** Beyond the spec (decision 059): the proof a right parental code gave for this content. */
    parental_proof: z.string().max(128).optional(),
  }),
  response: z.object({ AdaptiveStream: adaptiveStreamSchema }),
  errors: [4, 20],
});

/**
 * Beyond the spec (decision 044): a content's opening, its first seconds from `start` (the
 * viewer's resume point, or 0) under a short grant that takes no device place, asked when the
 * viewer points at a card, so the press plays from data already decoded. Needs a session and the
 * right to View (else 4, as for /url/adaptive); none for an encrypted content or a programme (4);
 * three of one content per ten minutes unless the session then plays it (4, HTTP 429 beyond).
 * The press still asks /url/adaptive, which takes the place, and the player continues under
 * that grant.
 */
export const getContentOpening = defineEndpoint({
  method: 'GET',
  path: '/content/:id/url/opening',
  access: 'customer',
  summary: 'The first seconds of a content, opened ahead of the press (no device place)',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: z.object({
    target: z.enum(['player', 'player_rtmp', 'player_dash', 'player_hls', 'player_html5']).optional(),
    start: z.coerce.number().min(0).max(86_400).optional(),
  }),
  response: z.object({ AdaptiveStream: adaptiveStreamSchema }),
  errors: [4, 11, 20],
});

/**
 * spec 2 §7 GET /channel/{id}/url/adaptive: the channel's live stream (HLS or DASH over the
 * same segments, decision 022). Live needs service or replay access (spec 2 §4); Preview is a
 * short excerpt. start_over=1 (beyond the spec) plays the running programme from its start.
 */
export const getChannelAdaptiveUrl = defineEndpoint({
  method: 'GET',
  path: '/channel/:id/url/adaptive',
  access: 'visitor',
  summary: 'Signed live stream of a channel for View (entitled) or Preview usage; start-over',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: z.object({
    product_usage: z.enum(['View', 'Preview']).optional(),
    target: z.enum(['player', 'player_rtmp', 'player_dash', 'player_hls', 'player_html5']).optional(),
    drm_provider: z.string().max(32).optional(),
    start_over: z.enum(['0', '1']).optional(),
    /**
     * Beyond the spec (decisions 059, 064): the proof a right parental code gave for the programme
     * on air, which the account's threshold asks for.
     */
    parental_proof: z.string().max(128).optional(),
  }),
  response: z.object({ AdaptiveStream: adaptiveStreamSchema }),
  errors: [4, 22],
});

const usage = z.enum(['View', 'Preview']);
const target = z.enum(['player', 'player_rtmp', 'player_dash', 'player_hls', 'player_html5']);
const streamQuery = z.object({
  product_usage: usage.optional(),
  target: target.optional(),
  /** Beyond the spec (decision 059): the proof a right parental code gave for this content. */
  parental_proof: z.string().max(128).optional(),
});

/**
 * spec 2 §7 GET /content/{id}/url: Content URLs, the adaptive HLS stream (height 0) and one per
 * height (a multivariant playlist of that height with its sound), all under one signed grant.
 * Entitlement as /url/adaptive: View needs access (else 4); Preview is the teaser alone.
 */
export const getContentUrls = defineEndpoint({
  method: 'GET',
  path: '/content/:id/url',
  access: 'visitor',
  summary: 'Signed stream URLs of a content: adaptive (height 0) and one per height',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: streamQuery,
  response: z.object({ ContentUrls: z.array(contentUrlSchema) }),
  errors: [4, 20],
});

/**
 * spec 2 §7 GET /content/{id}/url/tv: the one URL a TV's native player opens, an absolute HLS
 * multivariant playlist that carries its own authority (decision 022); Preview: the teaser.
 */
export const getContentTvUrl = defineEndpoint({
  method: 'GET',
  path: '/content/:id/url/tv',
  access: 'visitor',
  summary: "Absolute signed HLS URL of a content for a TV's native player",
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: streamQuery,
  response: z.object({ ContentUrl: contentUrlSchema }),
  errors: [4, 20],
});

/**
 * spec 2 §7 GET /content/{id}/url/formats: Format variants (one signed HLS stream per height)
 * and Video tracks (the ladder with its codecs) read from the content's packaged clip.
 */
export const getContentFormats = defineEndpoint({
  method: 'GET',
  path: '/content/:id/url/formats',
  access: 'visitor',
  summary: 'Format variants and video tracks of a content',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: streamQuery,
  response: z.object({ FormatVariants: z.array(formatVariantSchema), VideoTracks: z.array(videoTrackSchema) }),
  errors: [4, 20],
});

/**
 * Beyond the spec (decision 057): which content of the list to play. Without it, the one the
 * viewer is at in the list (the first for a new viewer).
 */
const listItem = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/**
 * spec 2 §7 GET /content-list/{id}/url/adaptive: a list plays as one (decision 057). The stream is
 * the content the viewer is at (or content_id), with that content and its progress, so the player
 * resumes it; entitlement and the device place as /content/{id}/url/adaptive (20 for a
 * content_id not in the list or a list with nothing to play).
 */
export const getContentListAdaptiveUrl = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/url/adaptive',
  access: 'visitor',
  summary: 'Signed stream of the content a list plays now, with that content',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: z.object({
    product_usage: usage.optional(),
    target: target.optional(),
    drm_provider: z.string().max(32).optional(),
    content_id: listItem,
    /** Beyond the spec (decision 059): the proof a right parental code gave for the content played. */
    parental_proof: z.string().max(128).optional(),
  }),
  response: z.object({ AdaptiveStream: adaptiveStreamSchema, Content: contentSchema }),
  errors: [4, 20, 21],
});

/** spec 2 §7 GET /content-list/{id}/url: Content URLs of the content the list plays now (decision 057). */
export const getContentListUrls = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/url',
  access: 'visitor',
  summary: 'Signed stream URLs of the content a list plays now, with that content',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: streamQuery.extend({ content_id: listItem }),
  response: z.object({ ContentUrls: z.array(contentUrlSchema), Content: contentSchema }),
  errors: [4, 20, 21],
});

/**
 * spec 2 §7 GET /content-list/{id}/url/tv: the TV URL (an absolute signed HLS playlist, as
 * /content/{id}/url/tv) of the content the list plays now, with that content (decision 057
 * addendum).
 */
export const getContentListTvUrl = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/url/tv',
  access: 'visitor',
  summary: "Absolute signed HLS URL of the content a list plays now, for a TV's native player",
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: streamQuery.extend({ content_id: listItem }),
  response: z.object({ ContentUrl: contentUrlSchema, Content: contentSchema }),
  errors: [4, 20, 21],
});

/**
 * spec 2 §7 GET /content-list/{id}/url/formats: the format variants and video tracks of the
 * content the list plays now, with that content (decision 057 addendum).
 */
export const getContentListFormats = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/url/formats',
  access: 'visitor',
  summary: 'Format variants and video tracks of the content a list plays now, with that content',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: streamQuery.extend({ content_id: listItem }),
  response: z.object({
    FormatVariants: z.array(formatVariantSchema),
    VideoTracks: z.array(videoTrackSchema),
    Content: contentSchema,
  }),
  errors: [4, 20, 21],
});

/** spec 2 §5 allowed heights; a download's quality is one of them (default 1080, spec 2 §9). */
const quality = z.enum(['270', '360', '480', '720', '1080', '1440', '2160']);
const downloadQuery = z.object({
  /** View, or the spec's Download usage (spec 2 §3); Preview has nothing to download (4). */
  product_usage: z.enum(['View', 'Download', 'Preview']).optional(),
  target: target.optional(),
  quality: quality.optional(),
  /** One profile today: H.264 and AAC in fragmented MP4 (docs/decisions/023). */
  encoding_profile: z.enum(['default', 'mp4']).optional(),
});

/**
 * spec 2 §7 GET /content/{id}/download: the content as one MP4 file (picture and sound) at the
 * tallest height at or under `quality`, with its real size and MD5 and a short signed URL
 * (docs/decisions/023). Only View with access (else 4).
 */
export const getContentDownload = defineEndpoint({
  method: 'GET',
  path: '/content/:id/download',
  access: 'visitor',
  summary: 'Download data of a content: one signed MP4 file with its size and MD5',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: downloadQuery.extend({
    /**
     * Beyond the spec (decision 059): the proof a right parental code gave for this content, as
     * the stream calls take it. /contents/download takes none: a proof opens one content only.
     */
    parental_proof: z.string().max(128).optional(),
  }),
  response: z.object({ DownloadData: downloadDataSchema }),
  errors: [4, 20],
});

/**
 * spec 2 §7 GET /content-list/{id}/download: the download data of the content the list plays now
 * (or content_id), with that content (decision 057 addendum): a list downloads one content at a
 * time, as it plays; /contents/download takes several.
 */
export const getContentListDownload = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/download',
  access: 'visitor',
  summary: 'Download data of the content a list plays now, with that content',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: downloadQuery.extend({
    content_id: listItem,
    /** Beyond the spec (decision 059): the proof a right parental code gave for the content. */
    parental_proof: z.string().max(128).optional(),
  }),
  response: z.object({ DownloadData: downloadDataSchema, Content: contentSchema }),
  errors: [4, 20, 21],
});

/** At most this many contents per /contents/download call (a season, a list). */
const MAX_DOWNLOAD_CONTENTS = 50;

/**
 * spec 2 §7 GET /contents/download: download data of a list of contents (`contents`, ids
 * separated by commas, at most 50). Each content that cannot be downloaded is listed in
 * Unavailable with its error (20 not found, 4 forbidden) instead of failing the others.
 */
export const getContentsDownload = defineEndpoint({
  method: 'GET',
  path: '/contents/download',
  access: 'visitor',
  summary: 'Download data of several contents',
  tags: ['playback'],
  query: downloadQuery.extend({
    contents: z.string().regex(new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${MAX_DOWNLOAD_CONTENTS - 1}}$`)),
  }),
  response: z.object({
    Downloads: z.array(downloadDataSchema),
    Unavailable: z.array(
      z.object({ contentID: z.number().int(), Error: z.object({ Number: z.number().int(), Message: z.string() }) }),
    ),
  }),
});

/**
 * spec 2 §7 GET /channel/{id}/url: Content URLs of a channel, its live HLS multivariant
 * playlist (height 0) and one per height, under the live grant (decision 022). Entitlement as
 * /channel/{id}/url/adaptive.
 */
export const getChannelUrls = defineEndpoint({
  method: 'GET',
  path: '/channel/:id/url',
  access: 'visitor',
  summary: 'Signed live stream URLs of a channel: adaptive (height 0) and one per height',
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: streamQuery,
  response: z.object({ ContentUrls: z.array(contentUrlSchema) }),
  errors: [4, 22],
});

/**
 * Beyond the spec (docs/decisions/018): the device stopped playing (player closed, page left), so
 * its simultaneous-device place is free at once instead of when its lease runs out.
 */
export const stopPlayback = defineEndpoint({
  method: 'POST',
  path: '/customer/playback/stop',
  access: 'visitor',
  summary: "The device stopped playing: its place among the account's simultaneous streams is freed",
  tags: ['playback'],
  body: z.object({}),
  response: z.object({ Success: z.boolean() }),
});

/**
 * spec 2 §7 /live-event/... streams: a running event plays its channel live; a past
 * one its replay when contentID > 0 (spec 2 §3); a pending one its countdown media by type
 * (Video: the teaser; Stream: the channel; Image has none: 7 like a past event without replay).
 */
export const getLiveEventAdaptiveUrl = defineEndpoint({
  method: 'GET',
  path: '/live-event/:id/url/adaptive',
  access: 'visitor',
  summary: "A live event's stream: live while it runs, its replay after, its countdown media before",
  tags: ['playback'],
  params: z.object({ id: z.string() }),
  query: z.object({
    product_usage: z.enum(['View', 'Preview']).optional(),
    target: z.enum(['player', 'player_rtmp', 'player_dash', 'player_hls', 'player_html5']).optional(),
    drm_provider: z.string().max(32).optional(),
  }),
  response: z.object({ AdaptiveStream: adaptiveStreamSchema }),
  errors: [4, 7, 20, 22, 100],
});
