import fp from 'fastify-plugin';
import { registerApiCalls } from '../../plugins/api-scope';
import { createLinkRepository } from './link.repository';
import { registerLinkRoutes } from './link.routes';
import { createLinkService } from './link.service';

// The remote control's link codes share the TV link codes' table and rules (decision 034).
export { generateLinkCode, hashLinkCode, normalizeLinkCode } from './link-code';
export { createLinkRepository, type LinkRepository } from './link.repository';

/** TV log-in and registration by link code (spec 1 §3, §7). */
export default fp(
  async (app) => {
    const link = createLinkService({
      repo: createLinkRepository(app.db),
      startSession: (customerId, device) => app.accounts.service.startSession(customerId, device),
      limiter: app.limiter,
      publicUrl: app.config.publicUrl,
      now: app.now,
    });
    await registerApiCalls(app, (api) =>
      registerLinkRoutes(api, { link, cookies: app.sessionCookies, checkResponses: app.checkResponses }),
    );
  },
  { name: 'playz-link', dependencies: ['playz-sessions', 'playz-limiter'] },
);
