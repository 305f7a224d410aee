/**
 * Where the browser may be sent after sign-on: a path on this site only ("/series/12/x?y=1").
 * Absolute URLs, protocol-relative "//host" and "/\host" (read as "//host" by browsers) fall back
 * to the home page, so the callback cannot be turned into an open redirect.
 */
export function safeRequestedUrl(value: string | undefined | null): string {
  if (!value || value.length > 1024) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (tab, new line) are dropped by URL parsers and could change the target.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return '/';
  return value;
}
