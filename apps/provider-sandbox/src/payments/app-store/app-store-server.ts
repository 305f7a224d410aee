import { randomInt, randomUUID, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { oneOffOf, periodEnd, productOf } from '../store-products';
import { appleRoguePki, appleSandboxPki, type ApplePki } from './apple-pki';

export interface AppStoreOptions {
  bundleId: string;
  /** Where App Store Server Notifications v2 are sent (the server's callback); unset: none. */
  notifyUrl?: string;
  log?: (line: string) => void;
}

interface Transaction {
  transactionId: string;
  originalTransactionId: string;
  productId: string;
  priceCents: number;
  /** null: a one-off product (a rental, a pass; decision 093), a Consumable without an expiry. */
  period: 'week' | 'month' | null;
  purchaseDate: number;
  expiresDate: number | null;
  /** StoreKit's appAccountToken the app set at purchase. */
  appAccountToken: string | null;
  /** An introductory free trial (offerType 1, FREE_TRIAL): the first term is free. */
  freeTrial: boolean;
  environment: 'Sandbox' | 'Production';
  /** Set once Apple refunded it (REFUND) or withdrew it (REVOKE). */
  revocationDate?: number;
  revocationReason?: 0 | 1;
}

/** A JWS (ES256, x5c chain) as StoreKit 2 hands a signed transaction to the app. */
function signJws(pki: ApplePki, payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'ES256', x5c: pki.x5c })}.${part(payload)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: pki.leafKey, dsaEncoding: 'ieee-p1363' });
  return `${unsigned}.${signature.toString('base64url')}`;
}

/**
 * An App Store Server Notification v2 as Apple sends it: `{ signedPayload }`, a JWS of the same
 * chain whose `data` carries the signed transaction and renewal info (decision 085).
 */
export async function signedNotification(
  payload: { notificationType: string; subtype?: string; data: object; notificationUUID?: string },
  opts: { forgedChain?: boolean } = {},
): Promise<{ signedPayload: string; notificationUUID: string }> {
  const pki = opts.forgedChain ? await appleRoguePki() : await appleSandboxPki();
  const notificationUUID = payload.notificationUUID ?? randomUUID();
  const body = { ...payload, notificationUUID, version: '2.0', signedDate: Date.now() };
  return { signedPayload: signJws(pki, body), notificationUUID };
}

/**
 * A stand-in for the App Store's signing side (decision 029): it mints StoreKit 2 signed
 * transactions (JWSTransaction) chained to the sandbox root the server trusts. Renewals are new
 * transactions with the same originalTransactionId. Apple's servers are not asked at save: the
 * signature is the proof, as Apple documents for signed transactions.
 */
export async function appStoreServer(app: FastifyInstance, options: AppStoreOptions) {
  const transactions = new Map<string, Transaction[]>();

  const payloadOf = (t: Transaction) => ({
    transactionId: t.transactionId,
    originalTransactionId: t.originalTransactionId,
    webOrderLineItemId: `${t.originalTransactionId}0`,
    bundleId: options.bundleId,
    productId: t.productId,
    subscriptionGroupIdentifier: '21000001',
    purchaseDate: t.purchaseDate,
    originalPurchaseDate: transactions.get(t.originalTransactionId)?.[0]?.purchaseDate ?? t.purchaseDate,
    ...(t.expiresDate === null ? {} : { expiresDate: t.expiresDate }),
    quantity: 1,
    type: t.period === null ? 'Consumable' : 'Auto-Renewable Subscription',
    inAppOwnershipType: 'PURCHASED',
    signedDate: Date.now(),
    environment: t.environment,
    ...(t.appAccountToken ? { appAccountToken: t.appAccountToken } : {}),
    ...(t.freeTrial ? { offerType: 1, offerDiscountType: 'FREE_TRIAL' } : {}),
    transactionReason: transactions.has(t.originalTransactionId) ? 'RENEWAL' : 'PURCHASE',
    storefront: 'FRA',
    storefrontId: '143442',
    price: t.freeTrial ? 0 : t.priceCents * 10,
    currency: 'EUR',
    ...(t.revocationDate ? { revocationDate: t.revocationDate, revocationReason: t.revocationReason ?? 0 } : {}),
  });

  /** The renewal info of a chain: whether it renews, and when. */
  const renewalInfoOf = (last: Transaction, autoRenew: boolean) => ({
    originalTransactionId: last.originalTransactionId,
    autoRenewProductId: last.productId,
    productId: last.productId,
    autoRenewStatus: autoRenew ? 1 : 0,
    renewalDate: last.expiresDate,
    recentSubscriptionStartDate: transactions.get(last.originalTransactionId)?.[0]?.purchaseDate ?? last.purchaseDate,
    signedDate: Date.now(),
    environment: last.environment,
  });
  const autoRenewing = new Map<string, boolean>();

  /** Apple tells the server (when it gave its endpoint): the response is what the test looks at. */
  async function notify(
    last: Transaction,
    notificationType: string,
    subtype: string | undefined,
    forgedChain: boolean,
  ) {
    if (!options.notifyUrl) return null;
    const pki = forgedChain ? await appleRoguePki() : await appleSandboxPki();
    const renewal = renewalInfoOf(last, autoRenewing.get(last.originalTransactionId) !== false);
    const { signedPayload, notificationUUID } = await signedNotification(
      {
        notificationType,
        ...(subtype ? { subtype } : {}),
        data: {
          bundleId: options.bundleId,
          bundleVersion: '1',
          environment: last.environment,
          signedTransactionInfo: signJws(pki, payloadOf(last)),
          // A consumable renews nothing: Apple sends no renewal info with it.
          ...(last.period === null ? {} : { signedRenewalInfo: signJws(pki, renewal) }),
          status: last.revocationDate ? 5 : 1,
        },
      },
      { forgedChain },
    );
    const body = JSON.stringify({ signedPayload });
    let status: number | null = null;
    try {
      const response = await fetch(options.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      if (!response.ok) options.log?.(`app store notification answered ${response.status}`);
    } catch (error) {
      options.log?.(`app store notification failed: ${(error as Error).message}`);
    }
    return { url: options.notifyUrl, status, body, notificationUUID };
  }

  const lastOf = (originalTransactionId: unknown) => transactions.get(String(originalTransactionId))?.at(-1);

  /** The viewer turned auto-renew off in the device's settings: DID_CHANGE_RENEWAL_STATUS. */
  app.post('/_test/cancel', async (request, reply) => {
    const b = (request.body ?? {}) as { originalTransactionId?: string; forgedChain?: boolean };
    const last = lastOf(b.originalTransactionId);
    if (!last) return reply.code(404).send({ error: 'unknown originalTransactionId' });
    autoRenewing.set(last.originalTransactionId, false);
    return {
      notification: await notify(last, 'DID_CHANGE_RENEWAL_STATUS', 'AUTO_RENEW_DISABLED', b.forgedChain === true),
    };
  });

  /** The viewer turned auto-renew on again before the end: DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED. */
  app.post('/_test/resume', async (request, reply) => {
    const b = (request.body ?? {}) as { originalTransactionId?: string };
    const last = lastOf(b.originalTransactionId);
    if (!last) return reply.code(404).send({ error: 'unknown originalTransactionId' });
    autoRenewing.set(last.originalTransactionId, true);
    return { notification: await notify(last, 'DID_CHANGE_RENEWAL_STATUS', 'AUTO_RENEW_ENABLED', false) };
  });

  /** Apple refunded the last transaction (REFUND) or Family Sharing withdrew it (REVOKE). */
  app.post('/_test/refund', async (request, reply) => {
    const b = (request.body ?? {}) as { originalTransactionId?: string; forgedChain?: boolean; revoke?: boolean };
    const last = lastOf(b.originalTransactionId);
    if (!last) return reply.code(404).send({ error: 'unknown originalTransactionId' });
    last.revocationDate = Date.now();
    last.revocationReason = b.revoke ? 0 : 1;
    return { notification: await notify(last, b.revoke ? 'REVOKE' : 'REFUND', undefined, b.forgedChain === true) };
  });

  /**
   * The device bought (or the App Store renewed, with originalTransactionId) `sku`. Its buyers are
   * Sandbox testers unless `environment` says Production; `appAccountToken` is the app's, as set
   * at purchase; `freeTrial` plays an introductory free trial.
   */
  app.post('/_test/purchase', async (request, reply) => {
    const b = (request.body ?? {}) as {
      sku?: string;
      originalTransactionId?: string;
      forgedChain?: boolean;
      appAccountToken?: string;
      freeTrial?: boolean;
      environment?: 'Sandbox' | 'Production';
    };
    const subscription = productOf(String(b.sku));
    const oneOff = oneOffOf(String(b.sku));
    const product = subscription ?? (oneOff ? { ...oneOff, period: null } : undefined);
    if (!product) return reply.code(422).send({ error: 'unknown sku' });
    const chain = b.originalTransactionId ? transactions.get(b.originalTransactionId) : undefined;
    if (b.originalTransactionId && !chain) return reply.code(404).send({ error: 'unknown originalTransactionId' });
    const last = chain?.at(-1);
    const transactionId = String(2_000_000_000_000_000n + BigInt(randomInt(1, 2 ** 47)));
    const start = last?.expiresDate ? new Date(last.expiresDate) : new Date();
    const t: Transaction = {
      transactionId,
      originalTransactionId: b.originalTransactionId ?? transactionId,
      productId: product.sku,
      priceCents: product.priceCents,
      period: product.period,
      purchaseDate: Date.now(),
      expiresDate: product.period === null ? null : periodEnd(start, product.period).getTime(),
      // A renewal keeps the chain's account and environment; only a first term is a trial.
      appAccountToken: last?.appAccountToken ?? b.appAccountToken ?? null,
      freeTrial: !last && b.freeTrial === true,
      environment: last?.environment ?? (b.environment === 'Production' ? 'Production' : 'Sandbox'),
    };
    const payload = payloadOf(t);
    transactions.set(t.originalTransactionId, [...(chain ?? []), t]);
    const pki = b.forgedChain ? await appleRoguePki() : await appleSandboxPki();
    // A renewal is told to the server too (DID_RENEW), as Apple does.
    const notification = last ? await notify(t, 'DID_RENEW', undefined, b.forgedChain === true) : null;
    return { signedTransaction: signJws(pki, payload), ...payload, notification };
  });
}
