import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';
import { ARTWORK_BODY_LIMIT, ArtworkBodySchema, ArtworkImagesSchema } from './artwork';
import { keysetQuery, NextCursorSchema } from './keyset-page';

// The editors' catalogue desk (decision 094): an uploaded video becomes an unpublished content
// through a queued media job; its metadata in four languages, its rating, kind and access are
// edited here, then it is published (optionally between two dates) or unpublished.

/** Where the console sends the tus protocol's requests (POST to create, PATCH/HEAD on each upload). */
export const ADMIN_UPLOADS_PATH = '/uploads';

export const CATALOGUE_LANGUAGES = ['fr', 'en', 'nl', 'es'] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];

/** The French scale of decision 059: tous publics (0), -10, -12, -16, -18. */
export const CONTENT_RATINGS = [0, 10, 12, 16, 18] as const;

const TextSchema = z.object({
  title: z.string().trim().max(200),
  synopsis: z.string().trim().max(4000),
});

const TextsSchema = z.object({ fr: TextSchema, en: TextSchema, nl: TextSchema, es: TextSchema });
export type CatalogueTexts = z.infer<typeof TextsSchema>;

const UploadStatus = z.enum(['uploading', 'queued', 'processing', 'done', 'failed']);
export type UploadStatus = z.infer<typeof UploadStatus>;

const UploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  status: UploadStatus,
  /** 0 to 100, the media job's share done. */
  progress: z.number().int(),
  /** The media job's step: source, ladder, thumbnails… */
  step: z.string().nullable(),
  /** Why the job failed, when it did (the jobs page retries it). */
  error: z.string().nullable(),
  /** The content the job made, once done. */
  contentId: z.number().int().nullable(),
  uploadedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUpload = z.infer<typeof UploadSchema>;

const AccessSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscription') }),
  /** Bought on its own at the price of an offer (a one-time product's productPriceID). */
  z.object({ type: z.literal('purchase'), offerId: z.number().int().positive() }),
]);
export type ContentAccess = z.infer<typeof AccessSchema>;

const DateTime = z.iso.datetime({ offset: true });

const EditorialSchema = z.object({
  contentId: z.number().int(),
  kind: z.enum(['Film', 'Clip']),
  rating: z.number().int(),
  texts: TextsSchema,
  access: AccessSchema,
  /** Published by an editor (within its dates, if any). */
  published: z.boolean(),
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
  /** What viewers see now: published and within its dates, and its series published if an episode. */
  live: z.boolean(),
  /**
   * An episode of a series that is not published (decision 105): kept from the viewers whatever
   * its own publication, which the console says instead of a bare "not live".
   */
  seriesUnpublished: z.boolean(),
  duration: z.number(),
  posterUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminCatalogueContent = z.infer<typeof EditorialSchema>;

export const listUploads = defineAdminEndpoint({
  method: 'GET',
  path: '/catalogue/uploads',
  access: 'staff',
  roles: ['editor'],
  summary:
    'The uploaded videos, newest first, a page at a time (decision 110), with their media job’s status, progress and failure',
  query: z.object(keysetQuery(25)),
  response: z.object({ uploads: z.array(UploadSchema), next: NextCursorSchema }),
});

export const getUpload = defineAdminEndpoint({
  method: 'GET',
  path: '/catalogue/uploads/:id',
  access: 'staff',
  roles: ['editor'],
  summary: 'One uploaded video and its media job (polled while the job runs)',
  params: z.object({ id: z.string().regex(/^[a-f0-9]{32}$/) }),
  response: z.object({ upload: UploadSchema }),
});

export const listCatalogueContents = defineAdminEndpoint({
  method: 'GET',
  path: '/catalogue/contents',
  access: 'staff',
  roles: ['editor'],
  summary: 'The contents made from uploads, newest first, published or not, a page at a time (decision 110)',
  query: z.object(keysetQuery(25)),
  response: z.object({ contents: z.array(EditorialSchema), next: NextCursorSchema }),
});

const ContentParams = z.object({ id: z.coerce.number().int().positive() });

export const getCatalogueContent = defineAdminEndpoint({
  method: 'GET',
  path: '/catalogue/contents/:id',
  access: 'staff',
  roles: ['editor'],
  summary: 'One content’s metadata in four languages, rating, kind, access and publication',
  params: ContentParams,
  response: z.object({ content: EditorialSchema }),
});

export const updateCatalogueContent = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/contents/:id',
  access: 'staff',
  roles: ['editor'],
  summary: 'Changes a content’s metadata, rating, kind and access (audited with before and after)',
  params: ContentParams,
  body: z.object({
    kind: z.enum(['Film', 'Clip']),
    rating: z
      .number()
      .int()
      .refine((r) => (CONTENT_RATINGS as readonly number[]).includes(r)),
    texts: TextsSchema.refine((t) => t.fr.title.length > 0),
    access: AccessSchema,
  }),
  response: z.object({ content: EditorialSchema }),
});

export const publishCatalogueContent = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/contents/:id/publish',
  access: 'staff',
  roles: ['editor'],
  summary: 'Publishes a content now, or between two dates (audited)',
  params: ContentParams,
  body: z
    .object({ from: DateTime.nullable().default(null), until: DateTime.nullable().default(null) })
    .refine((d) => !d.from || !d.until || Date.parse(d.from) < Date.parse(d.until)),
  response: z.object({ content: EditorialSchema }),
});

export const unpublishCatalogueContent = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/contents/:id/unpublish',
  access: 'staff',
  roles: ['editor'],
  summary: 'Takes a content out of the viewers’ catalogue and search (audited)',
  params: ContentParams,
  response: z.object({ content: EditorialSchema }),
});

export const setCatalogueContentArtwork = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/contents/:id/artwork',
  access: 'staff',
  roles: ['editor'],
  summary:
    'Sets a content’s poster (16:9 and 2:3) or backdrop from a JPEG, PNG or WebP picture, turned by ffmpeg into content-hashed JPEG files (decision 113, audited)',
  params: ContentParams,
  bodyLimit: ARTWORK_BODY_LIMIT,
  body: ArtworkBodySchema,
  response: z.object({ content: EditorialSchema, images: ArtworkImagesSchema }),
});
