import { ADMIN_API_BASE_PATH, type AdminEndpoint } from '@playz/api-contract/admin';
import type { z } from 'zod';

/** A refusal of the console's API: the catalogue's number (spec 1 §8) and the HTTP status. */
export class AdminApiError extends Error {
  constructor(
    readonly number: number,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

export interface AdminCallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

type Inferred<S> = S extends z.ZodType ? z.infer<S> : never;

/**
 * Calls one console endpoint of the admin contract (decision 080). The session is the
 * `playz_staff` cookie the browser sends to /api/admin by itself; bodies are JSON, which the
 * server requires of every console post.
 */
export async function adminCall<E extends AdminEndpoint>(
  endpoint: E,
  input: AdminCallInput = {},
  fetchImpl: typeof fetch = fetch,
): Promise<Inferred<E['response']>> {
  let path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(input.params?.[name] ?? '')),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {}))
    if (value !== undefined && value !== '') query.set(key, String(value));
  if ([...query].length) path += `?${query.toString()}`;
  const response = await fetchImpl(`${ADMIN_API_BASE_PATH}${path}`, {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {},
    body: endpoint.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined,
  });
  let envelope: { Response?: unknown; Error?: { Number?: number; Message?: string } };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new AdminApiError(5, response.status, 'internal error');
  }
  const number = envelope.Error?.Number ?? 5;
  if (number !== 0) throw new AdminApiError(number, response.status, envelope.Error?.Message ?? 'error');
  return envelope.Response as Inferred<E['response']>;
}
