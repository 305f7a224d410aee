import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** How long a cast grant lets a receiver report (decision 070): a long film, its pauses, a margin. */
export const CAST_TOKEN_TTL_MS = 4 * 3600 * 1000;

export interface CastGrant {
  /** The session that started the cast: the grant ends with it (log-out, password change…). */
  sessionId: string;
  customerId: number;
  /** The one content whose resume point the receiver may save. */
  contentId: number;
  expiresAt: number;
}

/**
 * Cast grants are sealed (AES-256-GCM under a key derived from the stream secret) rather than
 * stored: any node reads them without a table, and the receiver, which holds one, learns nothing
 * from it: not the session it is bound to, not the account.
 */
export function createCastTokens(secret: string) {
  const key = createHmac('sha256', secret).update('playz cast grant').digest();
  return {
    seal(grant: CastGrant): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = JSON.stringify([grant.sessionId, grant.customerId, grant.contentId, grant.expiresAt]);
      const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    /** The grant, when the text is one we sealed and it has not expired; null otherwise. */
    open(text: string, nowMs: number): CastGrant | null {
      const bytes = Buffer.from(text, 'base64url');
      if (bytes.length < 29 || bytes.toString('base64url') !== text) return null;
      let fields: unknown;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        fields = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(fields) || fields.length !== 4) return null;
      const [sessionId, customerId, contentId, expiresAt] = fields as unknown[];
      if (typeof sessionId !== 'string' || typeof customerId !== 'number') return null;
      if (typeof contentId !== 'number' || typeof expiresAt !== 'number' || expiresAt <= nowMs) return null;
      return { sessionId, customerId, contentId, expiresAt };
    },
  };
}
export type CastTokens = ReturnType<typeof createCastTokens>;
