import { ApiErrorNumber, apiError } from '@playz/domain';
import type { ClipCatalog } from '../../streaming/clip-catalog';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { StreamSigner } from '../../streaming/stream-signing';
import type { DrmKeyStore } from './drm-keys';
import type { LicenceTokens } from './licence-tokens';

/** ClearKey licence request and answer (W3C EME §9.1.3, §9.1.4): base64url key ids and keys. */
export interface ClearKeyRequest {
  kids?: unknown;
  type?: unknown;
}

const hexToBase64Url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');
const base64UrlToHex = (value: string) => Buffer.from(value, 'base64url').toString('hex');

/**
 * The DRM step of spec 2 §7 and the ClearKey licence server (decision 024). A token is given
 * only for a stream grant that still speaks for an entitled session (stream-authority.ts) and
 * for the key of the very clip the grant opens; a licence only for a genuine, unexpired,
 * unused token, and only the key that token names.
 */
export function createDrmService(deps: {
  signer: StreamSigner;
  authority: StreamAuthority;
  clips: ClipCatalog;
  keys: DrmKeyStore;
  tokens: LicenceTokens;
  now?: () => Date;
}) {
  const nowSeconds = () => Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
  return {
    async issueToken(input: { grant: string; contentAccessMode: 'View' | 'Preview'; contentSecurityId: string }) {
      const grant = deps.signer.verify(input.grant, nowSeconds());
      // An opening (decision 044) is never encrypted content's: it gets no key either way.
      if (!grant || grant.kind !== 'manifests' || grant.opening || grant.usage !== input.contentAccessMode) {
        throw apiError(ApiErrorNumber.Forbidden);
      }
      if (!(await deps.authority.allows(grant))) throw apiError(ApiErrorNumber.Forbidden);
      const clipKey = grant.prefix.replace(/^clips\//, '');
      const clip = await deps.clips.get(clipKey);
      if (clip?.protection?.kid !== input.contentSecurityId) throw apiError(ApiErrorNumber.Forbidden);
      const { token, expiresAt } = deps.tokens.issue(clip.protection.kid, grant.sessionId);
      return { Token: token, ExpiresAt: new Date(expiresAt * 1000).toISOString() };
    },

    /** The key id a genuine, unexpired, unused token was given for (it is now used), or null. */
    redeemToken: (token: string) => (token ? deps.tokens.redeem(token) : null),

    /** The ClearKey licence for a token, or null (refused). */
    licence(
      token: string,
      request: ClearKeyRequest,
    ): { keys: { kty: 'oct'; kid: string; k: string }[]; type: string } | null {
      const kid = deps.tokens.redeem(token);
      if (!kid) return null;
      const asked = Array.isArray(request.kids) ? request.kids.filter((k): k is string => typeof k === 'string') : [];
      if (!asked.map(base64UrlToHex).includes(kid)) return null;
      const key = deps.keys.byKid(kid);
      if (!key) return null;
      return { keys: [{ kty: 'oct', kid: hexToBase64Url(key.kid), k: hexToBase64Url(key.key) }], type: 'temporary' };
    },
  };
}
export type DrmService = ReturnType<typeof createDrmService>;
