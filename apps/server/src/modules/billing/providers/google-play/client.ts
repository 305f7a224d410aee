import { createSign } from 'node:crypto';
import { androidpublisher, auth, type androidpublisher_v3 } from '@googleapis/androidpublisher';
import type { GoogleServiceAccount, GooglePlayConfig } from './config';

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

/**
 * The service-account JWT flow (RFC 7523) against the key's own token_uri. google-auth-library's
 * JWT client always posts to Google's token host, which the stand-in cannot be; the assertion and
 * the grant are the same.
 */
async function serviceAccountToken(account: GoogleServiceAccount) {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({
    iss: account.client_email,
    scope: SCOPE,
    aud: account.token_uri,
    iat: now,
    exp: now + 3600,
  })}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key).toString('base64url');
  const response = await fetch(account.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: `${unsigned}.${signature}`,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`Google token endpoint answered HTTP ${response.status}`);
  const token = (await response.json()) as { access_token: string; expires_in: number };
  return { access_token: token.access_token, expiry_date: Date.now() + token.expires_in * 1000 };
}

/**
 * The Android Publisher API v3 (@googleapis/androidpublisher) with our service account. The root
 * URL goes with each call: set globally the library keeps only its origin, and the stand-in lives
 * under a path.
 */
export function createGooglePlayClient(config: GooglePlayConfig) {
  const oauth = new auth.OAuth2();
  // The library asks this for a token whenever it has none or it is about to expire.
  oauth.refreshHandler = async () => serviceAccountToken(await config.serviceAccount());
  const api = androidpublisher({ version: 'v3', auth: oauth });
  const at = { rootUrl: config.rootUrl };
  const packageName = config.packageName;
  return {
    packageName,
    async subscription(token: string): Promise<androidpublisher_v3.Schema$SubscriptionPurchaseV2> {
      return (await api.purchases.subscriptionsv2.get({ packageName, token }, at)).data;
    },
    async acknowledge(subscriptionId: string, token: string): Promise<void> {
      await api.purchases.subscriptions.acknowledge({ packageName, subscriptionId, token, requestBody: {} }, at);
    },
    /** A one-off product's purchase (purchases.products.get; decision 093). */
    async product(productId: string, token: string): Promise<androidpublisher_v3.Schema$ProductPurchase> {
      return (await api.purchases.products.get({ packageName, productId, token }, at)).data;
    },
    /** Consumed once granted (it acknowledges too): the viewer may rent again with the same product. */
    async consume(productId: string, token: string): Promise<void> {
      await api.purchases.products.consume({ packageName, productId, token }, at);
    },
    async cancel(subscriptionId: string, token: string): Promise<void> {
      await api.purchases.subscriptions.cancel({ packageName, subscriptionId, token }, at);
    },
  };
}
export type GooglePlayClient = ReturnType<typeof createGooglePlayClient>;
