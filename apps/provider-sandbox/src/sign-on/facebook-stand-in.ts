import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { loginPage } from '../login-page';
import { sandboxUsers } from '../users';
import { isLocalCallback, readForm, sendHtml, sendJson, type Revocation } from './http';

/**
 * The apps the Facebook stand-in knows: ours (the server's demo settings, apps/server
 * modules/sso/providers/config.ts) and another one, whose tokens ours must not accept.
 */
export const FACEBOOK_SANDBOX_APPS = {
  playz: { appId: 'playz', appSecret: 'playz-facebook-sandbox-secret' },
  other: { appId: 'other-app', appSecret: 'other-app-sandbox-secret' },
} as const;

const graphError = (res: http.ServerResponse, message: string, code = 100, type = 'OAuthException') =>
  sendJson(res, 400, { error: { message, type, code, fbtrace_id: randomBytes(6).toString('hex') } });

interface PendingDialog {
  appId: string;
  redirectUri: string;
  state: string | null;
  scope: string[];
}
interface UserToken {
  appId: string;
  sub: string;
  emailGranted: boolean;
}

/**
 * Facebook Login as Facebook behaves (decision 078), under `<sandbox>/facebook`: OAuth 2 only, no
 * ID token. `/dialog/oauth` signs the person in and redirects with code and state; the code
 * becomes an access token at `/oauth/access_token` (GET, with the app secret, the same redirect
 * URI, once); `/me?fields=id,name,email` answers with app-scoped ids and requires appsecret_proof,
 * HMAC-SHA256 of the token with the secret of the app the token was issued to ("Require App
 * Secret" on); the e-mail only if granted; `DELETE /{id}/permissions` with the app token removes
 * the app from the person's account.
 */
export function createFacebookStandIn(base: string, revocations: Revocation[]) {
  const apps = Object.values(FACEBOOK_SANDBOX_APPS);
  const pending = new Map<string, PendingDialog>();
  const codes = new Map<string, { appId: string; redirectUri: string; token: UserToken; expiresAt: number }>();
  const tokens = new Map<string, UserToken>();
  const users = sandboxUsers('facebook');
  const proofOk = (token: string, appSecret: string, proof: string | null) => {
    if (!proof) return false;
    const expected = Buffer.from(createHmac('sha256', appSecret).update(token).digest('hex'));
    const given = Buffer.from(proof);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  function issueToken(appId: string, login: string): string {
    const user = users.find((u) => u.login === login);
    if (!user) throw new Error(`no Facebook stand-in user ${login}`);
    const token = `EAA${randomBytes(24).toString('base64url')}`;
    tokens.set(token, { appId, sub: user.sub, emailGranted: !user.declinesEmail });
    return token;
  }

  async function dialog(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const app = apps.find((a) => a.appId === q.get('client_id'));
    if (!app) return sendHtml(res, 400, 'Invalid App ID');
    if (!isLocalCallback(q.get('redirect_uri'), 'facebook'))
      return sendHtml(res, 400, "URL blocked: this redirect URI is not whitelisted in the app's client OAuth settings");
    const id = randomBytes(12).toString('base64url');
    pending.set(id, {
      appId: app.appId,
      redirectUri: q.get('redirect_uri')!,
      state: q.get('state'),
      scope: (q.get('scope') ?? '').split(','),
    });
    res.writeHead(302, { location: `${base}/login/${id}` });
    res.end();
  }

  async function login(id: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const request = pending.get(id);
    if (!request) return sendHtml(res, 400, 'Sign-in expired');
    const action = `${new URL(base).pathname}/login/${id}`;
    if (req.method !== 'POST') return sendHtml(res, 200, loginPage({ providerName: 'Facebook', action, users }));
    const form = await readForm(req);
    const user = users.find((u) => u.login === form.get('login') && u.password === form.get('password'));
    if (!user)
      return sendHtml(
        res,
        401,
        loginPage({ providerName: 'Facebook', action, users, error: 'Wrong e-mail or password' }),
      );
    pending.delete(id);
    const code = `AQ${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      appId: request.appId,
      redirectUri: request.redirectUri,
      token: {
        appId: request.appId,
        sub: user.sub,
        emailGranted: request.scope.includes('email') && !user.declinesEmail,
      },
      expiresAt: Date.now() + 10 * 60 * 1000,
    });
    const back = new URL(request.redirectUri);
    back.searchParams.set('code', code);
    if (request.state) back.searchParams.set('state', request.state);
    back.hash = '_=_'; // what Facebook appends to every redirect
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function accessToken(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const app = apps.find((a) => a.appId === q.get('client_id'));
    if (!app || q.get('client_secret') !== app.appSecret) return graphError(res, 'Error validating client secret.', 1);
    const code = codes.get(q.get('code') ?? '');
    codes.delete(q.get('code') ?? ''); // single use
    if (!code || code.expiresAt < Date.now() || code.appId !== app.appId)
      return graphError(res, 'This authorization code has been used.');
    if (code.redirectUri !== q.get('redirect_uri'))
      return graphError(res, 'Error validating verification code. Please make sure your redirect_uri is identical');
    const token = `EAA${randomBytes(24).toString('base64url')}`;
    tokens.set(token, code.token);
    sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
  }

  function me(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const token = tokens.get(q.get('access_token') ?? '');
    if (!token) return graphError(res, 'Invalid OAuth access token - Cannot parse access token', 190);
    const app = apps.find((a) => a.appId === token.appId)!;
    if (!proofOk(q.get('access_token')!, app.appSecret, q.get('appsecret_proof')))
      return graphError(res, 'Invalid appsecret_proof provided in the API argument', 100, 'GraphMethodException');
    const user = users.find((u) => u.sub === token.sub)!;
    const fields = (q.get('fields') ?? 'id,name').split(',');
    const all: Record<string, string> = { id: user.sub, name: `${user.givenName} ${user.familyName}` };
    if (token.emailGranted) all.email = user.login;
    sendJson(res, 200, Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])));
  }

  function deletePermissions(sub: string, url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const given = q.get('access_token') ?? '';
    const app = apps.find((a) => given === `${a.appId}|${a.appSecret}`);
    const userToken = tokens.get(given);
    const owner = app ?? apps.find((a) => a.appId === userToken?.appId);
    if (!owner) return graphError(res, 'Invalid OAuth access token', 190);
    if (!proofOk(given, owner.appSecret, q.get('appsecret_proof')))
      return graphError(res, 'Invalid appsecret_proof provided in the API argument', 100, 'GraphMethodException');
    for (const [token, t] of tokens) if (t.sub === sub && t.appId === owner.appId) tokens.delete(token);
    revocations.push({ provider: 'facebook', subject: sub });
    sendJson(res, 200, { success: true });
  }

  return {
    /** Handles the path below `<sandbox>/facebook`: the dialog and the Graph API share it here. */
    async handle(path: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
      const url = new URL(path, 'http://x');
      const loginId = /^\/login\/([\w-]+)$/.exec(url.pathname)?.[1];
      const permissionsOf = /^\/([\w-]+)\/permissions$/.exec(url.pathname)?.[1];
      if (url.pathname === '/dialog/oauth') return dialog(url, res);
      if (loginId) return login(loginId, req, res);
      if (url.pathname === '/oauth/access_token') return accessToken(url, res);
      if (url.pathname === '/me' && req.method === 'GET') return me(url, res);
      if (permissionsOf && req.method === 'DELETE') return deletePermissions(permissionsOf, url, res);
      graphError(res, 'Unsupported request', 100);
    },
    /** What a native app gets from Facebook's SDK: a user access token of the given app. */
    nativeToken(login: string, appId: string = FACEBOOK_SANDBOX_APPS.playz.appId): string {
      return issueToken(appId, login);
    },
    /**
     * The data-deletion request callback as Facebook posts it to the URL an app registers
     * (decision 086): a form with `signed_request`, base64url(HMAC-SHA256 of the payload with the
     * app secret) "." base64url(JSON payload: algorithm, issued_at, user_id).
     */
    dataDeletionRequest(login: string, app: keyof typeof FACEBOOK_SANDBOX_APPS = 'playz', issuedAt = Date.now()) {
      const user = users.find((u) => u.login === login);
      if (!user) throw new Error(`no Facebook stand-in user ${login}`);
      const payload = Buffer.from(
        JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(issuedAt / 1000), user_id: user.sub }),
      ).toString('base64url');
      const signature = createHmac('sha256', FACEBOOK_SANDBOX_APPS[app].appSecret).update(payload).digest('base64url');
      return { signed_request: `${signature}.${payload}` };
    },
  };
}
