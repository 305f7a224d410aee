// Errors raised by the API client itself, before any catalogue number exists (spec 1 §8, spec 2 §8).
export const CLIENT_ERROR_MESSAGES = {
  network: 'API Error: network error',
  parse: "can't parse json",
  empty: 'Empty response',
} as const;

export type ClientErrorKind = keyof typeof CLIENT_ERROR_MESSAGES;

/** Network and parse failures also fire an API-client-error event; an empty reply does not. */
export function firesClientErrorEvent(kind: ClientErrorKind): boolean {
  return kind === 'network' || kind === 'parse';
}
