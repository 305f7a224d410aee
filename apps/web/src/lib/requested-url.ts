import { safeReturnPath } from '@playz/domain';

/**
 * The page to open after log-in, registration, payment or welcome (spec 1 §2 "requested_url").
 * Only a path of this site is followed, by the rule the server applies too (`safeReturnPath`):
 * anything else would make the form an open redirect, so it falls back.
 */
export function requestedUrlFrom(search: string, fallback = '/'): string {
  return safeReturnPath(new URLSearchParams(search).get('requested_url')) ?? fallback;
}

/** `path` with `requested_url` carried over, so an account detour comes back where it started. */
export function withRequestedUrl(path: string, requestedUrl: string | null | undefined): string {
  if (!requestedUrl || requestedUrl === '/') return path;
  return `${path}${path.includes('?') ? '&' : '?'}requested_url=${encodeURIComponent(requestedUrl)}`;
}
