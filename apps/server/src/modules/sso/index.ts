import fp from 'fastify-plugin';
import { registerApiCalls } from '../../plugins/api-scope';
import { createProviderNotices } from './provider-notices';
import { createSignOnProvider } from './providers';
import { createSealedGrants } from './sealed-grants';
import { createSsoRepository } from './sso.repository';
import { registerSsoRoutes } from './sso.routes';
import { createSsoService, type SsoService } from './sso.service';

export type { SsoService } from './sso.service';
// The accounts module's log-in and register calls accept a provider's ID token through these.
export { ssoLogIn, ssoRegister } from './sso-account-calls';

declare module 'fastify' {
  interface FastifyInstance {
    sso: SsoService;
  }
}

/** Social sign-on, one adapter per enabled provider (config.ssoProviders, decision 078). */
export default fp(
  async (app) => {
    const providers = app.config.ssoProviders.map((config) => createSignOnProvider(config, app.now));
    const repo = createSsoRepository(app.db);
    const grants = createSealedGrants(app.streamSecret);
    // Tokens an earlier version kept in clear are sealed before any is read (decision 086).
    const sealed = await grants.sealKeptInClear(repo);
    if (sealed > 0) app.log.info({ sealed }, 'SSO grant tokens sealed');
    const sso = createSsoService({
      providers,
      repo,
      grants,
      sessions: app.sessions,
      // Sessions start through the accounts module (device registered), read at call time.
      startSession: (customerId, device) => app.accounts.service.startSession(customerId, device),
      publicUrl: app.config.publicUrl,
      log: app.log,
      now: app.now,
    });
    const notices = createProviderNotices({
      providers: new Map(providers.map((p) => [p.id, p])),
      repo,
      signOutEverywhere: (customerId) => app.sessions.deleteAllOfCustomer(customerId),
      // The accounts module deletes as the owner would (decision 009), read at call time.
      deleteAccount: (customerId) => app.accounts.deleteCustomer(customerId),
      now: app.now,
    });
    app.decorate('sso', sso);
    await registerApiCalls(app, (api) =>
      registerSsoRoutes(api, {
        ...{ sso, notices, cookies: app.sessionCookies },
        ...{ checkResponses: app.checkResponses, publicUrl: app.config.publicUrl },
      }),
    );
  },
  { name: 'playz-sso', dependencies: ['playz-sessions'] },
);
