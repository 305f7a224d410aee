import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { loginPage } from '../login-page';
import { sandboxUsers } from '../users';
import { signRs256, verifyEs256 } from './jwt';
import { escapeHtml, isLocalCallback, readForm, sendHtml, sendJson, type Revocation } from './http';

/**
 * The public half of the Sign in with Apple key the server's demo settings sign client secrets with
 * (apps/server modules/sso/providers/config.ts SANDBOX_APPLE), registered here as Apple would have it.
 */
export const APPLE_SANDBOX_KEY = {
  teamId: 'PLAYZTEAM1',
  keyId: 'SANDBOXKEY',
  clientId: 'playz',
  publicJwk: {
    kty: 'EC',
    crv: 'P-256',
    x: 'Oit_u4qBVIz_jqmy456yUwFij6jSPAOrf661AZYftAM',
    y: 'kHRwc2-EHl_G2v_YXVE-U6OUa5iEp-mDVZyWxPO6Eeg',
  },
};
/** The kinds of Sign in with Apple server-to-server notifications. */
export type AppleNoticeType = 'email-disabled' | 'email-enabled' | 'consent-revoked' | 'account-delete';

/** Apple refuses a client secret whose expiry is more than 6 months after its issue. */
const MAX_SECRET_SECONDS = 15_777_000;

interface PendingSignIn {
  clientId: string;
  redirectUri: string;
  state: string | null;
  nonce: string | null;
}
interface IssuedCode {
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  sub: string;
  expiresAt: number;
}

/**
 * Sign in with Apple as Apple behaves (decision 078), under `<sandbox>/apple`:
 * `/auth/authorize` demands response_mode=form_post when name or email is asked, and answers with
 * a page that posts code, state and, on the first authorisation only, `user` (name and e-mail) to
 * the redirect URI; `/auth/token` takes only a client secret that is an ES256 JWT signed with the
 * registered key (iss team id, sub client id, aud Apple, kid, at most 6 months), and gives an ID
 * token with the nonce, the e-mail (a private relay address for who hides theirs) and Apple's
 * string booleans; `/auth/keys` publishes its signing key; `/auth/revoke` ends a grant.
 */
export function createAppleStandIn(issuer: string, revocations: Revocation[]) {
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'apple-sandbox';
  const pending = new Map<string, PendingSignIn>();
  const codes = new Map<string, IssuedCode>();
  const refreshTokens = new Map<string, string>(); // token -> sub
  const authorized = new Set<string>(); // `${clientId}:${sub}` after the first authorisation
  const users = sandboxUsers('apple');
  const emailOf = (sub: string) => {
    const user = users.find((u) => u.sub === sub)!;
    return user.relayEmail ?? user.login;
  };

  function idToken(sub: string, clientId: string, nonce: string | null): string {
    const now = Math.floor(Date.now() / 1000);
    const user = users.find((u) => u.sub === sub)!;
    return signRs256(
      {
        iss: issuer,
        aud: clientId,
        sub,
        iat: now,
        exp: now + 600,
        auth_time: now,
        ...(nonce ? { nonce, nonce_supported: true } : {}),
        email: emailOf(sub),
        email_verified: 'true',
        is_private_email: user.relayEmail ? 'true' : 'false',
      },
      signingKey.privateKey,
      kid,
    );
  }

  /** invalid_client unless the secret is the JWT Apple asks for, signed with the registered key. */
  function clientSecretProblem(clientId: string | null, secret: string | null): string | null {
    if (clientId !== APPLE_SANDBOX_KEY.clientId) return 'unknown client_id';
    if (!secret) return 'no client_secret';
    const jwt = verifyEs256(secret, APPLE_SANDBOX_KEY.publicJwk);
    if (!jwt) return 'client_secret is not an ES256 JWT signed with the registered key';
    const { header, claims } = jwt;
    const now = Math.floor(Date.now() / 1000);
    if (header.kid !== APPLE_SANDBOX_KEY.keyId) return 'kid is not the registered key id';
    if (claims.iss !== APPLE_SANDBOX_KEY.teamId) return 'iss is not the team id';
    if (claims.sub !== clientId) return 'sub is not the client id';
    if (claims.aud !== issuer) return `aud is not ${issuer}`;
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (!Number.isFinite(iat) || !Number.isFinite(exp) || iat > now + 60) return 'bad iat';
    if (exp <= now) return 'client_secret expired';
    if (exp - iat > MAX_SECRET_SECONDS) return 'client_secret lives longer than 6 months';
    return null;
  }

  async function authorize(url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    const q = url.searchParams;
    const scope = (q.get('scope') ?? '').split(/\s+/);
    if (q.get('client_id') !== APPLE_SANDBOX_KEY.clientId) return sendHtml(res, 400, 'invalid_client_id');
    if (!isLocalCallback(q.get('redirect_uri'), 'apple')) return sendHtml(res, 400, 'invalid_redirect_uri');
    if (q.get('response_type') !== 'code') return sendHtml(res, 400, 'unsupported_response_type');
    if ((scope.includes('name') || scope.includes('email')) && q.get('response_mode') !== 'form_post')
      return sendHtml(res, 400, 'response_mode must be form_post when name or email scope is requested');
    const id = randomBytes(12).toString('base64url');
    pending.set(id, {
      clientId: q.get('client_id')!,
      redirectUri: q.get('redirect_uri')!,
      state: q.get('state'),
      nonce: q.get('nonce'),
    });
    res.writeHead(302, { location: `${issuer}/auth/signin/${id}` });
    res.end();
    void req;
  }

  async function signIn(id: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const request = pending.get(id);
    if (!request) return sendHtml(res, 400, 'Sign-in expired');
    const action = `${new URL(issuer).pathname}/auth/signin/${id}`;
    if (req.method !== 'POST') return sendHtml(res, 200, loginPage({ providerName: 'Apple', action, users }));
    const form = await readForm(req);
    const user = users.find((u) => u.login === form.get('login') && u.password === form.get('password'));
    if (!user)
      return sendHtml(res, 401, loginPage({ providerName: 'Apple', action, users, error: 'Wrong e-mail or password' }));
    pending.delete(id);
    const code = `c.${randomBytes(24).toString('base64url')}`;
    codes.set(code, { ...request, sub: user.sub, expiresAt: Date.now() + 5 * 60 * 1000 });
    const fields: Record<string, string> = { code };
    if (request.state) fields.state = request.state;
    const first = !authorized.has(`${request.clientId}:${user.sub}`);
    authorized.add(`${request.clientId}:${user.sub}`);
    if (first)
      fields.user = JSON.stringify({
        name: { firstName: user.givenName, lastName: user.familyName },
        email: emailOf(user.sub),
      });
    // Apple's answer: a page that posts the fields to the redirect URI (form_post).
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    sendHtml(
      res,
      200,
      `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(
        request.redirectUri,
      )}">${inputs}<noscript><button type="submit">Continue</button></noscript></form></body></html>`,
    );
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = await readForm(req);
    const problem = clientSecretProblem(form.get('client_id'), form.get('client_secret'));
    if (problem) return sendJson(res, 400, { error: 'invalid_client', error_description: problem });
    if (form.get('grant_type') !== 'authorization_code') return sendJson(res, 400, { error: 'unsupported_grant_type' });
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? ''); // single use
    if (!code || code.expiresAt < Date.now() || code.clientId !== form.get('client_id'))
      return sendJson(res, 400, { error: 'invalid_grant' });
    if (code.redirectUri !== form.get('redirect_uri')) return sendJson(res, 400, { error: 'invalid_grant' });
    const refresh = `r.${randomBytes(24).toString('base64url')}`;
    refreshTokens.set(refresh, code.sub);
    sendJson(res, 200, {
      access_token: `a.${randomBytes(24).toString('base64url')}`,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: refresh,
      id_token: idToken(code.sub, code.clientId, code.nonce),
    });
  }

  async function revoke(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = await readForm(req);
    const problem = clientSecretProblem(form.get('client_id'), form.get('client_secret'));
    if (problem) return sendJson(res, 400, { error: 'invalid_client', error_description: problem });
    const sub = refreshTokens.get(form.get('token') ?? '');
    if (sub) {
      refreshTokens.delete(form.get('token')!);
      authorized.delete(`${form.get('client_id')}:${sub}`);
      revocations.push({ provider: 'apple', subject: sub });
    }
    res.writeHead(200);
    res.end();
  }

  return {
    /** Handles `/auth/...` (the path below `<sandbox>/apple`). */
    handle(path: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
      const url = new URL(path, 'http://x');
      const signInId = /^\/auth\/signin\/([\w-]+)$/.exec(url.pathname)?.[1];
      if (url.pathname === '/auth/authorize') return authorize(url, req, res);
      if (signInId) return signIn(signInId, req, res);
      if (url.pathname === '/auth/token' && req.method === 'POST') return token(req, res);
      if (url.pathname === '/auth/revoke' && req.method === 'POST') return revoke(req, res);
      if (url.pathname === '/auth/keys') {
        const jwk = signingKey.publicKey.export({ format: 'jwk' });
        sendJson(res, 200, { keys: [{ ...jwk, kid, use: 'sig', alg: 'RS256' }] });
        return Promise.resolve();
      }
      sendJson(res, 404, { error: 'not_found' });
      return Promise.resolve();
    },
    /**
     * A server-to-server notification as Apple posts it to the endpoint registered for our client
     * (decision 086): `{"payload": JWT}`, signed with the key of `/auth/keys`, whose `events`
     * claim is a JSON string with the type, the person's sub and event_time in milliseconds.
     */
    serverNotice(login: string, type: AppleNoticeType, at = Date.now()): { payload: string } {
      const user = users.find((u) => u.login === login);
      if (!user) throw new Error(`no Apple stand-in user ${login}`);
      const now = Math.floor(Date.now() / 1000);
      const events = {
        type,
        sub: user.sub,
        event_time: at,
        ...(type.startsWith('email-') ? { email: emailOf(user.sub), is_private_email: String(!!user.relayEmail) } : {}),
      };
      if (type === 'consent-revoked' || type === 'account-delete')
        authorized.delete(`${APPLE_SANDBOX_KEY.clientId}:${user.sub}`);
      const payload = signRs256(
        {
          iss: issuer,
          aud: APPLE_SANDBOX_KEY.clientId,
          iat: now,
          jti: randomBytes(16).toString('hex'),
          events: JSON.stringify(events),
        },
        signingKey.privateKey,
        kid,
      );
      return { payload };
    },
    /** What a native app gets from Apple's SDK for our client: an identity token (no nonce of ours). */
    nativeToken(login: string): string {
      const user = users.find((u) => u.login === login);
      if (!user) throw new Error(`no Apple stand-in user ${login}`);
      return idToken(user.sub, APPLE_SANDBOX_KEY.clientId, null);
    },
  };
}
