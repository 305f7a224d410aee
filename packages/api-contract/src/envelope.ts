import { z } from 'zod';

// In a module of its own, without zod, so the web app reads it without loading the schemas.
import { ApiErrorReason } from './error-reason';
export { ApiErrorReason } from './error-reason';

/** Every answer of the API is this envelope (ARCHITECTURE decision 1, spec 1 §7). */
export const apiErrorSchema = z.object({
  Number: z.number().int(),
  Message: z.string(),
  Reason: z.enum(Object.values(ApiErrorReason) as [ApiErrorReason, ...ApiErrorReason[]]).optional(),
});

export function envelopeOf<T extends z.ZodType>(response: T) {
  return z.object({ Response: response.nullable(), Error: apiErrorSchema });
}

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
export interface Envelope<T> {
  Response: T | null;
  Error: ApiErrorBody;
}
