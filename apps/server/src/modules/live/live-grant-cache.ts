import type { StreamGrant, StreamSigner } from '../playback/stream-signing';

/** Verified live grants kept (oldest first out): about one per viewer. */
const VERIFIED_TOKENS = 20_000;

/**
 * Live grants whose signature was checked, by token: a player reloads the same URL every few
 * seconds. A token's fields are fixed by its signature, so only its expiry is checked again.
 * Shared by the manifest route and its hot path (decision 039).
 */
export function createLiveGrantCache(signer: StreamSigner) {
  const verified = new Map<string, StreamGrant>();
  return {
    verify(token: string, nowSeconds: number): StreamGrant | null {
      const known = verified.get(token);
      if (known) return known.expiresAt < nowSeconds ? null : known;
      const grant = signer.verify(token, nowSeconds);
      if (grant) {
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, grant);
      }
      return grant;
    },
  };
}
export type LiveGrantCache = ReturnType<typeof createLiveGrantCache>;
