import { z } from 'zod';

export const imagesSchema = z.object({
  landscape: z.string().nullable(),
  portrait: z.string().nullable(),
  /** A wide picture without text, for heroes and player posters where the title is set in HTML. */
  backdrop: z.string().nullable(),
});

/** spec 2 §3 Content. Urls are site-relative so any host or CDN prefix works. */
export const contentSchema = z.object({
  contentID: z.number().int(),
  contentListID: z.number().int().nullable(),
  channelID: z.number().int().nullable(),
  provider: z.string(),
  providerID: z.string().nullable(),
  contentType: z.enum(['Film', 'Episode', 'Clip', 'Programme']),
  enabled: z.boolean(),
  title: z.string(),
  description: z.string(),
  shareUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  images: imagesSchema,
  duration: z.number(),
  aspectRatio: z.string(),
  expirationDate: z.string().nullable(),
  status: z.enum(['Pending', 'Processing', 'Done']).nullable(),
  playbackTime: z.number().nullable(),
  percentage: z.number().nullable(),
  metadata: z.record(z.string(), z.union([z.string(), z.number()])),
  productPriceID: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  slug: z.string(),
  /**
   * An episode's series, and the slugs of its series and season (the season is contentListID):
   * the episode player route names all of them (spec 2 §2). Null for every other content.
   */
  seriesID: z.number().int().nullable(),
  seriesSlug: z.string().nullable(),
  seasonSlug: z.string().nullable(),
  /**
   * Beyond the spec (decision 059): the age it is rated for on the French scale, 0 for tous
   * publics, then 10, 12, 16 or 18 ("-12"). The server always sends it.
   */
  rating: z.number().int().optional(),
});
export type Content = z.infer<typeof contentSchema>;

/** spec 2 §3 Content list (Default, Series, Season). */
export const contentListSchema = z.object({
  ID: z.number().int(),
  name: z.string(),
  type: z.enum(['Default', 'Series', 'Season']),
  description: z.string(),
  images: imagesSchema,
  metadata: z.record(z.string(), z.union([z.string(), z.number()])),
  previewUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  channelID: z.number().int().nullable(),
  parentID: z.number().int().nullable(),
  number: z.number().int().nullable(),
  contentsCount: z.number().int(),
  slug: z.string(),
  contents: z.array(contentSchema),
  /** Beyond the spec (decision 059): a series' or season's age rating, as a content's. */
  rating: z.number().int().optional(),
});
export type ContentList = z.infer<typeof contentListSchema>;

export const seasonSummarySchema = contentListSchema.omit({ contents: true });

/** spec 2 §3 Series teasers: a short video of the series or of one of its seasons (decision 058). */
export const teaserSchema = z.object({
  /** The season it presents; null for the series as a whole. */
  seasonID: z.number().int().nullable(),
  name: z.string(),
  url: z.string(),
  posterUrl: z.string().nullable(),
});

export type Teaser = z.infer<typeof teaserSchema>;

export const seriesSchema = contentListSchema.extend({
  seasons: z.array(seasonSummarySchema),
  /** spec 2 §3 "Series adds teasers": answered by /series/{id}, each video once (decision 058). */
  teasers: z.array(teaserSchema).optional(),
});
export type Series = z.infer<typeof seriesSchema>;

/** spec 2 §3 Channel schedule entry. */
export const scheduleSchema = z.object({
  /** Beyond the spec: the airing's id, to replay it (content url schedule_id, decision 022). */
  scheduleID: z.number().int(),
  dateScheduled: z.string(),
  duration: z.number(),
  content: contentSchema,
});

/** spec 2 §3 Channel. */
export const channelSchema = z.object({
  channelID: z.number().int(),
  channelType: z.enum(['Playlist', 'Stream']),
  provider: z.string(),
  providerID: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  locale: z.string(),
  genre: z.string(),
  shareUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  images: imagesSchema,
  slug: z.string(),
  /** Live stream of a Stream channel (M3U import); a Playlist channel plays its programmes. */
  url: z.string().nullable().optional(),
  currentContent: contentSchema.nullable(),
  schedules: z.array(scheduleSchema),
  /**
   * Beyond the spec (decision 022): a Stream channel fed by the service's own encoder is down
   * while the encoder is; the player shows it unavailable instead of failing to load.
   */
  streamState: z.enum(['live', 'down']).nullable().optional(),
  /**
   * spec 2 §3 Channel playlist, answered by /channel/{id} (decision 058): what a Playlist channel
   * plays from now over the next 24 hours, each content once, in airing order; null for a Stream
   * channel, whose `url` is its stream.
   */
  playlist: z.array(contentSchema).nullable().optional(),
  /** spec 2 §3 Channel contents, answered by /channel/{id} (decision 058): the channel's own contents. */
  contents: z.array(contentSchema).optional(),
});
export type Channel = z.infer<typeof channelSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;

/** spec 2 §3 Content collection item (typed). */
export const collectionItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Content'), Content: contentSchema }),
  z.object({ type: z.literal('ContentList'), ContentList: contentListSchema.omit({ contents: true }) }),
  z.object({
    type: z.literal('ContentCollection'),
    ContentCollection: z.object({ ID: z.number().int(), name: z.string() }),
  }),
  z.object({ type: z.literal('Category'), Category: z.object({ ID: z.number().int(), name: z.string() }) }),
]);

export const contentCollectionSchema = z.object({
  ID: z.number().int(),
  name: z.string(),
  channelID: z.number().int().nullable(),
  items: z.array(collectionItemSchema),
});
export type ContentCollection = z.infer<typeof contentCollectionSchema>;

/** spec 2 §3 Page row: data holds one of the named payloads. */
export const pageRowSchema = z.object({
  rowType: z.string(),
  typeID: z.number().int().nullable(),
  style: z.enum(['Default', 'Landscape', 'Portrait', 'Rounded']),
  title: z.string(),
  data: z
    .object({
      Channels: z.array(channelSchema.omit({ schedules: true })).optional(),
      ContentCollection: contentCollectionSchema.optional(),
      ContentList: contentListSchema.optional(),
      Series: z.array(contentListSchema.omit({ contents: true })).optional(),
      Collection: z.array(contentSchema).optional(),
      Favorites: z.array(contentSchema).optional(),
      ContentsProcessing: z.array(contentSchema).optional(),
    })
    .nullable(),
});
export type PageRow = z.infer<typeof pageRowSchema>;

/** spec 2 §3 Category: the spec shows an id and a name; the detail call adds its contents. */
export const categorySchema = z.object({ ID: z.number().int(), name: z.string(), slug: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoryDetailSchema = categorySchema.extend({ contents: z.array(contentSchema) });

/** spec 2 §3 Character: an id and a name; the detail call adds the contents they appear in. */
export const characterSchema = z.object({
  ID: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  contentListID: z.number().int().nullable(),
});
export type Character = z.infer<typeof characterSchema>;
export const characterDetailSchema = characterSchema.extend({ contents: z.array(contentSchema) });

/** spec 2 §3 Game: ID, name, url, preview. */
export const gameSchema = z.object({
  ID: z.number().int(),
  name: z.string(),
  url: z.string(),
  preview: z.string().nullable(),
});
export type Game = z.infer<typeof gameSchema>;

/** spec 2 §3 Live event, with its state (spec 2 §4) computed by @playz/domain liveEventState. */
export const liveEventSchema = z.object({
  liveEventID: z.number().int(),
  channelID: z.number().int().nullable(),
  contentID: z.number().int(),
  name: z.string(),
  description: z.string(),
  descriptionSections: z.array(z.object({ title: z.string(), text: z.string() })),
  locationName: z.string().nullable(),
  locationAddress: z.string().nullable(),
  dateScheduled: z.string(),
  duration: z.number(),
  shareUrl: z.string(),
  qrCodeUrl: z.string().nullable(),
  teaserUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  images: imagesSchema,
  productPriceID: z.number().int().nullable(),
  countdownSeconds: z.number().int(),
  countdownType: z.enum(['Image', 'Video', 'Stream']),
  state: z.enum(['Pending', 'Processing', 'Past']),
  /** A live event has a replay when contentID is above 0 (spec 2 §3). */
  hasReplay: z.boolean(),
  slug: z.string(),
  channel: channelSchema.omit({ schedules: true }).nullable(),
  content: contentSchema.nullable(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * A live event's qrCodeUrl (spec 2 §3): a PNG, not an envelope call, encoding the event's
 * shareUrl so a phone held up to the screen opens its public page. Cacheable (ETag, 1 hour);
 * an unknown event answers the envelope with error 100.
 *
 *   GET /api/1.2/live-event/{id}/qr-code.png  ->  200 image/png | 304 | 404 envelope
 */
export const liveEventQrCodePath = (liveEventID: number) => `/api/1.2/live-event/${liveEventID}/qr-code.png`;

/** spec 2 §3 Frame: a seek-bar picture of a content. */
export const frameSchema = z.object({ index: z.number().int(), time: z.number(), url: z.string() });
export type Frame = z.infer<typeof frameSchema>;

/** A named Collection of contents (replay by channel or by genre, spec 2 §7 "return Collections"). */
export const namedCollectionSchema = z.object({
  ID: z.string(),
  name: z.string(),
  channelID: z.number().int().nullable(),
  contents: z.array(contentSchema),
});
export type NamedCollection = z.infer<typeof namedCollectionSchema>;
