import { createDecipheriv, createECDH, createPublicKey, hkdfSync, verify, type KeyObject } from 'node:crypto';

/** The public key of an uncompressed P-256 point (0x04 | x | y), as node:crypto takes it. */
export function p256PublicKey(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

export type VapidCheck = { ok: true; publicKey: string } | { ok: false; status: 401 | 403; reason: string };

/**
 * Checks a request's VAPID authorization as a push service does (RFC 8292): `vapid t=<JWT>,
 * k=<key>`, the JWT signed ES256 by that key, for this push service's origin (`aud`), not expired
 * and for at most 24 hours (`exp`), with a contact (`sub`); and the key the subscription was made
 * with, when it was made with one (403 otherwise, §4.2).
 */
export function checkVapid(
  authorization: string | undefined,
  opts: { origin: string; nowSeconds: number; applicationServerKey: string | null },
): VapidCheck {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) return { ok: false, status: 401, reason: 'no vapid authorization' };
  const params = Object.fromEntries(
    match[1]!.split(',').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name!.trim(), value.join('=').trim()];
    }),
  );
  const [header, claims, signature] = (params.t ?? '').split('.');
  if (!header || !claims || !signature || !params.k) return { ok: false, status: 401, reason: 'malformed vapid' };
  let key: KeyObject;
  try {
    key = p256PublicKey(Buffer.from(params.k, 'base64url'));
  } catch {
    return { ok: false, status: 401, reason: 'k is not a P-256 key' };
  }
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return { ok: false, status: 401, reason: 'bad signature' };
  let head: { alg?: string };
  let body: { aud?: string; exp?: number; sub?: string };
  try {
    head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, status: 401, reason: 'malformed jwt' };
  }
  if (head.alg !== 'ES256') return { ok: false, status: 401, reason: 'alg is not ES256' };
  if (body.aud !== opts.origin) return { ok: false, status: 401, reason: `aud is not ${opts.origin}` };
  if (typeof body.exp !== 'number' || body.exp <= opts.nowSeconds || body.exp > opts.nowSeconds + 24 * 3600)
    return { ok: false, status: 401, reason: 'exp is past or more than 24 hours ahead' };
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub))
    return { ok: false, status: 401, reason: 'sub is not a mailto: or https: contact' };
  if (opts.applicationServerKey && opts.applicationServerKey !== params.k)
    return { ok: false, status: 403, reason: 'not the key the subscription was made with' };
  return { ok: true, publicKey: params.k };
}

/**
 * Decrypts a Web Push message as the browser does (RFC 8291 over RFC 8188 aes128gcm): the header
 * gives the salt, record size and the sender's ephemeral key; the key and nonce come from ECDH with
 * the subscription's private key and its auth secret. One record, ending with the 0x02 delimiter.
 */
export function decryptPushMessage(body: Buffer, receiver: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }) {
  if (body.length < 21) throw new Error('shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('the key id is not a P-256 point');
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end);
}
