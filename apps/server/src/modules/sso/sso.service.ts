import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { JWTPayload } from 'jose';
import { SSO_ERROR_QUERY, ssoProviderId, type SsoProviderId } from '@playz/api-contract';
import { ApiErrorNumber, apiError, isApiError } from '@playz/domain';
import type { CallerContext } from '../../sessions/caller';
import type { SessionRepository } from '../../sessions/session.repository';
import { safeRequestedUrl } from './safe-redirect';
import type { SsoClient } from './sso.client';
import type { SsoRepository } from './sso.repository';

/** An authorization request must come back within 10 minutes. */
const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;
const hashState = (state: string) => createHash('sha256').update(`sso:${state}`).digest('hex');

export type StartSession = (customerId: number, device: CallerContext['device']) => Promise<string>;

export interface SignOnContext {
  device: CallerContext['device'];
  locale: string;
  country: string;
  /** The browser's session before this sign-in: it ends, the new one gets a new id. */
  previousSessionId: string | null;
}

export interface SignedOn {
  token: string;
  customerId: number;
}

export function createSsoService(deps: {
  clients: SsoClient[];
  repo: SsoRepository;
  sessions: SessionRepository;
  /** The accounts module's session start: registers the device, picks the first profile. */
  startSession: (customerId: number, device: CallerContext['device']) => Promise<string>;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const byId = new Map(deps.clients.map((c) => [c.provider.id, c]));

  function clientFor(source: string): SsoClient {
    const id = ssoProviderId(source);
    const found = id ? byId.get(id) : undefined;
    if (!found) throw apiError(ApiErrorNumber.SsoSourceNotValid);
    return found;
  }

  const callbackUrl = (id: SsoProviderId) => `${deps.publicUrl}/api/1.2/customer/sso/${id}/callback`;

  function readClaims(claims: JWTPayload) {
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 100) : null);
    const subject = text(claims.sub);
    if (!subject) throw apiError(ApiErrorNumber.SsoIdNotValid);
    return { subject, firstName: text(claims.given_name), lastName: text(claims.family_name) };
  }

  async function findOrCreate(
    sso: SsoClient,
    claims: JWTPayload,
    ctx: SignOnContext,
    names?: { firstName?: string; lastName?: string },
  ) {
    const { subject, firstName, lastName } = readClaims(claims);
    const { id, name } = sso.provider;
    const existing = await deps.repo.findCustomerId(id, subject);
    if (existing !== null) {
      await deps.repo.setLoggedWith(existing, name);
      return { customerId: existing, created: false };
    }
    const customerId = await deps.repo
      .createCustomer({
        provider: id,
        subject,
        providerName: name,
        firstName: names?.firstName || firstName,
        lastName: names?.lastName || lastName,
        locale: ctx.locale,
        country: ctx.country,
        now: now().toISOString(),
      })
      .catch(async (error: unknown) => {
        // Two first sign-ins at once: the other one created the account; use it.
        const raced = await deps.repo.findCustomerId(id, subject);
        if (raced === null) throw error;
        return raced;
      });
    return { customerId, created: true };
  }

  async function verifyOrReject(sso: SsoClient, idToken: string): Promise<JWTPayload> {
    try {
      return await sso.verifyIdToken(idToken);
    } catch (error) {
      deps.log.warn({ provider: sso.provider.id, reason: (error as Error).message }, 'SSO ID token refused');
      throw apiError(ApiErrorNumber.SsoIdNotValid);
    }
  }

  async function startSession(customerId: number, ctx: SignOnContext): Promise<SignedOn> {
    if (ctx.previousSessionId) await deps.sessions.delete(ctx.previousSessionId);
    const token = await deps.startSession(customerId, ctx.device);
    return { token, customerId };
  }

  return {
    /** Where to send the browser to sign in, and the state to bind to it (cookie). */
    async authorize(source: string, requestedUrl: string | undefined): Promise<{ location: string; state: string }> {
      const sso = clientFor(source);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await deps.repo.saveAuthorization({
        state_hash: hashState(state),
        provider: sso.provider.id,
        nonce,
        code_verifier: codeVerifier,
        requested_url: safeRequestedUrl(requestedUrl),
        expires_at: new Date(now().getTime() + AUTHORIZATION_TTL_MS).toISOString(),
      });
      const url = await sso.authorizationUrl({
        redirectUri: callbackUrl(sso.provider.id),
        state,
        nonce,
        codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
      });
      return { location: url.toString(), state };
    },

    /**
     * The provider sent the browser back. The state must be ours, unused, and the one this browser
     * started with (cookie), so nobody can log a victim into the attacker's account.
     */
    async callback(
      source: string,
      pathAndQuery: string,
      browserState: string | undefined,
      ctx: SignOnContext,
    ): Promise<SignedOn & { requestedUrl: string }> {
      const sso = clientFor(source);
      const currentUrl = new URL(pathAndQuery, deps.publicUrl);
      const state = currentUrl.searchParams.get('state') ?? '';
      if (!state || state !== browserState) throw apiError(ApiErrorNumber.SsoIdNotValid);
      const pending = await deps.repo.takeAuthorization(hashState(state), now().toISOString());
      if (!pending || pending.provider !== sso.provider.id) throw apiError(ApiErrorNumber.SsoIdNotValid);
      // The user cancelled at the provider (error=access_denied): back to the log-in page.
      if (currentUrl.searchParams.has('error')) throw apiError(ApiErrorNumber.Error);
      let claims: JWTPayload;
      try {
        claims = await sso.exchangeCode(currentUrl, {
          state,
          nonce: pending.nonce,
          codeVerifier: pending.code_verifier,
        });
      } catch (error) {
        deps.log.warn({ provider: sso.provider.id, reason: (error as Error).message }, 'SSO callback refused');
        throw apiError(ApiErrorNumber.SsoIdNotValid);
      }
      const { customerId } = await findOrCreate(sso, claims, ctx);
      return { ...(await startSession(customerId, ctx)), requestedUrl: pending.requested_url };
    },

    /** spec 1 §7 POST /customer with sso_source and sso_id (an ID token): 18, 17 otherwise. */
    async logInWithIdToken(source: string, idToken: string, ctx: SignOnContext): Promise<SignedOn> {
      const sso = clientFor(source);
      const claims = await verifyOrReject(sso, idToken);
      const { customerId } = await findOrCreate(sso, claims, ctx);
      return startSession(customerId, ctx);
    },

    /** spec 1 §7 POST /customer/register with sso fields: 19 when the subject has an account. */
    async registerWithIdToken(
      source: string,
      idToken: string,
      names: { firstName?: string; lastName?: string },
      ctx: SignOnContext,
    ): Promise<SignedOn> {
      const sso = clientFor(source);
      const claims = await verifyOrReject(sso, idToken);
      if ((await deps.repo.findCustomerId(sso.provider.id, readClaims(claims).subject)) !== null) {
        throw apiError(ApiErrorNumber.SsoIdAlreadyExists);
      }
      const { customerId } = await findOrCreate(sso, claims, ctx, names);
      return startSession(customerId, ctx);
    },

    /** The log-in page with the error number, when a browser flow fails. */
    failureLocation(error: unknown): string {
      const number = isApiError(error) ? error.number : ApiErrorNumber.Error;
      return `/customer/login?${SSO_ERROR_QUERY}=${number}`;
    },

    /** App.singleSignOns (spec 1 §3): name, appID (client id), redirectUri (our callback). */
    singleSignOns() {
      return deps.clients.map((c) => ({
        name: c.provider.name,
        appID: c.provider.clientId,
        redirectUri: callbackUrl(c.provider.id),
      }));
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
