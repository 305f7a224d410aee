import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a guest code's grant lets a visiting phone drive the screen (decision 034). */
export const GUEST_GRANT_TTL_MS = 12 * 3600 * 1000;

export interface GuestGrant {
  /** The screen's account. */
  owner: number;
  /** The screen. */
  udid: string;
  /** The account of the phone that spent the guest code: the grant is worth nothing to another. */
  guest: number;
  expiresAt: number;
}

/**
 * A guest grant is signed rather than stored: any API node checks it with the shared secret
 * (the stream secret's key, derived for this use), with no table and no Redis read per link.
 */
export function createGrantSigner(secret: string) {
  const key = createHmac('sha256', secret).update('playz remote guest grant').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign(grant: GuestGrant): string {
      const body = Buffer.from(JSON.stringify([grant.owner, grant.udid, grant.guest, grant.expiresAt])).toString(
        'base64url',
      );
      return `${body}.${sign(body)}`;
    },
    /** The grant, when the text is one we signed, for this guest account and not expired. */
    verify(text: string, guest: number, nowMs: number): GuestGrant | null {
      const [body, signature, extra] = text.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(body, 'base64url').toString());
      } catch {
        return null;
      }
      if (!Array.isArray(fields) || fields.length !== 4) return null;
      const [owner, udid, grantee, expiresAt] = fields as unknown[];
      if (typeof owner !== 'number' || typeof udid !== 'string' || typeof expiresAt !== 'number') return null;
      if (grantee !== guest || expiresAt <= nowMs) return null;
      return { owner, udid, guest, expiresAt };
    },
  };
}
export type GrantSigner = ReturnType<typeof createGrantSigner>;
