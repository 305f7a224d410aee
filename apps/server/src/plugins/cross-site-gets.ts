import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH, endpointRoutes, type EndpointName } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';

/**
 * The spec's GET calls that change something for the caller (decision 031). SameSite=Lax sends
 * the session cookie with a top-level navigation from another site, so a link or a redirect
 * elsewhere could log a viewer out, set favourites, take a device place or start a payment.
 * `deleteAccount` has its own stricter check (same origin only, modules/accounts/caller.ts);
 * `confirmPaypal` is absent on purpose: PayPal sends the viewer back to it from its own site.
 */
export const STATE_CHANGING_GETS = [
  // The customer's own state (spec 1 §7, spec 2 §7).
  'logOut',
  'setContentFavorite',
  'setContentListFavorite',
  'setContentPlaybackStatus',
  'setContentListPlaybackStatus',
  'setEpisodePlaybackStatus',
  'setEpisodePercentage',
  // A phone attaching data to a TV's link code; a payment link made or texted (spec 3 §7).
  'setAccountLinkData',
  // Remote-control codes made and spent (spec 2 §7, decision 034): a page of another site must
  // not link the viewer's account to a screen it chose.
  'createRemoteLink',
  'checkRemoteLink',
  'createRemoteGuestLink',
  'checkRemoteGuestLink',
  'getBillingLink',
  'sendBillingLink',
  // Checkouts started (a pending billing each).
  'getCreditCardUrl',
  'getCreditCardUpdate',
  'getPaypalUrl',
  'getDirectPassUrl',
  // Stream URLs take one of the account's device places (decision 018).
  'getContentUrls',
  'getContentAdaptiveUrl',
  'getContentListUrls',
  'getContentListAdaptiveUrl',
  'getContentListTvUrl',
  'getContentListDownload',
  'getContentTvUrl',
  'getContentDownload',
  'getContentsDownload',
  'getChannelUrls',
  'getChannelAdaptiveUrl',
  'getLiveEventAdaptiveUrl',
] as const satisfies readonly EndpointName[];

/**
 * Refuses those calls with 4 when the browser says they come from another site
 * (`Sec-Fetch-Site: cross-site`). Same-origin, same-site (our other subdomains), `none` (typed
 * in the address bar, a bookmark) and no header at all (apps, older browsers, curl) pass, and
 * so do bearer-token calls: another site cannot add that header without a CORS grant.
 */
export function registerCrossSiteGuard(api: FastifyInstance) {
  const paths = new Set<string>(STATE_CHANGING_GETS.map((name) => API_BASE_PATH + endpointRoutes[name].path));
  api.addHook('onRequest', async (request) => {
    if (request.headers['sec-fetch-site'] !== 'cross-site') return;
    if (!paths.has(request.routeOptions.url ?? '')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    throw apiError(ApiErrorNumber.Forbidden);
  });
}
