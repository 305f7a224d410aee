import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProviderRefusal, trimmedText, type ProviderNotice } from '../provider';

/** A request issued more than a day ago is refused: Facebook sends it as the person asks. */
const MAX_AGE_SECONDS = 24 * 3600;

/**
 * Facebook's data-deletion request callback (decision 086): a form field `signed_request`,
 * `<signature>.<payload>`, both base64url; the signature is HMAC-SHA256 of the payload part with
 * the app secret; the payload names the algorithm, the app-scoped user id and when it was issued.
 */
export function readDeletionRequest(body: Record<string, unknown>, appSecret: string, now: () => Date): ProviderNotice {
  const signed = typeof body.signed_request === 'string' ? body.signed_request : '';
  const [signature, payload, extra] = signed.split('.');
  if (!signature || !payload || extra !== undefined) throw new ProviderRefusal('signed_request malformed');
  const expected = createHmac('sha256', appSecret).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new ProviderRefusal('signed_request signature does not match');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new ProviderRefusal('signed_request payload is not JSON');
  }
  if (String(claims.algorithm).toUpperCase() !== 'HMAC-SHA256') throw new ProviderRefusal('unexpected algorithm');
  const subject = trimmedText(claims.user_id, 255);
  const issuedAt = Number(claims.issued_at);
  if (!subject || !Number.isInteger(issuedAt)) throw new ProviderRefusal('signed_request lacks user_id or issued_at');
  const age = now().getTime() / 1000 - issuedAt;
  if (age > MAX_AGE_SECONDS || age < -300) throw new ProviderRefusal('signed_request too old or from the future');
  return {
    id: `${subject}:${issuedAt}`,
    subject,
    event: 'account-delete',
    at: new Date(issuedAt * 1000),
    wantsConfirmation: true,
  };
}
