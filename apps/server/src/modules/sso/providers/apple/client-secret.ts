import { importPKCS8, SignJWT } from 'jose';
import type { AppleSignOnConfig } from '../config';

/** Apple refuses a client secret that lives longer than 6 months (15 777 000 seconds). */
export const APPLE_SECRET_MAX_SECONDS = 15_777_000;

/**
 * Apple's client secret is not a string it gives you but a JWT you sign (ES256) with your Sign in
 * with Apple key: iss your team id, sub your client id, aud Apple, kid your key id (decision 078).
 */
export async function appleClientSecret(
  config: Pick<AppleSignOnConfig, 'issuer' | 'clientId' | 'teamId' | 'keyId' | 'privateKeyPem'>,
  now: Date,
  lifetimeSeconds: number,
): Promise<string> {
  if (lifetimeSeconds <= 0 || lifetimeSeconds > APPLE_SECRET_MAX_SECONDS)
    throw new RangeError(`an Apple client secret lives at most ${APPLE_SECRET_MAX_SECONDS} s`);
  const key = await importPKCS8(config.privateKeyPem, 'ES256');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
    .setIssuer(config.teamId)
    .setSubject(config.clientId)
    .setAudience(config.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(key);
}
