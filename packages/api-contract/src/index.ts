export * from './envelope';
export * from './common-params';
export * from './endpoint';
export * from './entities/app';
export * from './entities/customer';
export * from './entities/catalogue';
export * from './entities/playback';
export * from './entities/device-place';
export * from './entities/account-link';
export * from './sso';
export * from './endpoint-routes';
export { renderEndpointRoutes } from './endpoint-routes-source';
export * from './entities/service-page';
export * from './entities/billing';
export * from './entities/profile-languages';
import * as accounts from './endpoints/accounts';
import * as accountsLink from './endpoints/accounts-link';
import * as accountsManage from './endpoints/accounts-manage';
import * as accountsRecovery from './endpoints/accounts-recovery';
import * as billing from './endpoints/billing';
import * as billingCheckout from './endpoints/billing-checkout';
import * as billingCrossScreen from './endpoints/billing-cross-screen';
import * as billingStores from './endpoints/billing-stores';
import * as catalogue from './endpoints/catalogue';
import * as catalogueBrowse from './endpoints/catalogue-browse';
import * as catalogueCustomer from './endpoints/catalogue-customer';
import * as playback from './endpoints/playback';
import * as devicePlaces from './endpoints/device-places';
import * as cast from './endpoints/cast';
import * as drm from './endpoints/drm';
import * as remote from './endpoints/remote';
import * as servicePages from './endpoints/service-pages';
import * as webPush from './endpoints/web-push';
import * as socialAccounts from './endpoints/social-accounts';
import * as audience from './endpoints/audience';
import * as profileLanguages from './endpoints/profile-languages';

/**
 * Every endpoint of the contract, by name; the server registers them and OpenAPI lists them.
 * Built in a call marked pure (a bare spread is something bundlers must keep), so a production
 * web build, which calls through endpointRoutes, drops this table and all of zod with it.
 */
export const endpoints = /* @__PURE__ */ (() => ({
  ...accounts,
  ...accountsRecovery,
  ...accountsLink,
  ...accountsManage,
  ...servicePages,
  ...catalogue,
  ...catalogueBrowse,
  ...catalogueCustomer,
  ...playback,
  ...devicePlaces,
  ...cast,
  ...drm,
  ...billing,
  ...billingCheckout,
  ...billingCrossScreen,
  ...billingStores,
  ...remote,
  ...webPush,
  ...socialAccounts,
  ...audience,
  ...profileLanguages,
}))();
export type EndpointName = keyof typeof endpoints;
export const API_BASE_PATH = '/api/1.2';
