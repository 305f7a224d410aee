import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type Configuration } from 'oidc-provider';
import { loginPage } from './login-page';
import { createAppleStandIn, type AppleNoticeType } from './sign-on/apple-stand-in';
import { createFacebookStandIn } from './sign-on/facebook-stand-in';
import { isLocalCallback, readForm, type Revocation } from './sign-on/http';
import { SANDBOX_PROVIDERS, sandboxUsers, type SandboxProviderId } from './users';

/**
 * The three sign-on providers in one process, each speaking its own protocol under its own path
 * (decision 078): `/google` an OpenID Connect issuer (oidc-provider) with PKCE, nonce, refresh
 * tokens, revocation and Google's prompt=select_account; `/apple` Sign in with Apple (form_post,
 * JWT client secret, name once, private relay addresses); `/facebook` Facebook Login and the
 * Graph API (appsecret_proof). Redirect URIs may be any local `.../customer/sso/<provider>/callback`,
 * because test and e2e servers listen on random ports.
 */
export const SANDBOX_CLIENT = { clientId: 'playz', clientSecret: 'playz-sandbox-secret' } as const;

export interface ProviderSandbox {
  /** e.g. http://localhost:4001 */
  url: string;
  issuer(provider: SandboxProviderId): string;
  /** The grants revoked so far (account deletion), oldest first. */
  revocations(): Revocation[];
  /**
   * What a native app gets from the provider's SDK for a person: Apple an identity token, Facebook
   * a user access token (of `appId`, ours by default). Google's goes through its OIDC flow.
   */
  nativeToken(provider: 'apple' | 'facebook', login: string, appId?: string): string;
  /**
   * What the provider posts to our notice endpoint on its own (decision 086): Apple's signed
   * server-to-server notification of `type`, Facebook's data-deletion request (`type` ignored).
   */
  serverNotice(
    provider: 'apple' | 'facebook',
    login: string,
    type?: AppleNoticeType,
    at?: number,
  ): Record<string, string>;
  close(): Promise<void>;
}

/** Google asks which account when told to (prompt=select_account): a prompt of its own here. */
function googlePolicy() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  return policy;
}

function createProvider(id: 'google', issuer: string, revocations: Revocation[]): Provider {
  const users = sandboxUsers(id);
  // A fresh signing key per start: tokens of an earlier run are refused, as after a key rotation.
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const configuration: Configuration = {
    jwks: { keys: [{ ...signingKey, kid: `${id}-sandbox`, use: 'sig', alg: 'RS256' }] as never },
    clients: [
      {
        client_id: SANDBOX_CLIENT.clientId,
        client_secret: SANDBOX_CLIENT.clientSecret,
        redirect_uris: [`http://localhost:3000/api/1.2/customer/sso/${id}/callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // Claims go into the ID token itself: the server reads them without a userinfo call.
    conformIdTokenClaims: false,
    cookies: {
      keys: [`sandbox-${id}-cookie-key`],
      names: { session: `_${id}_session`, interaction: `_${id}_interaction`, resume: `_${id}_resume` },
    },
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    // Google gives a refresh token to a web client that asks for offline access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    extraParams: ['access_type'],
    interactions: { url: (_ctx, interaction) => `/${id}/interaction/${interaction.uid}`, policy: googlePolicy() },
    async findAccount(_ctx, sub) {
      const user = users.find((u) => u.sub === sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: user.login,
            email_verified: true,
            name: `${user.givenName} ${user.familyName}`,
            given_name: user.givenName,
            family_name: user.familyName,
          };
        },
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  // Revoking the refresh token ends the grant (Google's revoke endpoint): remembered for tests.
  provider.on('grant.revoked', (_ctx, grantId: string) => {
    const subject = grantSubjects.get(grantId);
    if (subject) revocations.push({ provider: 'google', subject });
  });
  const base = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: unknown, value: string) {
    return isLocalCallback(value, id) || base.call(this, value);
  };
  return provider;
}

/** The sign-in form: checks the test user's password, then grants openid email profile at once. */
const grantSubjects = new Map<string, string>();

async function handleInteraction(
  provider: Provider,
  id: 'google',
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  const details = await provider.interactionDetails(req, res);
  const action = `/${id}/interaction/${details.uid}`;
  const page = (error?: string) => {
    res.writeHead(error ? 401 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(loginPage({ providerName: SANDBOX_PROVIDERS[id].name, action, users: sandboxUsers(id), error }));
  };
  if (req.method !== 'POST') return page();
  const form = await readForm(req);
  const user = sandboxUsers(id).find((u) => u.login === form.get('login') && u.password === form.get('password'));
  if (!user) return page('Wrong e-mail or password');
  const grant = new provider.Grant({ accountId: user.sub, clientId: String(details.params.client_id) });
  grant.addOIDCScope('openid email profile');
  const grantId = await grant.save();
  grantSubjects.set(grantId, user.sub);
  await provider.interactionFinished(
    req,
    res,
    { select_account: {}, login: { accountId: user.sub }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

export async function startProviderSandbox(opts: { port?: number; host?: string } = {}): Promise<ProviderSandbox> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  const revocations: Revocation[] = [];
  const google = createProvider('google', `${url}/google`, revocations);
  const apple = createAppleStandIn(`${url}/apple`, revocations);
  const facebook = createFacebookStandIn(`${url}/facebook`, revocations);
  const failed = (res: http.ServerResponse) => (error: unknown) => {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(`Stand-in failed: ${error instanceof Error ? error.message : String(error)}`);
  };

  server.on('request', (req: http.IncomingMessage & { originalUrl?: string }, res) => {
    const path = req.url ?? '/';
    const id = path.split('/')[1] as SandboxProviderId;
    if (id === 'apple') return void apple.handle(path.slice('/apple'.length) || '/', req, res).catch(failed(res));
    if (id === 'facebook')
      return void facebook.handle(path.slice('/facebook'.length) || '/', req, res).catch(failed(res));
    const provider = id === 'google' ? google : null;
    if (!provider) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end(
        `Provider sandbox: ${Object.keys(SANDBOX_PROVIDERS)
          .map((p) => `${url}/${p}`)
          .join(', ')}`,
      );
    }
    if (path.startsWith(`/${id}/interaction/`)) {
      handleInteraction(provider, 'google', req, res).catch(failed(res));
      return;
    }
    // Mounted under /<provider>: the provider sees its own paths and builds URLs with the prefix.
    req.originalUrl = path;
    req.url = path.slice(id.length + 1) || '/';
    void provider.callback()(req, res);
  });

  return {
    url,
    issuer: (id) => `${url}/${id}`,
    revocations: () => [...revocations],
    nativeToken: (provider, login, appId) =>
      provider === 'apple' ? apple.nativeToken(login) : facebook.nativeToken(login, appId),
    serverNotice: (provider, login, type = 'account-delete', at) =>
      provider === 'apple' ? apple.serverNotice(login, type, at) : facebook.dataDeletionRequest(login, 'playz', at),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
