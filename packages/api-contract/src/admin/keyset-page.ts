import { z } from 'zod';

/**
 * A console list's page by keyset (decision 110): `after` is the opaque cursor the previous page
 * answered as `next` (absent for the first page), `limit` the rows wanted, capped. The console
 * keeps the cursors it followed to go back; no list answers a total (counting would read it all).
 */
export function keysetQuery(defaultLimit: number, maxLimit = 100) {
  return {
    after: z.string().min(1).max(400).optional(),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  };
}

/** The cursor of the page after this one; null on the last page. */
export const NextCursorSchema = z.string().nullable();
