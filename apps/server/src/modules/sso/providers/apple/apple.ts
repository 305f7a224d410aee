import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { AppleSignOnConfig } from '../config';
import { ProviderRefusal, trimmedText, type ProviderIdentity, type SignOnProvider } from '../provider';
import { appleClientSecret } from './client-secret';
import { readAppleNotice } from './server-notice';

/** A secret made for an hour and kept until 5 minutes before its end: well inside Apple's 6 months. */
const SECRET_SECONDS = 3600;
const SECRET_MARGIN_MS = 5 * 60 * 1000;

/**
 * Sign in with Apple (decision 078): asking for name and e-mail makes Apple post its answer back
 * (response_mode=form_post); the client secret is a JWT signed with our key; the ID token is
 * checked against Apple's keys with our nonce; the name comes only in the `user` field of the
 * first authorisation; the e-mail may be a private relay address, kept like any other.
 */
export function createAppleProvider(config: AppleSignOnConfig, now: () => Date = () => new Date()): SignOnProvider {
  const jwks = createRemoteJWKSet(new URL(`${config.issuer}/auth/keys`));
  let secret: { value: string; until: number } | null = null;

  async function clientSecret(): Promise<string> {
    const at = now();
    if (!secret || secret.until <= at.getTime()) {
      secret = {
        value: await appleClientSecret(config, at, SECRET_SECONDS),
        until: at.getTime() + SECRET_SECONDS * 1000 - SECRET_MARGIN_MS,
      };
    }
    return secret.value;
  }

  async function post(path: string, fields: Record<string, string>): Promise<Response> {
    return fetch(`${config.issuer}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  }

  async function verify(idToken: string, nonce: string | null): Promise<JWTPayload> {
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: config.issuer,
      audience: config.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (nonce !== null && payload.nonce !== nonce) throw new ProviderRefusal('nonce does not match');
    return payload;
  }

  function identityOf(claims: JWTPayload, user: AppleUser | null, refreshToken: string | null): ProviderIdentity {
    const subject = trimmedText(claims.sub, 255);
    if (!subject) throw new ProviderRefusal('no subject');
    return {
      subject,
      // Apple writes booleans as strings; a private relay address (is_private_email) is the
      // person's address for us: mail sent there reaches them.
      email: trimmedText(claims.email, 320),
      firstName: trimmedText(user?.name?.firstName),
      lastName: trimmedText(user?.name?.lastName),
      revokeToken: refreshToken,
    };
  }

  return {
    id: 'apple',
    name: config.name,
    clientId: config.clientId,
    responseMode: 'form_post',
    postOrigins: [new URL(config.issuer).origin],

    async authorizationUrl({ redirectUri, state, nonce }) {
      const url = new URL(`${config.issuer}/auth/authorize`);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'name email',
        // Apple requires form_post whenever name or email is asked for.
        response_mode: 'form_post',
        state,
        nonce,
      }).toString();
      return url;
    },

    async completeSignOn(answer, { redirectUri, nonce }) {
      const code = answer.get('code');
      if (!code) throw new ProviderRefusal('no code');
      const res = await post('/auth/token', {
        client_id: config.clientId,
        client_secret: await clientSecret(),
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
      });
      const body = (await res.json().catch(() => ({}))) as {
        id_token?: string;
        refresh_token?: string;
        error?: string;
      };
      if (!res.ok || !body.id_token) throw new ProviderRefusal(`token endpoint: ${body.error ?? res.status}`);
      const claims = await verify(body.id_token, nonce);
      return identityOf(claims, parseUser(answer.get('user')), body.refresh_token ?? null);
    },

    async verifyNativeToken(identityToken) {
      // A native app's nonce is its own, not ours: signature, issuer, audience and expiry only.
      return identityOf(await verify(identityToken, null), null, null);
    },

    async revokeGrant({ revokeToken }) {
      if (!revokeToken) return;
      const res = await post('/auth/revoke', {
        client_id: config.clientId,
        client_secret: await clientSecret(),
        token: revokeToken,
        token_type_hint: 'refresh_token',
      });
      if (!res.ok) throw new ProviderRefusal(`revoke: ${res.status}`);
    },

    async readNotice(body) {
      const payload = typeof body.payload === 'string' ? body.payload : '';
      if (!payload) throw new ProviderRefusal('no payload');
      // Signed with the same keys as the ID tokens, for our client id (its `aud`).
      const claims = await jwtVerify(payload, jwks, {
        issuer: config.issuer,
        audience: config.clientId,
        requiredClaims: ['iat', 'jti', 'events'],
      }).then(
        (verified) => verified.payload,
        (error: Error) => {
          throw new ProviderRefusal(`notice: ${error.message}`);
        },
      );
      return readAppleNotice(claims);
    },
  };
}

interface AppleUser {
  name?: { firstName?: unknown; lastName?: unknown };
  email?: unknown;
}

/** The `user` field Apple posts on the first authorisation only: JSON, or absent. */
function parseUser(value: string | null): AppleUser | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as AppleUser) : null;
  } catch {
    return null;
  }
}
