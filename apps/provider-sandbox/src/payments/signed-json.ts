import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signing of the JSON APIs the payment stand-ins speak (operator gateway): hex HMAC-SHA-256 of
 * `timestamp.body`, in X-Signature with X-Timestamp, five minutes of skew at most.
 */
export function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function verify(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  body: string,
): boolean {
  const at = Number(timestamp);
  if (!Number.isSafeInteger(at) || Math.abs(Date.now() / 1000 - at) > 300) return false;
  const expected = Buffer.from(sign(secret, at, body), 'hex');
  const given = Buffer.from(signature ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Posts a signed JSON notification, retried like a provider does (3 tries: now, +0.5 s, +2 s). */
export async function notify(
  url: string,
  secret: string,
  payload: unknown,
  log: (line: string) => void,
): Promise<boolean> {
  const body = JSON.stringify(payload);
  for (const delay of [0, 500, 2000]) {
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-timestamp': String(timestamp),
          'x-signature': sign(secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return true;
      log(`notification to ${url} answered ${response.status}`);
    } catch (error) {
      log(`notification to ${url} failed: ${(error as Error).message}`);
    }
  }
  return false;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
