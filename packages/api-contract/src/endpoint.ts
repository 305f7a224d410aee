import type { z } from 'zod';

/** One call of the API: what it takes and what its envelope carries (ARCHITECTURE decision 1). */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Path under /api/1.2, Fastify style (`/content/:id`). */
  path: string;
  summary: string;
  tags: string[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Error numbers this call may answer besides the common ones (2, 3, 5, 16). */
  errors?: number[];
}

export function defineEndpoint<
  R extends z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<Q, B, R, P>): Endpoint<Q, B, R, P> {
  return endpoint;
}

export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;
export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.infer<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.infer<B> : never;
