import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The hosted page's signature (Lyra form protocol, HMAC-SHA-256 variant): the values of every
 * `vads_` field, sorted by field name, joined with '+', then '+' and the shop key; HMAC-SHA-256
 * of that text (UTF-8) with the key, in Base64. The same computation signs the form we send and
 * checks the IPN and the return we receive; fields that are not `vads_` are not covered.
 */
export function signatureText(fields: Readonly<Record<string, string>>, key: string): string {
  const names = Object.keys(fields)
    .filter((name) => name.startsWith('vads_'))
    .sort();
  return [...names.map((name) => fields[name]), key].join('+');
}

export function signFields(fields: Readonly<Record<string, string>>, key: string): string {
  return createHmac('sha256', key).update(signatureText(fields, key), 'utf8').digest('base64');
}

export function isFieldsSignatureValid(fields: Readonly<Record<string, string>>, key: string): boolean {
  const given = Buffer.from(fields.signature ?? '', 'base64');
  const expected = Buffer.from(signFields(fields, key), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
