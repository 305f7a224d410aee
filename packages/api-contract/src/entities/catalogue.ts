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
});
export type ContentList = z.infer<typeof contentListSchema>;

export const seasonSummarySchema = contentListSchema.omit({ contents: true });
export const seriesSchema = contentListSchema.extend({ seasons: z.array(seasonSummarySchema) });
export type Series = z.infer<typeof seriesSchema>;

/** spec 2 §3 Channel schedule entry. */
export const scheduleSchema = z.object({
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
  currentContent: contentSchema.nullable(),
  schedules: z.array(scheduleSchema),
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
