import fp from 'fastify-plugin';
import { registerApiCalls } from '../../plugins/api-scope';
import { createSignOnProvider } from './providers';
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
    const sso = createSsoService({
      providers: app.config.ssoProviders.map((config) => createSignOnProvider(config, app.now)),
      repo: createSsoRepository(app.db),
      sessions: app.sessions,
      // Sessions start through the accounts module (device registered), read at call time.
      startSession: (customerId, device) => app.accounts.service.startSession(customerId, device),
      publicUrl: app.config.publicUrl,
      log: app.log,
      now: app.now,
    });
    app.decorate('sso', sso);
    await registerApiCalls(app, (api) => registerSsoRoutes(api, { sso, cookies: app.sessionCookies }));
  },
  { name: 'playz-sso', dependencies: ['playz-sessions'] },
);
