/**
 * The push services a browser's subscription may name (decision 066). The server POSTs to the
 * endpoint a client gives, so an endpoint left open would let anyone make the server call any
 * address (its own admin ports, a cloud's metadata service). The browsers' push services are few
 * and known: Chrome and Edge's (FCM), Firefox's (Mozilla autopush), Safari's (Apple), and the
 * Windows notification service behind older Edge.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];

/** The loopback hosts a demo's stand-in push service listens on (decision 047: demo mode only). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the server may push to `endpoint`: a known push service over https, or (demo) a local stand-in. */
export function isAllowedPushEndpoint(endpoint: string, opts: { demo: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (opts.demo && LOOPBACK_HOSTS.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:'))
    return true;
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}
