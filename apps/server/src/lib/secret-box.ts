import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Key purpose of the domain-mailbox password (one derived key per use). */
export const MAILBOX_PASSWORD_PURPOSE = 'domain-mailbox-password';

/**
 * Seals secrets the server must show again later (the generated domain-mailbox password, spec 1
 * §2 welcome): AES-256-GCM with a key derived from the server secret, so a leaked database alone
 * does not reveal them. Output: base64url(iv | tag | ciphertext).
 */
export function createSecretBox(serverSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'playz', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    /** null when the value was sealed with another key or altered. */
    open(sealed: string): string | null {
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
