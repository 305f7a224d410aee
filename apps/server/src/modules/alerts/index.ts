import fp from 'fastify-plugin';
import { createAlertsRepository } from './alerts.repository';
import { createLiveEventAlerts } from './live-event-alerts';
import { registerUnsubscribeRoutes } from './unsubscribe.routes';
import { createUnsubscribeService } from './unsubscribe.service';
import { createUnsubscribeTokens } from './unsubscribe-token';

/**
 * Alerts that arrive (spec 1 §3 Alert, decision 062): the live-event alert mailed at the lead time
 * each customer chose, once across the API nodes (a periodic job), with a one-click unsubscribe.
 */
export default fp(
  async (app) => {
    const repo = createAlertsRepository(app.db);
    const tokens = createUnsubscribeTokens(app.streamSecret);
    const alerts = createLiveEventAlerts({
      ...{ repo, messages: app.messages, tokens, publicUrl: app.config.publicUrl, now: app.now },
      log: app.log,
    });
    app.jobs.add({ name: 'live-event-alerts', everyMs: 60_000, firstRunAfterMs: 10_000, run: () => alerts.runOnce() });
    app.decorate('liveEventAlerts', alerts);
    registerUnsubscribeRoutes(app, { unsubscribe: createUnsubscribeService({ repo, tokens, now: app.now }) });
  },
  { name: 'playz-alerts', dependencies: ['playz-jobs', 'playz-limiter'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator's CLI and tests driving a clock run the alerts through the app. */
    liveEventAlerts: ReturnType<typeof createLiveEventAlerts>;
  }
}
