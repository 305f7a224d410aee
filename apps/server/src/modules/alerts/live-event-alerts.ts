import type { PaidMessages } from '../../adapters/paid-messages';
import { liveEventAlertMail } from './alerts.messages';
import type { AlertsRepository } from './alerts.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** The longest lead time a customer may choose (spec 1 §7 /customer/edit/alert: 0 to 10080 minutes). */
const MAX_LEAD_MINUTES = 10_080;
const MINUTE_MS = 60_000;

export interface AlertRunReport {
  sent: number;
  failed: number;
}

/**
 * Sends each live-event alert once its customer's lead time is reached (decision 062): for every
 * live event still to start and every customer with the alert on, the mail leaves at the event's
 * start minus their `deltaTime`, or at the first run after (an alert turned on late still comes
 * before the start). A delivery row taken before sending makes it once across nodes and retries;
 * a mail that could not leave gives its row back and is tried at the next run.
 */
export function createLiveEventAlerts(deps: {
  repo: AlertsRepository;
  messages: PaidMessages;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
}) {
  return {
    async runOnce(): Promise<AlertRunReport> {
      const now = deps.now();
      const report: AlertRunReport = { sent: 0, failed: 0 };
      const horizon = new Date(now.getTime() + MAX_LEAD_MINUTES * MINUTE_MS).toISOString();
      const events = await deps.repo.upcomingLiveEvents(now.toISOString(), horizon);
      if (events.length === 0) return report;
      const subscribers = await deps.repo.liveEventSubscribers();
      for (const event of events) {
        const startsAt = new Date(event.date_scheduled).getTime();
        for (const subscriber of subscribers) {
          if (startsAt - subscriber.deltaMinutes * MINUTE_MS > now.getTime()) continue;
          const key = `live-event:${event.id}`;
          if (!(await deps.repo.claim(subscriber.customerId, key, now.toISOString()))) continue;
          try {
            // The service writes, not a caller: no address budget, the recipient's and account's hold.
            const permit = await deps.messages.permit('mail', subscriber.login, {
              customerId: subscriber.customerId,
              ip: null,
            });
            const token = deps.tokens.make(subscriber.customerId, 'LiveEvent');
            const unsubscribeUrl = `${deps.publicUrl}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
            await deps.messages.sendMail(
              permit,
              liveEventAlertMail({ locale: subscriber.locale, event, publicUrl: deps.publicUrl, unsubscribeUrl }),
            );
            report.sent += 1;
          } catch (error) {
            await deps.repo.release(subscriber.customerId, key);
            report.failed += 1;
            deps.log.error(
              { err: error, customerId: subscriber.customerId, liveEventId: event.id },
              'live-event alert not sent',
            );
          }
        }
      }
      return report;
    },
  };
}
export type LiveEventAlerts = ReturnType<typeof createLiveEventAlerts>;
