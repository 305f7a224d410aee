import { describe, expect, it } from 'vitest';
import { createParentalProofs, PARENTAL_PROOF_SECONDS } from './parental-proof';

describe('parental code proofs (spec 1 §6, decision 059)', () => {
  const proofs = createParentalProofs('a server secret');
  const now = 1_800_000_000;

  it('opens the one content, for the one session, until it expires', () => {
    const { proof, expiresAt } = proofs.sign('session-a', 1011, now);
    expect(expiresAt).toBe(now + PARENTAL_PROOF_SECONDS);
    expect(proofs.verify(proof, 'session-a', 1011, now)).toBe(true);
    expect(proofs.verify(proof, 'session-a', 1011, expiresAt - 1)).toBe(true);
    expect(proofs.verify(proof, 'session-a', 1011, expiresAt)).toBe(false);
    expect(proofs.verify(proof, 'session-b', 1011, now)).toBe(false);
    expect(proofs.verify(proof, 'session-a', 21024, now)).toBe(false);
  });

  it('refuses a proof another secret signed, a changed one and anything else', () => {
    const { proof } = createParentalProofs('another secret').sign('session-a', 1011, now);
    expect(proofs.verify(proof, 'session-a', 1011, now)).toBe(false);
    const own = proofs.sign('session-a', 1011, now).proof;
    const [id, , mac] = own.split('.');
    expect(proofs.verify(`${id}.${now + 10 * PARENTAL_PROOF_SECONDS}.${mac}`, 'session-a', 1011, now)).toBe(false);
    for (const bad of [undefined, '', 'x', '1011', `${own}x`, own.replace(/.$/, '')])
      expect(proofs.verify(bad, 'session-a', 1011, now)).toBe(false);
  });
});
