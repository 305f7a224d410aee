import { isApiError } from '@playz/api-client';

/** The item is unknown: the catalogue's own number for it, or any 404 the API answered. */
export const isNotFound = (error: unknown, number: number) =>
  isApiError(error, number) || (isApiError(error) && error.status === 404);
