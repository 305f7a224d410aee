import { createVerify, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { oneOffOf, periodEnd, productOf } from '../store-products';
import { googleOidcJwks, pushNotification, type SentPush } from './pubsub-push';
import { googleSandboxServiceAccount } from './service-account';

export interface GooglePlayOptions {
  packageName: string;
  /** Where the real-time developer notifications are pushed (the server's callback); unset: none. */
  notifyUrl?: string;
  log?: (line: string) => void;
}

/** SubscriptionNotification.notificationType values Google sends (real-time developer notifications). */
const RTDN = { RENEWED: 2, CANCELED: 3, PURCHASED: 4, RESTARTED: 7, REVOKED: 12 } as const;

interface Purchase {
  token: string;
  orderBase: string;
  renewals: number;
  packageName: string;
  productId: string;
  priceCents: number;
  period: 'week' | 'month';
  start: Date;
  expiry: Date;
  state: 'SUBSCRIPTION_STATE_ACTIVE' | 'SUBSCRIPTION_STATE_CANCELED' | 'SUBSCRIPTION_STATE_EXPIRED';
  autoRenew: boolean;
  acknowledged: boolean;
  freeTrial: boolean;
  linkedPurchaseToken: string | null;
  /** BillingFlowParams' obfuscated account id the app set at purchase (null: none set). */
  obfuscatedExternalAccountId: string | null;
  /** A license tester's purchase (no money moved): Google then fills testPurchase. */
  test: boolean;
}

/** A one-off product's purchase (a rental, a pass; decision 093), as purchases.products.get states it. */
interface ProductPurchase {
  token: string;
  orderId: string;
  packageName: string;
  productId: string;
  purchaseTime: number;
  /** 0 purchased, 1 cancelled (voided, refunded), 2 pending. */
  purchaseState: 0 | 1 | 2;
  consumed: boolean;
  acknowledged: boolean;
  obfuscatedExternalAccountId: string | null;
  obfuscatedExternalProfileId: string | null;
  test: boolean;
}

const b64url = (s: string) => Buffer.from(s, 'base64url');
const googleError = (reply: FastifyReply, code: number, message: string) =>
  reply.code(code).send({ error: { code, message, status: code === 401 ? 'UNAUTHENTICATED' : 'INVALID_ARGUMENT' } });

/**
 * A stand-in for the Google Play Developer API (Android TV, spec 3 §4 Google Play flow): the OAuth
 * token endpoint of the service-account JWT flow, and androidpublisher v3 purchases
 * (subscriptionsv2.get, subscriptions acknowledge and cancel). Test hooks play the purchase in the
 * Play Store, renewals, cancels and upgrades (linkedPurchaseToken).
 */
export async function googlePlayApi(app: FastifyInstance, options: GooglePlayOptions) {
  const account = googleSandboxServiceAccount();
  const accessTokens = new Set<string>();
  const purchases = new Map<string, Purchase>();
  const products = new Map<string, ProductPurchase>();

  /** androidpublisher#productPurchase: Google states no price here. */
  const productPurchaseOf = (p: ProductPurchase) => ({
    kind: 'androidpublisher#productPurchase',
    purchaseTimeMillis: String(p.purchaseTime),
    purchaseState: p.purchaseState,
    consumptionState: p.consumed ? 1 : 0,
    orderId: p.orderId,
    acknowledgementState: p.acknowledged ? 1 : 0,
    productId: p.productId,
    quantity: 1,
    regionCode: 'FR',
    ...(p.test ? { purchaseType: 0 } : {}),
    ...(p.obfuscatedExternalAccountId ? { obfuscatedExternalAccountId: p.obfuscatedExternalAccountId } : {}),
    ...(p.obfuscatedExternalProfileId ? { obfuscatedExternalProfileId: p.obfuscatedExternalProfileId } : {}),
  });

  /** OAuth 2.0 JWT bearer grant (RFC 7523) as Google's token endpoint answers it. */
  app.post('/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    if (body.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    const [header = '', claims = '', signature = ''] = String(body.assertion ?? '').split('.');
    const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(account.publicKey, b64url(signature));
    if (!valid) return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    const c = JSON.parse(b64url(claims).toString()) as { iss?: string; scope?: string; exp?: number; aud?: string };
    const now = Date.now() / 1000;
    if (c.iss !== account.client_email || !String(c.aud).endsWith('/token') || !c.exp || c.exp < now)
      return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid JWT claims.' });
    if (!String(c.scope).includes('https://www.googleapis.com/auth/androidpublisher'))
      return reply.code(400).send({ error: 'invalid_scope' });
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.add(token);
    return { access_token: token, expires_in: 3599, token_type: 'Bearer' };
  });

  const authorized = (request: FastifyRequest) =>
    accessTokens.has(String(request.headers.authorization ?? '').replace(/^Bearer /, ''));

  const v2 = (p: Purchase) => {
    const expired = p.expiry.getTime() <= Date.now();
    return {
      kind: 'androidpublisher#subscriptionPurchaseV2',
      regionCode: 'FR',
      startTime: p.start.toISOString(),
      subscriptionState: expired ? 'SUBSCRIPTION_STATE_EXPIRED' : p.state,
      linkedPurchaseToken: p.linkedPurchaseToken ?? undefined,
      acknowledgementState: p.acknowledged ? 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED' : 'ACKNOWLEDGEMENT_STATE_PENDING',
      ...(p.test ? { testPurchase: {} } : {}),
      ...(p.obfuscatedExternalAccountId
        ? { externalAccountIdentifiers: { obfuscatedExternalAccountId: p.obfuscatedExternalAccountId } }
        : {}),
      lineItems: [
        {
          productId: p.productId,
          expiryTime: p.expiry.toISOString(),
          latestSuccessfulOrderId: `${p.orderBase}..${p.renewals}`,
          autoRenewingPlan: {
            autoRenewEnabled: p.autoRenew,
            recurringPrice: {
              currencyCode: 'EUR',
              units: String(Math.floor(p.priceCents / 100)),
              nanos: (p.priceCents % 100) * 10_000_000,
            },
          },
          offerDetails: { basePlanId: p.period === 'week' ? 'weekly' : 'monthly' },
          offerPhase: p.freeTrial && p.renewals === 0 ? { freeTrial: {} } : { basePrice: {} },
        },
      ],
    };
  };

  /** Google's OIDC signing keys, which the server checks Pub/Sub's push tokens with (decision 085). */
  app.get('/oauth2/v3/certs', async () => googleOidcJwks());

  /** Pub/Sub pushes a DeveloperNotification (when the server gave its endpoint). */
  const push = async (p: Purchase, notification: object): Promise<SentPush | null> =>
    options.notifyUrl
      ? pushNotification(
          options.notifyUrl,
          { version: '1.0', packageName: p.packageName, eventTimeMillis: String(Date.now()), ...notification },
          options.log,
        )
      : null;
  const notify = (p: Purchase, notificationType: number) =>
    push(p, {
      subscriptionNotification: {
        version: '1.0',
        notificationType,
        purchaseToken: p.token,
        subscriptionId: p.productId,
      },
    });

  // One wildcard for the whole API: purchase tokens are longer than a host's path parameter limit.
  const handler = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    if (!authorized(request)) return googleError(reply, 401, 'Request had invalid authentication credentials.');
    const path = request.params['*'];
    // purchases.products get, acknowledge and consume (one-off products, decision 093).
    const product = /^([^/]+)\/purchases\/products\/([^/]+)\/tokens\/([^/:]+)(?::(acknowledge|consume))?$/.exec(path);
    if (product) {
      if (product[1] !== options.packageName)
        return googleError(reply, 404, 'No application was found for the given package name.');
      const bought = products.get(decodeURIComponent(product[3]!));
      if (!bought || bought.productId !== product[2])
        return googleError(reply, 400, 'The purchase token does not match the product ID.');
      if (!product[4] && request.method === 'GET') return productPurchaseOf(bought);
      if (product[4] && request.method === 'POST') {
        bought.acknowledged = true;
        if (product[4] === 'consume') bought.consumed = true;
        return reply.code(204).send();
      }
      return googleError(reply, 404, 'Not found');
    }
    const get = /^([^/]+)\/purchases\/subscriptionsv2\/tokens\/([^/:]+)$/.exec(path);
    const act = /^([^/]+)\/purchases\/subscriptions\/([^/]+)\/tokens\/([^/:]+):(acknowledge|cancel)$/.exec(path);
    const [pkg, token] = get ? [get[1], get[2]] : act ? [act[1], act[3]] : [null, null];
    const purchase = token ? purchases.get(decodeURIComponent(token)) : undefined;
    if (pkg !== options.packageName)
      return googleError(reply, 404, 'No application was found for the given package name.');
    if (!purchase || (act && act[2] !== purchase.productId))
      return googleError(reply, 400, 'The purchase token does not match the package name or the product.');
    if (get && request.method === 'GET') return v2(purchase);
    if (act?.[4] === 'acknowledge' && request.method === 'POST') {
      purchase.acknowledged = true;
      return reply.code(204).send();
    }
    if (act?.[4] === 'cancel' && request.method === 'POST') {
      purchase.state = 'SUBSCRIPTION_STATE_CANCELED';
      purchase.autoRenew = false;
      return reply.code(204).send();
    }
    return googleError(reply, 404, 'Not found');
  };
  app.get('/androidpublisher/v3/applications/*', handler);
  app.post('/androidpublisher/v3/applications/*', handler);

  // --- Test hooks: what the Play Store and the viewer do (not part of Google's API). ---

  /**
   * The TV bought `sku` in the Play Store: answers the purchase JSON the Play Billing library gives.
   * The stand-in's buyers are license testers (`test` false plays a real purchase); the app's
   * obfuscated account id comes back as Google returns it.
   */
  app.post('/_test/purchase', async (request, reply) => {
    const b = (request.body ?? {}) as {
      sku?: string;
      freeTrial?: boolean;
      linkedPurchaseToken?: string;
      obfuscatedExternalAccountId?: string;
      test?: boolean;
    };
    const product = productOf(String(b.sku));
    if (!product) return reply.code(422).send({ error: 'unknown sku' });
    const now = new Date();
    const p: Purchase = {
      token: `${randomBytes(12).toString('hex')}.AO-J1Oz${randomBytes(60).toString('base64url')}`,
      orderBase: `GPA.${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}-${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
      renewals: 0,
      packageName: options.packageName,
      productId: product.sku,
      priceCents: product.priceCents,
      period: product.period,
      start: now,
      expiry: b.freeTrial ? new Date(now.getTime() + 7 * 86_400_000) : periodEnd(now, product.period),
      state: 'SUBSCRIPTION_STATE_ACTIVE',
      autoRenew: true,
      acknowledged: false,
      freeTrial: b.freeTrial === true,
      linkedPurchaseToken: b.linkedPurchaseToken ?? null,
      obfuscatedExternalAccountId: b.obfuscatedExternalAccountId || null,
      test: b.test !== false,
    };
    purchases.set(p.token, p);
    const old = b.linkedPurchaseToken ? purchases.get(b.linkedPurchaseToken) : undefined;
    // An upgrade or resubscription replaces the old purchase at Google too.
    if (old) {
      old.state = 'SUBSCRIPTION_STATE_CANCELED';
      old.autoRenew = false;
    }
    return {
      json: JSON.stringify({
        orderId: `${p.orderBase}`,
        packageName: p.packageName,
        productId: p.productId,
        purchaseTime: now.getTime(),
        purchaseState: 0,
        purchaseToken: p.token,
        acknowledged: false,
        autoRenewing: true,
        ...(p.obfuscatedExternalAccountId ? { obfuscatedAccountId: p.obfuscatedExternalAccountId } : {}),
      }),
      signature: randomBytes(256).toString('base64'),
      purchaseToken: p.token,
    };
  });

  /**
   * The TV bought a one-off product (a rental, a pass) in the Play Store: answers the purchase JSON
   * the Play Billing library gives. The app's obfuscated account and profile ids (the item it
   * bought) come back as Google returns them; buyers are license testers unless `test` is false.
   */
  app.post('/_test/purchase-product', async (request, reply) => {
    const b = (request.body ?? {}) as {
      sku?: string;
      obfuscatedExternalAccountId?: string;
      obfuscatedExternalProfileId?: string;
      test?: boolean;
    };
    const item = oneOffOf(String(b.sku));
    if (!item) return reply.code(422).send({ error: 'unknown sku' });
    const p: ProductPurchase = {
      token: `${randomBytes(12).toString('hex')}.AO-J1Oz${randomBytes(60).toString('base64url')}`,
      orderId: `GPA.${randomBytes(2).readUInt16BE()}-${randomBytes(2).readUInt16BE()}-${randomBytes(2).readUInt16BE()}-${randomBytes(3).readUIntBE(0, 3)}`,
      packageName: options.packageName,
      productId: item.sku,
      purchaseTime: Date.now(),
      purchaseState: 0,
      consumed: false,
      acknowledged: false,
      obfuscatedExternalAccountId: b.obfuscatedExternalAccountId || null,
      obfuscatedExternalProfileId: b.obfuscatedExternalProfileId || null,
      test: b.test !== false,
    };
    products.set(p.token, p);
    return {
      json: JSON.stringify({
        orderId: p.orderId,
        packageName: p.packageName,
        productId: p.productId,
        purchaseTime: p.purchaseTime,
        purchaseState: 0,
        purchaseToken: p.token,
        quantity: 1,
        acknowledged: false,
        ...(p.obfuscatedExternalAccountId ? { obfuscatedAccountId: p.obfuscatedExternalAccountId } : {}),
        ...(p.obfuscatedExternalProfileId ? { obfuscatedProfileId: p.obfuscatedExternalProfileId } : {}),
      }),
      signature: randomBytes(256).toString('base64'),
      purchaseToken: p.token,
    };
  });

  /** Reads a one-off product's purchase as the test sees it (consumed, voided). */
  app.get<{ Querystring: { token: string } }>('/_test/purchase-product', async (request, reply) => {
    const p = products.get(request.query.token);
    return p ? productPurchaseOf(p) : reply.code(404).send({ error: 'not found' });
  });

  /** Google renewed the subscription: one more order, the expiry one period later. */
  app.post('/_test/renew', async (request, reply) => {
    const p = purchases.get(String((request.body as { token?: string })?.token));
    if (!p) return reply.code(404).send({ error: 'not found' });
    p.renewals += 1;
    p.expiry = periodEnd(p.expiry, p.period);
    return { ...v2(p), notification: await notify(p, RTDN.RENEWED) };
  });

  /** The viewer cancelled in the Play Store: access until the expiry, no renewal. */
  app.post('/_test/cancel', async (request, reply) => {
    const p = purchases.get(String((request.body as { token?: string })?.token));
    if (!p) return reply.code(404).send({ error: 'not found' });
    p.state = 'SUBSCRIPTION_STATE_CANCELED';
    p.autoRenew = false;
    return { ...v2(p), notification: await notify(p, RTDN.CANCELED) };
  });

  /** The viewer restored the cancelled subscription in the Play Store before its expiry. */
  app.post('/_test/restart', async (request, reply) => {
    const p = purchases.get(String((request.body as { token?: string })?.token));
    if (!p) return reply.code(404).send({ error: 'not found' });
    p.state = 'SUBSCRIPTION_STATE_ACTIVE';
    p.autoRenew = true;
    return { ...v2(p), notification: await notify(p, RTDN.RESTARTED) };
  });

  /** Google refunded and revoked the subscription (Play Console or orders.revoke): access ends now. */
  app.post('/_test/revoke', async (request, reply) => {
    const p = purchases.get(String((request.body as { token?: string })?.token));
    if (!p) return reply.code(404).send({ error: 'not found' });
    p.state = 'SUBSCRIPTION_STATE_EXPIRED';
    p.autoRenew = false;
    p.expiry = new Date();
    return { ...v2(p), notification: await notify(p, RTDN.REVOKED) };
  });

  /**
   * Google voided the purchase (a refund with the entitlement taken back): the voided purchase
   * notification names the order; productType 1 is a subscription, 2 a one-time product.
   */
  app.post('/_test/void', async (request, reply) => {
    const b = (request.body ?? {}) as { token?: string; productType?: number };
    const one = products.get(String(b.token));
    if (one) {
      // A one-off product voided (refunded or charged back): products.get says cancelled.
      one.purchaseState = 1;
      const voidedPurchaseNotification = {
        purchaseToken: one.token,
        orderId: one.orderId,
        productType: 2,
        refundType: 1,
      };
      const notification = options.notifyUrl
        ? await pushNotification(
            options.notifyUrl,
            {
              version: '1.0',
              packageName: one.packageName,
              eventTimeMillis: String(Date.now()),
              voidedPurchaseNotification,
            },
            options.log,
          )
        : null;
      return { ...productPurchaseOf(one), notification };
    }
    const p = purchases.get(String(b.token));
    if (!p) return reply.code(404).send({ error: 'not found' });
    p.state = 'SUBSCRIPTION_STATE_EXPIRED';
    p.autoRenew = false;
    p.expiry = new Date();
    const voidedPurchaseNotification = {
      purchaseToken: p.token,
      orderId: `${p.orderBase}..${p.renewals}`,
      productType: b.productType ?? 1,
      refundType: 1,
    };
    return { ...v2(p), notification: await push(p, { voidedPurchaseNotification }) };
  });

  /** Pub/Sub pushes the purchase's SUBSCRIPTION_PURCHASED (sent for every new purchase, ours or not). */
  app.post('/_test/notify-purchased', async (request, reply) => {
    const p = purchases.get(String((request.body as { token?: string })?.token));
    if (!p) return reply.code(404).send({ error: 'not found' });
    return { notification: await notify(p, RTDN.PURCHASED) };
  });

  /** Reads a purchase as the test sees it (acknowledged, cancelled). */
  app.get<{ Querystring: { token: string } }>('/_test/purchase', async (request, reply) => {
    const p = purchases.get(request.query.token);
    return p ? v2(p) : reply.code(404).send({ error: 'not found' });
  });
}
