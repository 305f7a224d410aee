import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The gateway's request and notification signature: hex HMAC-SHA-256 of `timestamp.body` with the
 * shared secret, in X-Signature, the Unix timestamp in X-Timestamp. Five minutes of skew at most,
 * so a captured notification cannot be replayed much later (and replays are no-ops anyway).
 */
export const SIGNATURE_MAX_SKEW_SECONDS = 300;

export function signBody(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function isSignatureValid(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  nowSeconds: number,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowSeconds - timestamp) > SIGNATURE_MAX_SKEW_SECONDS) return false;
  const expected = Buffer.from(signBody(secret, timestamp, body), 'hex');
  const given = Buffer.from(headers.signature ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
