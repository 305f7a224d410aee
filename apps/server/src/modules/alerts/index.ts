import fp from 'fastify-plugin';
import { registerApiCalls } from '../../plugins/api-scope';
import { createAlertsRepository } from './alerts.repository';
import { createLiveEventAlerts } from './live-event-alerts';
import { createNewsletterRepository } from './newsletter/newsletter.repository';
import { createWeeklyNewsletter } from './newsletter/weekly-newsletter';
import { createPushSender } from './push/push-sender';
import { createPushSubscriptionsRepository } from './push/push-subscriptions.repository';
import { createPushSubscriptions } from './push/push-subscriptions.service';
import { loadVapidKeys } from './push/vapid-keys';
import { registerWebPushRoutes } from './push/web-push.routes';
import { registerUnsubscribeRoutes } from './unsubscribe.routes';
import { createUnsubscribeService } from './unsubscribe.service';
import { createUnsubscribeTokens } from './unsubscribe-token';

/**
 * Alerts that arrive (spec 1 §3 Alert, decisions 062, 066 and 067): the live-event alert mailed and
 * pushed to the browsers that asked, at the lead time each customer chose, and the weekly newsletter
 * to those who opted in, once across the API nodes (periodic jobs), with a one-click unsubscribe in
 * every mail.
 */
export default fp(
  async (app) => {
    const { config, now, checkResponses } = app;
    const repo = createAlertsRepository(app.db);
    const tokens = createUnsubscribeTokens(app.streamSecret);
    const pushRepo = createPushSubscriptionsRepository(app.db);
    const vapid = loadVapidKeys(config);
    const sender = vapid ? createPushSender({ keys: vapid, subject: config.webPush.subject }) : null;
    const alerts = createLiveEventAlerts({
      ...{ repo, messages: app.messages, tokens, publicUrl: config.publicUrl, now, log: app.log },
      push: sender ? { sender, subscriptions: pushRepo } : null,
    });
    app.jobs.add({ name: 'live-event-alerts', everyMs: 60_000, firstRunAfterMs: 10_000, run: () => alerts.runOnce() });
    app.decorate('liveEventAlerts', alerts);
    const newsletter = createWeeklyNewsletter({
      ...{ repo: createNewsletterRepository(app.db), deliveries: repo, messages: app.messages, tokens },
      ...{ publicUrl: config.publicUrl, now, log: app.log },
    });
    app.jobs.add({
      name: 'weekly-newsletter',
      everyMs: 10 * 60_000,
      firstRunAfterMs: 30_000,
      run: () => newsletter.runOnce(),
    });
    app.decorate('weeklyNewsletter', newsletter);
    // What the console's support reads of the alerts a customer was sent (decision 084).
    app.decorate('alertsSupport', {
      sentTo: (customerId: number) =>
        app.db
          .selectFrom('alert_deliveries')
          .select(['alert_key', 'sent_at', 'mail_retry'])
          .where('customer_id', '=', customerId)
          .orderBy('sent_at', 'desc')
          .limit(100)
          .execute()
          .then((rows) => rows.map((r) => ({ key: r.alert_key, sentAt: r.sent_at, mailDue: r.mail_retry === 1 }))),
    });
    // A browser someone signed out of gets no more of their alerts.
    app.events.on('session.ended', (scope) => pushRepo.dropOfEndedSessions(scope));
    registerUnsubscribeRoutes(app, { unsubscribe: createUnsubscribeService({ repo, tokens, now }) });
    const subscriptions = createPushSubscriptions({
      ...{ repo: pushRepo, demo: config.demo, publicKey: vapid?.publicKey ?? null, now },
    });
    await registerApiCalls(app, (api) => registerWebPushRoutes(api, { subscriptions, checkResponses }));
  },
  { name: 'playz-alerts', dependencies: ['playz-jobs', 'playz-limiter', 'playz-events'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator's CLI and tests driving a clock run the alerts through the app. */
    liveEventAlerts: ReturnType<typeof createLiveEventAlerts>;
    /** The weekly newsletter (decision 067), run the same way. */
    weeklyNewsletter: ReturnType<typeof createWeeklyNewsletter>;
    /** The alerts sent to a customer, newest first, for the console's support (decision 084). */
    alertsSupport: { sentTo(customerId: number): Promise<{ key: string; sentAt: string; mailDue: boolean }[]> };
  }
}
