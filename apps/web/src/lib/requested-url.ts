/**
 * The page to open after log-in, registration or welcome (spec 1 §2 "requested_url"). Only a
 * path of this site is followed: an absolute or protocol-relative URL would make the form an
 * open redirect, so it falls back to home.
 */
export function requestedUrlFrom(search: string, fallback = '/'): string {
  const value = new URLSearchParams(search).get('requested_url');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** `path` with `requested_url` carried over, so an account detour comes back where it started. */
export function withRequestedUrl(path: string, requestedUrl: string | null | undefined): string {
  if (!requestedUrl || requestedUrl === '/') return path;
  return `${path}${path.includes('?') ? '&' : '?'}requested_url=${encodeURIComponent(requestedUrl)}`;
}
