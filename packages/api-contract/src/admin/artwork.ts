import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';

// Artwork from the browser (decisions 113 and 115): one picture checked by its bytes and made by
// the server into the apps' JPEG sizes, for a content, a series or a live event.

/** The largest picture the artwork calls take (decision 113), checked on the decoded bytes (413). */
export const ARTWORK_MAX_BYTES = 10 * 2 ** 20;

/**
 * A picture as base64 (a third more than its bytes), with room for the JSON around it. Past it
 * the body is not read and the answer is 413; under it, a picture past ARTWORK_MAX_BYTES is 413
 * too once decoded (decision 115), so the string itself has no length rule that would say 400.
 */
export const ARTWORK_BODY_LIMIT = Math.ceil((ARTWORK_MAX_BYTES * 4) / 3) + 4096;

/** A poster (the 16:9 landscape and the 2:3 portrait are made from it) or a backdrop. */
export const ArtworkBodySchema = z.object({ kind: z.enum(['poster', 'backdrop']), data: z.base64() });

/** What viewers are shown now: the image fields of spec 2's `images`, as /media addresses. */
export const ArtworkImagesSchema = z.object({
  landscape: z.string().nullable(),
  portrait: z.string().nullable(),
  backdrop: z.string().nullable(),
});
export type ArtworkImages = z.infer<typeof ArtworkImagesSchema>;

const Id = z.object({ id: z.coerce.number().int().positive() });
const ImagesAnswer = z.object({ images: ArtworkImagesSchema });

export const getCatalogueContentArtwork = defineAdminEndpoint({
  method: 'GET',
  path: '/catalogue/contents/:id/artwork',
  access: 'staff',
  roles: ['editor'],
  summary: 'The pictures viewers are shown now for a content the desk edits: landscape, portrait, backdrop',
  params: Id,
  response: ImagesAnswer,
});

export const getAdminSeriesArtwork = defineAdminEndpoint({
  method: 'GET',
  path: '/catalogue/series/:id/artwork',
  access: 'staff',
  roles: ['editor'],
  summary: 'The pictures viewers are shown now for a series (its page, its tiles, its seasons)',
  params: Id,
  response: ImagesAnswer,
});

export const setAdminSeriesArtwork = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/series/:id/artwork',
  access: 'staff',
  roles: ['editor'],
  summary:
    'Sets a series’ poster (16:9 and 2:3) or backdrop from a JPEG, PNG or WebP picture, its seasons following (decision 115, audited)',
  params: Id,
  bodyLimit: ARTWORK_BODY_LIMIT,
  body: ArtworkBodySchema,
  response: ImagesAnswer,
});

export const getAdminLiveEventArtwork = defineAdminEndpoint({
  method: 'GET',
  path: '/catalogue/live-events/:id/artwork',
  access: 'staff',
  roles: ['editor'],
  summary: 'The picture viewers are shown now for a live event (its own, else its replay’s or its channel’s)',
  params: Id,
  response: ImagesAnswer,
});

export const setAdminLiveEventArtwork = defineAdminEndpoint({
  method: 'POST',
  path: '/catalogue/live-events/:id/artwork',
  access: 'staff',
  roles: ['editor'],
  summary:
    'Sets a live event’s picture (one 16:9 JPEG, its poster and backdrop for the apps) from a JPEG, PNG or WebP (decision 115, audited)',
  params: Id,
  bodyLimit: ARTWORK_BODY_LIMIT,
  // A live event has one picture (spec 2: its images all read its poster).
  body: z.object({ kind: z.literal('poster'), data: z.base64() }),
  response: ImagesAnswer,
});
