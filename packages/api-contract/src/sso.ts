/*
 * Social sign-on (spec 1 §1 "one of three social sign-on providers", §6 login types). These are
 * browser redirects, not envelope calls, so they are paths rather than endpoint definitions:
 *
 *   GET  /api/1.2/customer/sso/{provider}/authorize?requested_url=/path  -> 302 to the provider
 *   GET  /api/1.2/customer/sso/{provider}/callback                       -> 302 to requested_url
 *   POST /api/1.2/customer/sso/apple/callback (Apple's form_post)        -> 303 to the GET callback
 *
 * On success the browser lands on requested_url (same-origin path, else "/") logged in, with
 * Customer.loggedWith = the provider's name. On failure it lands on
 * `/customer/login?sso_error=<number>` (17 token not valid, 18 unknown provider, 15 the provider
 * gave no e-mail address, 1 cancelled or other). POST /customer and POST /customer/register also
 * accept sso_source (a provider id) and sso_id: what the provider's SDK gives a native app for our
 * client id, an ID token (Google, Apple) or an access token (Facebook; decision 078).
 * App.singleSignOns lists the enabled providers: name, appID (client id), redirectUri (callback).
 */
export const SSO_PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'facebook', name: 'Facebook' },
  { id: 'apple', name: 'Apple' },
] as const;
export type SsoProviderId = (typeof SSO_PROVIDERS)[number]['id'];
export const SSO_ERROR_QUERY = 'sso_error';

/** The provider id of an App.singleSignOns name ("Google" -> "google"), null when unknown. */
export function ssoProviderId(nameOrId: string): SsoProviderId | null {
  const wanted = nameOrId.trim().toLowerCase();
  return SSO_PROVIDERS.find((p) => p.id === wanted)?.id ?? null;
}

/** Where a "Continue with ..." button sends the browser (a full navigation, not a fetch). */
export function ssoAuthorizePath(provider: SsoProviderId, requestedUrl = '/'): string {
  return `/api/1.2/customer/sso/${provider}/authorize?requested_url=${encodeURIComponent(requestedUrl)}`;
}
