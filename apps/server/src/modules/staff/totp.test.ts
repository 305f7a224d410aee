import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUrl, totpStep } from './totp';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890"; the vectors
// are 8-digit codes at the given Unix times.
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('staff second factor: TOTP (RFC 6238, decision 080)', () => {
  it.each(RFC_VECTORS)('matches the RFC 6238 SHA-1 vector at %i s', (seconds, code) => {
    expect(hotp(RFC_SEED, totpStep(seconds * 1000), 8)).toBe(code);
  });

  it('matches RFC 4226 appendix D HOTP values for counters 0 to 3', () => {
    expect([0, 1, 2, 3].map((c) => hotp(RFC_SEED, c))).toEqual(['755224', '287082', '359152', '969429']);
  });

  it('base32 round-trips a secret as authenticator apps write it', () => {
    expect(base32Encode(RFC_SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_SEED);
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
  });

  it('accepts the code of this step and one step either side, nothing further, and says which step', () => {
    const secret = base32Encode(RFC_SEED);
    const at = 1_700_000_000_000;
    const step = totpStep(at);
    const codeAt = (s: number) => hotp(RFC_SEED, s);
    expect(matchTotp(secret, codeAt(step), at)).toBe(step);
    expect(matchTotp(secret, codeAt(step - 1), at)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), at)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(step - 2), at)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 2), at)).toBeNull();
  });

  it('refuses anything that is not six digits before computing', () => {
    const secret = base32Encode(RFC_SEED);
    for (const code of ['', '12345', '1234567', '12345a', ' 123456']) expect(matchTotp(secret, code, 0)).toBeNull();
  });

  it('writes the otpauth address authenticator apps read', () => {
    const url = new URL(otpauthUrl('ABCDEF', 'ana@playz.fr', 'Playz'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Playz:ana@playz.fr');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'ABCDEF',
      issuer: 'Playz',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
