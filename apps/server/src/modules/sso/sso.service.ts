import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { SSO_ERROR_QUERY, ssoProviderId, type SsoProviderId } from '@playz/api-contract';
import { ApiErrorNumber, apiError, isApiError } from '@playz/domain';
import type { CallerContext } from '../../sessions/caller';
import type { SessionRepository } from '../../sessions/session.repository';
import { safeRequestedUrl } from './safe-redirect';
import type { ProviderIdentity, SignOnProvider } from './providers';
import type { SealedGrants } from './sealed-grants';
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
  providers: SignOnProvider[];
  repo: SsoRepository;
  /** The providers' grant tokens are kept sealed (decision 086). */
  grants: SealedGrants;
  sessions: SessionRepository;
  /** The accounts module's session start: registers the device, picks the first profile. */
  startSession: (customerId: number, device: CallerContext['device']) => Promise<string>;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const byId = new Map(deps.providers.map((p) => [p.id, p]));

  function clientFor(source: string): SignOnProvider {
    const id = ssoProviderId(source);
    const found = id ? byId.get(id) : undefined;
    if (!found) throw apiError(ApiErrorNumber.SsoSourceNotValid);
    return found;
  }

  const callbackUrl = (id: SsoProviderId) => `${deps.publicUrl}/api/1.2/customer/sso/${id}/callback`;

  async function findOrCreate(
    sso: SignOnProvider,
    identity: ProviderIdentity,
    ctx: SignOnContext,
    names?: { firstName?: string; lastName?: string },
  ) {
    const { id, name } = sso;
    const { subject } = identity;
    const existing = await deps.repo.findCustomerId(id, subject);
    if (existing !== null) {
      await deps.repo.signedInAgain(
        existing,
        name,
        { ...identity, revokeToken: deps.grants.seal(identity.revokeToken) },
        id,
      );
      return { customerId: existing, created: false };
    }
    const customerId = await deps.repo
      .createCustomer({
        provider: id,
        subject,
        providerName: name,
        // Apple gives the name on the first authorisation only: kept now, never asked again.
        firstName: names?.firstName || identity.firstName,
        lastName: names?.lastName || identity.lastName,
        email: identity.email,
        revokeToken: deps.grants.seal(identity.revokeToken),
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

  /** A provider's refusal is 17 (SSO id not valid); the reason goes to the log only. */
  async function asked<T>(sso: SignOnProvider, what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isApiError(error)) throw error;
      deps.log.warn({ provider: sso.id, reason: (error as Error).message }, `SSO ${what} refused`);
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
        provider: sso.id,
        nonce,
        code_verifier: codeVerifier,
        requested_url: safeRequestedUrl(requestedUrl),
        expires_at: new Date(now().getTime() + AUTHORIZATION_TTL_MS).toISOString(),
        posted_user: null,
      });
      const url = await asked(sso, 'authorize', () =>
        sso.authorizationUrl({ redirectUri: callbackUrl(sso.id), state, nonce, codeVerifier }),
      );
      return { location: url.toString(), state };
    },

    /**
     * A provider that posts its answer (Apple's form_post) posts it from its own site, so the
     * browser sends none of our SameSite=Lax cookies with it: the state cannot be matched to this
     * browser here. The answer is kept with its pending authorization (the `user` field Apple sends
     * once) and the browser is sent on to the GET callback, a top-level navigation that carries the
     * cookies, where every check is made (decision 078). An answer without a pending state of this
     * provider is refused here.
     */
    async receivePostedAnswer(source: string, form: Record<string, unknown>): Promise<string> {
      const sso = clientFor(source);
      if (sso.responseMode !== 'form_post') throw apiError(ApiErrorNumber.SsoSourceNotValid);
      const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
      const state = field('state');
      if (!state) throw apiError(ApiErrorNumber.SsoIdNotValid);
      const user = field('user').slice(0, 2000) || null;
      const kept = await deps.repo.keepPostedAnswer(hashState(state), sso.id, user, now().toISOString());
      if (!kept) throw apiError(ApiErrorNumber.SsoIdNotValid);
      const next = new URLSearchParams({ state });
      for (const name of ['code', 'error']) if (field(name)) next.set(name, field(name));
      return `/api/1.2/customer/sso/${sso.id}/callback?${next.toString()}`;
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
      const answer = new URL(pathAndQuery, deps.publicUrl).searchParams;
      const state = answer.get('state') ?? '';
      if (!state || state !== browserState) throw apiError(ApiErrorNumber.SsoIdNotValid);
      const pending = await deps.repo.takeAuthorization(hashState(state), now().toISOString());
      if (!pending || pending.provider !== sso.id) throw apiError(ApiErrorNumber.SsoIdNotValid);
      // The user cancelled at the provider (error=access_denied, user_cancelled_authorize).
      if (answer.has('error')) throw apiError(ApiErrorNumber.Error);
      if (pending.posted_user) answer.set('user', pending.posted_user);
      const identity = await asked(sso, 'callback', () =>
        sso.completeSignOn(answer, {
          redirectUri: callbackUrl(sso.id),
          state,
          nonce: pending.nonce,
          codeVerifier: pending.code_verifier,
        }),
      );
      const { customerId } = await findOrCreate(sso, identity, ctx);
      return { ...(await startSession(customerId, ctx)), requestedUrl: pending.requested_url };
    },

    /** spec 1 §7 POST /customer with sso_source and sso_id (an ID token): 18, 17 otherwise. */
    async logInWithIdToken(source: string, idToken: string, ctx: SignOnContext): Promise<SignedOn> {
      const sso = clientFor(source);
      const identity = await asked(sso, 'native token', () => sso.verifyNativeToken(idToken));
      const { customerId } = await findOrCreate(sso, identity, ctx);
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
      const identity = await asked(sso, 'native token', () => sso.verifyNativeToken(idToken));
      if ((await deps.repo.findCustomerId(sso.id, identity.subject)) !== null) {
        throw apiError(ApiErrorNumber.SsoIdAlreadyExists);
      }
      const { customerId } = await findOrCreate(sso, identity, ctx, names);
      return startSession(customerId, ctx);
    },

    /** The log-in page with the error number, when a browser flow fails. */
    failureLocation(error: unknown): string {
      const number = isApiError(error) ? error.number : ApiErrorNumber.Error;
      return `/customer/login?${SSO_ERROR_QUERY}=${number}`;
    },

    /** App.singleSignOns (spec 1 §3): name, appID (client id), redirectUri (our callback). */
    singleSignOns() {
      return deps.providers.map((p) => ({ name: p.name, appID: p.clientId, redirectUri: callbackUrl(p.id) }));
    },

    /** The origins a provider posts its answer from (Apple's form_post), for the POST callback. */
    postOrigins(source: string): string[] {
      const id = ssoProviderId(source);
      return (id && byId.get(id)?.postOrigins) || [];
    },

    /**
     * The social accounts the account signs in with, for its owner's account page (decision 086):
     * the provider, the address it gave (an Apple relay one says whether Apple still forwards).
     */
    async socialAccounts(customerId: number) {
      const rows = await deps.repo.identitiesOf(customerId);
      return rows.flatMap((row) => {
        const sso = byId.get(row.provider as SsoProviderId);
        if (!sso) return [];
        return [
          {
            provider: sso.name,
            email: row.email,
            emailForwarding: row.email_forwarding === 1,
            since: row.created_at,
          },
        ];
      });
    },

    /** What account deletion revokes, read before the identities go with the account (decision 079). */
    grantsOf(customerId: number) {
      return deps.repo.grantsOf(customerId);
    },

    /**
     * Revokes each grant at its provider (Google revoke, Apple /auth/revoke, Facebook DELETE
     * /{id}/permissions). The account is already gone: a provider that fails is logged, and the
     * deletion still succeeds (spec 1 §4).
     */
    async revokeGrants(grants: { provider: string; subject: string; revoke_token: string | null }[]) {
      await Promise.all(
        grants.map(async (grant) => {
          const sso = byId.get(grant.provider as SsoProviderId);
          if (!sso) return;
          try {
            await sso.revokeGrant({ subject: grant.subject, revokeToken: deps.grants.open(grant.revoke_token) });
          } catch (error) {
            deps.log.warn({ provider: sso.id, reason: (error as Error).message }, 'SSO grant not revoked');
          }
        }),
      );
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
