/**
 * The buying account as the TV stores are told it at purchase (decision 073): Google Play's
 * `obfuscatedExternalAccountId` and Apple's `appAccountToken` come back in the store's own record
 * of the purchase, so the server can refuse a receipt saved by another account. Both are derived
 * from our customer id (the Customer's `storeCustomId`) by the app and by the server alike: a hash,
 * never the id itself (Google asks for no identifying data in clear), and for Apple a UUID, the
 * only shape StoreKit accepts.
 */

/** WebCrypto's digest, present in browsers and in Node 20+ (this package has neither's types). */
interface WebDigest {
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> };
}

const PREFIX = 'playz-store-account:';

async function digest(customId: string): Promise<Uint8Array> {
  const text = `${PREFIX}${customId}`;
  // The id is digits (the customer id as a string): one byte per character.
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
  const crypto = (globalThis as unknown as { crypto: WebDigest }).crypto;
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export interface StoreAccountTokens {
  /** Google Play BillingFlowParams.setObfuscatedAccountId: 64 hex characters (Play's maximum). */
  googlePlay: string;
  /** StoreKit's appAccountToken: a UUID (RFC 9562 version 8, made from the same hash). */
  appStore: string;
}

export async function storeAccountTokens(customId: string): Promise<StoreAccountTokens> {
  const hash = await digest(customId);
  const u = hash.slice(0, 16);
  u[6] = (u[6]! & 0x0f) | 0x80;
  u[8] = (u[8]! & 0x3f) | 0x80;
  const h = hex(u);
  return {
    googlePlay: hex(hash),
    appStore: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`,
  };
}

/**
 * The item a one-off store purchase is for (decision 093), as the app tells the store at purchase
 * where the store keeps such a field (Google Play's `obfuscatedExternalProfileId`: 64 characters at
 * most, never personal data): `Content:1001`, `LiveEvent:2`. The server refuses a purchase posted
 * for another item than the one it names.
 */
export const purchaseItemTag = (item: { contentType: string; contentTypeID: number }): string =>
  `${item.contentType}:${item.contentTypeID}`;
