import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A licence token lives a minute: the player asks for one right before its licence request. */
export const LICENCE_TOKEN_SECONDS = 60;
const MAX_REMEMBERED = 100_000;

interface TokenClaims {
  kid: string;
  sessionId: string | null;
  expiresAt: number;
  nonce: string;
}

/**
 * Single-use licence tokens (spec 2 §7 DRM step, decision 024): signed claims (key id, session,
 * expiry, nonce); the licence server takes each one once. Used nonces are kept until their
 * token would have expired anyway. Per node: with several nodes the set belongs in Redis
 * (decision 024), until then a token could be spent once per node within its minute.
 */
export function createLicenceTokens(secret: string, now: () => number = Date.now) {
  const mac = (payload: string) => createHmac('sha256', `licence:${secret}`).update(payload).digest('base64url');
  const used = new Map<string, number>();

  function forgetExpired(at: number) {
    for (const [nonce, expiresAt] of used) if (expiresAt < at) used.delete(nonce);
  }

  return {
    issue(kid: string, sessionId: string | null): { token: string; expiresAt: number } {
      const claims: TokenClaims = {
        kid,
        sessionId,
        expiresAt: Math.floor(now() / 1000) + LICENCE_TOKEN_SECONDS,
        nonce: randomBytes(12).toString('base64url'),
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { token: `${payload}.${mac(payload)}`, expiresAt: claims.expiresAt };
    },
    /** The token's key id when it is genuine, unexpired and not used before; it is now used. */
    redeem(token: string): string | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let claims: TokenClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as TokenClaims;
      } catch {
        return null;
      }
      const at = Math.floor(now() / 1000);
      if (typeof claims.expiresAt !== 'number' || claims.expiresAt < at || used.has(claims.nonce)) return null;
      if (used.size > MAX_REMEMBERED) forgetExpired(at);
      used.set(claims.nonce, claims.expiresAt);
      return typeof claims.kid === 'string' ? claims.kid : null;
    },
  };
}
export type LicenceTokens = ReturnType<typeof createLicenceTokens>;
