import type { z } from 'zod';

/**
 * Who may make a call (decision 055). The server checks it once, before the handler, and hands
 * the handler the matching access object; the OpenAPI document shows it on every operation.
 * - `visitor`: anyone; a session, when the call carries one, is read (progress, no-store).
 * - `customer`: a signed-in session; a visitor gets 11 (authentication failed, spec 1 §8), or the
 *   endpoint's `visitorError`.
 * - `adult`: a signed-in session off a kids profile (decision 009); 11 without a session, 4 (forbidden)
 *   on a kids profile.
 * - `stream-grant`: the signed stream grant the call carries is its authority; no session is read.
 */
export type EndpointAccess = 'visitor' | 'customer' | 'adult' | 'stream-grant';

/** One call of the API: what it takes and what its envelope carries (ARCHITECTURE decision 1). */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  A extends EndpointAccess = EndpointAccess,
> {
  method: 'GET' | 'POST';
  /** Path under /api/1.2, Fastify style (`/content/:id`). */
  path: string;
  /** Who may call it (decision 055): required, so no endpoint is open by omission. */
  access: A;
  /**
   * The number a visitor gets from a `customer` call when it is not 11: the catalogue's customer
   * calls (favourites, resume points, continue watching; decision 013) and the phone's link-code
   * approval (decision 011) answer 4.
   */
  visitorError?: 4;
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
  A extends EndpointAccess = EndpointAccess,
>(endpoint: Endpoint<Q, B, R, P, A>): Endpoint<Q, B, R, P, A> {
  return endpoint;
}

export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;
export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.infer<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.infer<B> : never;
