import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { loginPage } from './login-page';
import { SANDBOX_PROVIDERS, sandboxUsers, type SandboxProviderId } from './users';

/**
 * Three OpenID Connect providers in one process, one issuer per path
 * (`http://localhost:4001/google`, `/facebook`, `/apple`), so social sign-on runs end to end
 * without the real ones (ARCHITECTURE decision 5). Each has one client (SANDBOX_CLIENT) whose
 * redirect URIs may be any local `.../customer/sso/<provider>/callback`, because test and e2e
 * servers listen on random ports.
 */
export const SANDBOX_CLIENT = { clientId: 'playz', clientSecret: 'playz-sandbox-secret' } as const;

export interface ProviderSandbox {
  /** e.g. http://localhost:4001 */
  url: string;
  issuer(provider: SandboxProviderId): string;
  close(): Promise<void>;
}

function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy();
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function isLocalCallback(value: string, provider: SandboxProviderId): boolean {
  try {
    const url = new URL(value);
    const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    return isLocal && url.pathname.endsWith(`/customer/sso/${provider}/callback`);
  } catch {
    return false;
  }
}

function createProvider(id: SandboxProviderId, issuer: string): Provider {
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
        grant_types: ['authorization_code'],
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
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/${id}/interaction/${interaction.uid}` },
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
  const base = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: unknown, value: string) {
    return isLocalCallback(value, id) || base.call(this, value);
  };
  return provider;
}

/** The sign-in form: checks the test user's password, then grants openid email profile at once. */
async function handleInteraction(
  provider: Provider,
  id: SandboxProviderId,
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
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: user.sub }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

export async function startProviderSandbox(opts: { port?: number; host?: string } = {}): Promise<ProviderSandbox> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  const providers = new Map<SandboxProviderId, Provider>();
  for (const id of Object.keys(SANDBOX_PROVIDERS) as SandboxProviderId[]) {
    providers.set(id, createProvider(id, `${url}/${id}`));
  }

  server.on('request', (req: http.IncomingMessage & { originalUrl?: string }, res) => {
    const path = req.url ?? '/';
    const id = path.split('/')[1] as SandboxProviderId;
    const provider = providers.get(id);
    if (!provider) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end(`Provider sandbox: ${[...providers.keys()].map((p) => `${url}/${p}`).join(', ')}`);
    }
    if (path.startsWith(`/${id}/interaction/`)) {
      handleInteraction(provider, id, req, res).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`Sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
      });
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
