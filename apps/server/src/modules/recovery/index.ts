import fp from 'fastify-plugin';
import { registerApiCalls } from '../../plugins/api-scope';
import { registerOutboxRoutes } from './outbox.routes';
import { createRecoveryRepository } from './recovery.repository';
import { registerRecoveryRoutes } from './recovery.routes';
import { createRecoveryService, type RecoveryService } from './recovery.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Password recovery, which the console's support also sends and unlocks (decision 084). */
    recovery: Pick<RecoveryService, 'sendResetLinkFor' | 'forgetRefusals'>;
  }
}

/** Forgot password, password reset, forgot login (decision 011), and the development outbox viewer. */
export default fp(
  async (app) => {
    const { config } = app;
    const recovery = createRecoveryService({
      repo: createRecoveryRepository(app.db),
      messages: app.messages,
      limiter: app.limiter,
      publicUrl: config.publicUrl,
      log: app.log,
      // Through the session repository, so its listeners (device places, streams, sockets) hear of it.
      endSessions: (customerId) => app.sessions.deleteAllOfCustomer(customerId),
      now: app.now,
    });
    app.decorate('recovery', {
      sendResetLinkFor: (customer, ip) => recovery.sendResetLinkFor(customer, ip),
      forgetRefusals: (login) => recovery.forgetRefusals(login),
    });
    await registerApiCalls(app, (api) => registerRecoveryRoutes(api, { recovery, checkResponses: app.checkResponses }));
    // Reset links still being written and mailed finish before the database closes.
    app.addHook('onClose', () => recovery.drain());
    // /dev/outbox, never in production (decision 011).
    if (config.env !== 'production') registerOutboxRoutes(app, { dataDir: config.dataDir });
  },
  { name: 'playz-recovery', dependencies: ['playz-sessions', 'playz-limiter'] },
);
