/** An origin as the tuple browsers compare (RFC 6454 §4): scheme, host and port. */
export interface Origin {
  scheme: 'http' | 'https';
  host: string;
  port: string;
}

/**
 * The origin an `Origin` header (or a base URL) names, or null when the text is not one: `null`
 * (sandboxed frames, privacy redirects), garbage, an unclosed IPv6 bracket, another scheme, or
 * anything after the port (user, path, query, fragment). Never throws. Scheme and host compare
 * case-insensitively and the default port is filled in, as URL parsing does.
 */
export function parseOrigin(text: string): Origin | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  return { scheme, host: url.hostname, port: url.port || (scheme === 'https' ? '443' : '80') };
}

export function sameOrigin(a: Origin | null, b: Origin | null): boolean {
  return !!a && !!b && a.scheme === b.scheme && a.host === b.host && a.port === b.port;
}
