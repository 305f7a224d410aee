import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed stream URLs (ARCHITECTURE decision 3). The token sits in the PATH, before the clip's
 * folder, so the relative URLs inside HLS and DASH manifests (variant playlists, init segments,
 * chunks) inherit it without rewriting the manifests.
 */
export interface StreamGrant {
  /** Folder under the media root the grant opens, e.g. `clips/aurora`. */
  prefix: string;
  /** Unix seconds. */
  expiresAt: number;
  /** Session the grant is bound to; null for visitors (Preview only). */
  sessionId: string | null;
}

export function createStreamSigner(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    sign(grant: StreamGrant): string {
      const payload = Buffer.from(JSON.stringify([grant.prefix, grant.expiresAt, grant.sessionId])).toString(
        'base64url',
      );
      return `${payload}.${mac(payload)}`;
    },
    /** The grant, or null when forged, damaged or expired. */
    verify(token: string, nowSeconds: number): StreamGrant | null {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const [prefix, expiresAt, sessionId] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [
          string,
          number,
          string | null,
        ];
        if (typeof prefix !== 'string' || typeof expiresAt !== 'number' || expiresAt < nowSeconds) return null;
        return { prefix, expiresAt, sessionId };
      } catch {
        return null;
      }
    },
  };
}
export type StreamSigner = ReturnType<typeof createStreamSigner>;
