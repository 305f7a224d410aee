import type { Envelope } from '@playz/api-contract';

/** The success envelope (ARCHITECTURE decision 1). */
export function ok<T>(response: T): Envelope<T> {
  return { Response: response, Error: { Number: 0, Message: 'ok' } };
}
