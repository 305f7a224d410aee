import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** The few JWT operations the stand-ins need, with node:crypto (no package of their own). */
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signRs256(payload: object, privateKey: KeyObject, kid: string): string {
  const input = `${b64({ alg: 'RS256', kid, typ: 'JWT' })}.${b64(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
}

/** Verifies an ES256 JWT with the given public JWK; the header and claims, or null when it fails. */
export function verifyEs256(
  token: string,
  publicJwk: Record<string, string>,
): { header: Record<string, unknown>; claims: Record<string, unknown> } | null {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return null;
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>;
    if (header.alg !== 'ES256') return null;
    const key = createPublicKey({ key: publicJwk, format: 'jwk' });
    const ok = verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url'),
    );
    if (!ok) return null;
    return { header, claims: JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown> };
  } catch {
    return null;
  }
}
