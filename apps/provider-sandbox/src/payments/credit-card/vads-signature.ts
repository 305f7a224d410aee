import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The hosted page's signature (Lyra form protocol, HMAC-SHA-256): Base64 of HMAC-SHA-256, keyed
 * with the shop key, of the `vads_` values sorted by field name, joined with '+', then '+' and
 * the key. It signs the form the merchant posts, and the IPN and return the stand-in sends.
 */
export function signVads(fields: Readonly<Record<string, string>>, key: string): string {
  const names = Object.keys(fields)
    .filter((name) => name.startsWith('vads_'))
    .sort();
  const text = [...names.map((name) => fields[name]), key].join('+');
  return createHmac('sha256', key).update(text, 'utf8').digest('base64');
}

export function verifyVads(fields: Readonly<Record<string, string>>, key: string): boolean {
  const given = Buffer.from(fields.signature ?? '', 'base64');
  const expected = Buffer.from(signVads(fields, key), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Posts a form-encoded IPN, retried like a processor does (3 tries: now, +0.5 s, +2 s). */
export async function notifyForm(
  url: string,
  fields: Readonly<Record<string, string>>,
  log: (line: string) => void,
): Promise<boolean> {
  const body = new URLSearchParams(fields).toString();
  for (const delay of [0, 500, 2000]) {
    if (delay) await new Promise((r) => setTimeout(r, delay));
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return true;
      log(`IPN to ${url} answered ${response.status}`);
    } catch (error) {
      log(`IPN to ${url} failed: ${(error as Error).message}`);
    }
  }
  return false;
}
