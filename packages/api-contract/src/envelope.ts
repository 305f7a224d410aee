import { z } from 'zod';

/** Every answer of the API is this envelope (ARCHITECTURE decision 1, spec 1 §7). */
export const apiErrorSchema = z.object({
  Number: z.number().int(),
  Message: z.string(),
});

export function envelopeOf<T extends z.ZodType>(response: T) {
  return z.object({ Response: response.nullable(), Error: apiErrorSchema });
}

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
export interface Envelope<T> {
  Response: T | null;
  Error: ApiErrorBody;
}
