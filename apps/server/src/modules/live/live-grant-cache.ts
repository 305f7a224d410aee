import type { StreamGrant, StreamSigner } from '../../streaming/stream-signing';

/** Verified live grants kept at most (oldest use first out): about one per playing viewer. */
const VERIFIED_TOKENS = 20_000;
/**
 * A token not reloaded for this long is forgotten: its player stopped (players reload a live
 * playlist every few seconds). Without it, every stream URL ever issued stayed until 20,000 were
 * held — memory that grew with the URLs issued, not with the viewers (the 30-minute soak).
 */
const IDLE_SECONDS = 120;

/**
 * Live grants whose signature was checked, by token: a player reloads the same URL every few
 * seconds. A token's fields are fixed by its signature, so only its expiry is checked again.
 * Kept in order of last use. Shared by the manifest route and its hot path (decision 039).
 */
export function createLiveGrantCache(signer: StreamSigner) {
  const verified = new Map<string, { grant: StreamGrant; seenAt: number }>();

  /** Forgets the tokens idle for IDLE_SECONDS (the oldest uses come first), and past the bound. */
  function prune(nowSeconds: number) {
    for (const [token, entry] of verified) {
      if (entry.seenAt > nowSeconds - IDLE_SECONDS && verified.size < VERIFIED_TOKENS) break;
      verified.delete(token);
    }
  }

  return {
    verify(token: string, nowSeconds: number): StreamGrant | null {
      const known = verified.get(token);
      if (known) {
        if (known.grant.expiresAt < nowSeconds) return null;
        // Moved to the end: the map stays in order of last use. The entry itself is kept (no new
        // object per reload, decision 125).
        known.seenAt = nowSeconds;
        verified.delete(token);
        verified.set(token, known);
        return known.grant;
      }
      const grant = signer.verify(token, nowSeconds);
      if (grant) {
        prune(nowSeconds);
        verified.set(token, { grant, seenAt: nowSeconds });
      }
      return grant;
    },
    /** How many verified tokens are kept (tests). */
    size: () => verified.size,
  };
}
export type LiveGrantCache = ReturnType<typeof createLiveGrantCache>;
