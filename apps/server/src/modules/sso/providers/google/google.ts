import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { GoogleSignOnConfig } from '../config';
import { ProviderRefusal, trimmedText, type ProviderIdentity, type SignOnProvider } from '../provider';

/**
 * Google: OpenID Connect with PKCE (S256) and a nonce, both checked by openid-client with the ID
 * token's signature, issuer, audience and expiry (decisions 012, 078). Discovery is lazy, so the
 * server starts while Google is unreachable.
 */
export function createGoogleProvider(config: GoogleSignOnConfig): SignOnProvider {
  let discovered: Promise<client.Configuration> | null = null;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  function discover(): Promise<client.Configuration> {
    if (!discovered) {
      discovered = client.discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        undefined,
        // Plain http only for a local stand-in; Google is https.
        config.issuer.startsWith('http://')
          ? { execute: [client.allowInsecureRequests], timeout: 10 }
          : { timeout: 10 },
      );
      discovered.catch(() => (discovered = null)); // tried again at the next sign-in
    }
    return discovered;
  }

  const identityOf = (claims: JWTPayload, refreshToken: string | null): ProviderIdentity => {
    const subject = trimmedText(claims.sub, 255);
    if (!subject) throw new ProviderRefusal('no subject');
    return {
      subject,
      // An address Google has not verified is not the person's: not kept.
      email: claims.email_verified === true ? trimmedText(claims.email, 320) : null,
      firstName: trimmedText(claims.given_name),
      lastName: trimmedText(claims.family_name),
      revokeToken: refreshToken,
    };
  };

  return {
    id: 'google',
    name: config.name,
    clientId: config.clientId,
    responseMode: 'query',
    postOrigins: [],

    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      return client.buildAuthorizationUrl(await discover(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        // A refresh token, so that deleting the account can revoke the grant (decision 079).
        access_type: 'offline',
        // Google offers no sign-out for a site: after a log-out, the next person at this browser
        // chooses the account instead of being signed in as the last one (decision 079).
        prompt: 'select_account',
      });
    },

    async completeSignOn(answer, { redirectUri, state, nonce, codeVerifier }) {
      const currentUrl = new URL(redirectUri);
      for (const [key, value] of answer) currentUrl.searchParams.set(key, value);
      const tokens = await client.authorizationCodeGrant(await discover(), currentUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new ProviderRefusal('no ID token');
      return identityOf(claims as JWTPayload, tokens.refresh_token ?? null);
    },

    async verifyNativeToken(idToken) {
      const metadata = (await discover()).serverMetadata();
      if (!metadata.jwks_uri) throw new ProviderRefusal('no jwks_uri');
      jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: metadata.issuer,
        audience: config.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return identityOf(payload, null);
    },

    async revokeGrant({ revokeToken }) {
      // Google's revocation endpoint (discovery: revocation_endpoint) ends the whole grant.
      if (!revokeToken) return;
      await client.tokenRevocation(await discover(), revokeToken, { token_type_hint: 'refresh_token' });
    },
  };
}
