import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { SsoProviderConfig } from '../../config';

/**
 * The OpenID Connect side of one provider: discovery once (lazily, so the server starts even when
 * a provider is down), then authorization URLs, the code exchange and ID-token checks.
 */
export interface SsoClient {
  provider: SsoProviderConfig;
  authorizationUrl(params: { redirectUri: string; state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /** Code exchange with PKCE; the ID token's issuer, audience, signature, expiry and nonce are checked. */
  exchangeCode(currentUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<JWTPayload>;
  /** An ID token a native app got from the provider (POST /customer sso_id): issuer, audience, signature, expiry. */
  verifyIdToken(idToken: string): Promise<JWTPayload>;
}

export function createSsoClient(provider: SsoProviderConfig): SsoClient {
  let configuration: Promise<client.Configuration> | null = null;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  const isHttp = provider.issuer.startsWith('http://');

  function discover(): Promise<client.Configuration> {
    if (!configuration) {
      configuration = client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret || undefined,
        undefined,
        // Plain http only for local issuers (the sandbox); real providers are https.
        isHttp ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      );
      configuration.catch(() => (configuration = null)); // retried at the next sign-in
    }
    return configuration;
  }

  return {
    provider,

    async authorizationUrl({ redirectUri, state, nonce, codeChallenge }) {
      return client.buildAuthorizationUrl(await discover(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },

    async exchangeCode(currentUrl, checks) {
      const tokens = await client.authorizationCodeGrant(await discover(), currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      return claims as JWTPayload;
    },

    async verifyIdToken(idToken) {
      const config = await discover();
      const metadata = config.serverMetadata();
      if (!metadata.jwks_uri) throw new Error('provider has no jwks_uri');
      jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: metadata.issuer,
        audience: provider.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    },
  };
}
