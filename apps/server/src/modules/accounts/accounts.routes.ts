import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import { clearSessionCookie, type SessionCookies } from '../../plugins/session';
import { ssoLogIn, ssoRegister, type SsoService } from '../sso';
import type { AccountEditService } from './account-edit.service';
import type { AccountsService } from './accounts.service';
import type { PromoCodeService } from './promo-code.service';
import { assertNotCrossSite, callerOf, sendSession } from '../../sessions/caller';

export function registerAccountsRoutes(
  app: FastifyInstance,
  deps: {
    accounts: AccountsService;
    edit: AccountEditService;
    promo: PromoCodeService;
    cookies: SessionCookies;
    checkResponses: boolean;
    /** Social log-in and registration with an ID token (modules/sso). */
    sso: SsoService;
  },
) {
  const opts = { checkResponses: deps.checkResponses };
  const ssoDeps = { sso: deps.sso, customerById: (id: number) => deps.accounts.customerById(id) };

  registerEndpoint(
    app,
    endpoints.getCustomer,
    async ({ auth, request }) => ({ Customer: await deps.accounts.currentCustomer(auth, request.common) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.logIn,
    async ({ auth, body, request, reply }) => {
      const { token, customer } =
        body.sso_source !== undefined
          ? await ssoLogIn(ssoDeps, request, { ...body, sso_source: body.sso_source })
          : await deps.accounts.logIn({ login: body.login, password: body.password }, callerOf(request));
      // A new session id at every log-in; the previous one (if any) dies once the new one exists,
      // so a failed attempt does not sign the browser out (no session fixation).
      await deps.accounts.logOut(auth);
      sendSession(request, reply, deps.cookies, token);
      return { Customer: customer };
    },
    opts,
  );

  registerEndpoint(
    app,
    endpoints.logOut,
    async ({ auth, reply }) => {
      await deps.accounts.logOut(auth);
      clearSessionCookie(reply, deps.cookies);
      return { Success: true };
    },
    opts,
  );

  registerEndpoint(
    app,
    endpoints.checkLogin,
    async ({ query, request }) => ({ Exists: await deps.accounts.checkLogin(query.login, request.ip) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.register,
    async ({ auth, body, request, reply }) => {
      // Checked before anything exists: a wrong code creates no account (decision 019).
      const promo = await deps.promo.check(body.promo_code, request.ip);
      const created =
        body.sso_source !== undefined
          ? await ssoRegister(ssoDeps, request, { ...body, sso_source: body.sso_source })
          : await deps.accounts.register(
              {
                login: body.login,
                password: body.password,
                passwordConfirm: body.password_confirm,
                parentalCode: body.parental_code,
                optin: body.optin,
              },
              callerOf(request),
            );
      const promoAccountId = promo ? await deps.promo.redeem(created.customer.UID, promo) : undefined;
      const customer =
        (promoAccountId !== undefined ? await deps.accounts.customerById(promoAccountId) : null) ?? created.customer;
      // Like log-in: the browser's previous session ends once the new one exists.
      await deps.accounts.logOut(auth);
      sendSession(request, reply, deps.cookies, created.token);
      return { Customer: customer, Result: 1 };
    },
    opts,
  );

  registerEndpoint(
    app,
    endpoints.deleteAccount,
    async ({ auth, request, reply }) => {
      assertNotCrossSite(request);
      // The provider grants are read before the identities go with the account, and revoked
      // once it is gone (Google revoke, Apple /auth/revoke, Facebook permissions; decision 079).
      const grants = await deps.sso.grantsOf(auth.customerId);
      await deps.edit.deleteAccount(auth);
      await deps.sso.revokeGrants(grants);
      clearSessionCookie(reply, deps.cookies);
      return { Success: true };
    },
    opts,
  );

  registerEndpoint(
    app,
    endpoints.checkToken,
    async ({ query }) => ({ Success: await deps.accounts.checkToken(query.token) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.checkEligibility,
    async ({ query, request }) => ({
      Eligibility: await deps.accounts.checkEligibility(query.cuid ?? request.common.cuid),
    }),
    opts,
  );
}
