import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';
import { CATALOGUE_LANGUAGES } from './catalogue';

// Subtitles and protection of an uploaded content (decision 114): a subtitle file sent from the
// console, put into the content's HLS and DASH manifests by a queued packaging job, and the
// content marked protected, its CMAF encrypted (ClearKey, decision 024) by the same job.

/** The largest subtitle file taken (a feature film's SubRip is 50 to 150 kB), checked on the bytes. */
export const SUBTITLE_MAX_BYTES = 2 ** 20;

/** The languages a subtitle may be in: the viewers' apps' (spec 2). */
export const SUBTITLE_LANGUAGES = CATALOGUE_LANGUAGES;

/**
 * The largest audio file taken (decision 114): a film's sound sent as the JSON body's base64, so
 * bounded like a picture rather than a video (a 2 h stereo AAC at 64 kbit/s is about 58 MiB).
 */
export const AUDIO_MAX_BYTES = 64 * 2 ** 20;

const TrackState = z.enum(['queued', 'processing', 'ready', 'failed', 'removing']);
export type ContentTrackState = z.infer<typeof TrackState>;

const TrackSchema = z.object({
  id: z.string(),
  kind: z.enum(['subtitle', 'audio']),
  language: z.string(),
  label: z.string(),
  /** The packaging job's state for this track: in the viewers' manifests once `ready`. */
  state: TrackState,
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type AdminContentTrack = z.infer<typeof TrackSchema>;

const PackagingSchema = z.object({
  /** An editor marked the content protected: its segments are encrypted once the job is done. */
  protected: z.boolean(),
  /** What the viewers play now is the encrypted copy. */
  protectedLive: z.boolean(),
  /** The packaging job: `ready` when what viewers play is what the editor asked for. */
  state: z.enum(['ready', 'queued', 'processing', 'failed']),
  progress: z.number().int(),
  error: z.string().nullable(),
});

const TracksAnswer = z.object({ tracks: z.array(TrackSchema), packaging: PackagingSchema });
export type AdminContentTracks = z.infer<typeof TracksAnswer>;

const ContentParams = z.object({ id: z.coerce.number().int().positive() });

export const getContentTracks = defineAdminEndpoint({
  method: 'GET',
  path: '/catalogue/contents/:id/tracks',
  access: 'staff',
  roles: ['editor'],
  summary: 'An uploaded content’s subtitles and protection, with the packaging job’s state (polled while it runs)',
  params: ContentParams,
  response: TracksAnswer,
});

export const addContentSubtitle = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/contents/:id/subtitles',
  access: 'staff',
  roles: ['editor'],
  summary:
    'Adds a subtitle (WebVTT or SubRip, read from its bytes, SubRip made WebVTT) to an uploaded content; the packaging job puts it in the HLS and DASH manifests (decision 114, audited)',
  params: ContentParams,
  // The file as base64 (a third more than its bytes), with room for the JSON around it.
  bodyLimit: Math.ceil((SUBTITLE_MAX_BYTES * 4) / 3) + 4096,
  body: z.object({
    language: z.enum(SUBTITLE_LANGUAGES),
    label: z.string().trim().max(40).default(''),
    data: z.base64().max(Math.ceil((SUBTITLE_MAX_BYTES * 4) / 3) + 4),
  }),
  response: TracksAnswer,
});

export const addContentAudio = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/contents/:id/audio',
  access: 'staff',
  roles: ['editor'],
  summary:
    'Adds an audio language (an audio file, or a video whose sound is taken, read by ffprobe) to an uploaded content; the packaging job encodes it to AAC and adds it to the HLS and DASH manifests (decision 114, audited)',
  params: ContentParams,
  bodyLimit: Math.ceil((AUDIO_MAX_BYTES * 4) / 3) + 4096,
  body: z.object({
    language: z.enum(SUBTITLE_LANGUAGES),
    label: z.string().trim().max(40).default(''),
    data: z.base64().max(Math.ceil((AUDIO_MAX_BYTES * 4) / 3) + 4),
  }),
  response: TracksAnswer,
});

export const removeContentTrack = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/contents/:id/tracks/:trackId/remove',
  access: 'staff',
  roles: ['editor'],
  summary:
    'Takes a subtitle or an audio language out of an uploaded content’s manifests through the packaging job (audited)',
  params: z.object({ id: z.coerce.number().int().positive(), trackId: z.string().regex(/^[a-f0-9]{16}$/) }),
  response: TracksAnswer,
});

export const setContentProtection = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/contents/:id/protection',
  access: 'staff',
  roles: ['editor'],
  summary:
    'Marks an uploaded content protected (its CMAF encrypted by the packaging job, keys served only to entitled viewers) or clear again (decision 114, audited)',
  params: ContentParams,
  body: z.object({ protected: z.boolean() }),
  response: TracksAnswer,
});
