import { randomInt, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { periodEnd, productOf } from '../store-products';
import { appleRoguePki, appleSandboxPki, type ApplePki } from './apple-pki';

export interface AppStoreOptions {
  bundleId: string;
}

interface Transaction {
  transactionId: string;
  originalTransactionId: string;
  productId: string;
  priceCents: number;
  period: 'week' | 'month';
  purchaseDate: number;
  expiresDate: number;
  /** StoreKit's appAccountToken the app set at purchase. */
  appAccountToken: string | null;
  /** An introductory free trial (offerType 1, FREE_TRIAL): the first term is free. */
  freeTrial: boolean;
  environment: 'Sandbox' | 'Production';
}

/** A JWS (ES256, x5c chain) as StoreKit 2 hands a signed transaction to the app. */
function signJws(pki: ApplePki, payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'ES256', x5c: pki.x5c })}.${part(payload)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: pki.leafKey, dsaEncoding: 'ieee-p1363' });
  return `${unsigned}.${signature.toString('base64url')}`;
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
    expiresDate: t.expiresDate,
    quantity: 1,
    type: 'Auto-Renewable Subscription',
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
    const product = productOf(String(b.sku));
    if (!product) return reply.code(422).send({ error: 'unknown sku' });
    const chain = b.originalTransactionId ? transactions.get(b.originalTransactionId) : undefined;
    if (b.originalTransactionId && !chain) return reply.code(404).send({ error: 'unknown originalTransactionId' });
    const last = chain?.at(-1);
    const transactionId = String(2_000_000_000_000_000n + BigInt(randomInt(1, 2 ** 47)));
    const start = last ? new Date(last.expiresDate) : new Date();
    const t: Transaction = {
      transactionId,
      originalTransactionId: b.originalTransactionId ?? transactionId,
      productId: product.sku,
      priceCents: product.priceCents,
      period: product.period,
      purchaseDate: Date.now(),
      expiresDate: periodEnd(start, product.period).getTime(),
      // A renewal keeps the chain's account and environment; only a first term is a trial.
      appAccountToken: last?.appAccountToken ?? b.appAccountToken ?? null,
      freeTrial: !last && b.freeTrial === true,
      environment: last?.environment ?? (b.environment === 'Production' ? 'Production' : 'Sandbox'),
    };
    const payload = payloadOf(t);
    transactions.set(t.originalTransactionId, [...(chain ?? []), t]);
    const pki = b.forgedChain ? await appleRoguePki() : await appleSandboxPki();
    return { signedTransaction: signJws(pki, payload), ...payload };
  });
}
