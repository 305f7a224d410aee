import { decodeGrant, encodeGrant, type StreamSigner } from '../../../apps/server/src/streaming/stream-signing';

/**
 * The signing benchmark's peer: the same grants in the same token shape (payload `.` signature),
 * with a constant in place of the HMAC, and verify reading the payload without checking it. All
 * else — the routes, the authority, the manifests — is the same server.
 */
export function createUnsignedSigner(): StreamSigner {
  return {
    sign: (grant) => `${encodeGrant(grant)}.unsigned`,
    verify(token, nowSeconds) {
      const [payload, signature, extra] = token.split('.');
      return payload && signature === 'unsigned' && extra === undefined ? decodeGrant(payload, nowSeconds) : null;
    },
  };
}
