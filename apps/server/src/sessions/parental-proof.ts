import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long a right parental code opens one content for one session (decision 059): an evening's
 * film with its pauses, so a reload or a recovered stream does not ask again, and no longer.
 */
export const PARENTAL_PROOF_SECONDS = 4 * 3600;

/**
 * Proofs that the parental code was given (decision 059): the parental-code check hands one out
 * for a content, and the stream calls of that content accept it from that session until it
 * expires. Signed with a key derived from the server secret for this use only, so a proof is never
 * a stream grant nor the other way round; nothing is stored, every node can check it.
 */
export function createParentalProofs(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('playz parental proof v1').digest();
  const mac = (sessionId: string, contentId: number, expiresAt: number) =>
    createHmac('sha256', key).update(`${sessionId}\n${contentId}\n${expiresAt}`).digest('base64url');

  return {
    /** A proof for `contentId`, good for this session until `nowSeconds + PARENTAL_PROOF_SECONDS`. */
    sign(sessionId: string, contentId: number, nowSeconds: number): { proof: string; expiresAt: number } {
      const expiresAt = nowSeconds + PARENTAL_PROOF_SECONDS;
      return { proof: `${contentId}.${expiresAt}.${mac(sessionId, contentId, expiresAt)}`, expiresAt };
    },

    /** Whether `proof` was made for this session and content and has not expired. */
    verify(proof: string | undefined, sessionId: string, contentId: number, nowSeconds: number): boolean {
      const m = /^(\d{1,9})\.(\d{1,12})\.([\w-]{43})$/.exec(proof ?? '');
      if (!m || Number(m[1]) !== contentId) return false;
      const expiresAt = Number(m[2]);
      if (expiresAt <= nowSeconds) return false;
      const expected = Buffer.from(mac(sessionId, contentId, expiresAt));
      const given = Buffer.from(m[3]!);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type ParentalProofs = ReturnType<typeof createParentalProofs>;
