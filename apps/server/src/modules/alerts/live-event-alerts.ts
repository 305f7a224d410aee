import type { PaidMessages } from '../../adapters/paid-messages';
import { liveEventAlertMail, liveEventAlertPush } from './alerts.messages';
import type { AlertsRepository, LiveEventSubscriber } from './alerts.repository';
import type { PushSender } from './push/push-sender';
import type { PushSubscriptionRow, PushSubscriptionsRepository } from './push/push-subscriptions.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** The longest lead time a customer may choose (spec 1 §7 /customer/edit/alert: 0 to 10080 minutes). */
const MAX_LEAD_MINUTES = 10_080;
const MINUTE_MS = 60_000;

export interface AlertRunReport {
  /** Mails sent, and mails that could not leave (due again at the next run). */
  sent: number;
  failed: number;
  /** Push messages the push services took, refused or failed to take, and subscriptions they no longer know. */
  pushed: number;
  pushFailed: number;
  dropped: number;
}

type LiveEvent = { id: number; name: string; date_scheduled: string; poster: string | null };

/**
 * Sends each live-event alert once its customer's lead time is reached (decisions 062, 066): for
 * every live event still to start and every customer with the alert on, the alert leaves at the
 * event's start minus their `deltaTime`, or at the first run after (an alert turned on late still
 * comes before the start), by mail and by Web Push to each browser they subscribed. A delivery row
 * taken first makes it once across nodes and retries. A mail that could not leave is due again at
 * the next run (the row stays, so nothing is pushed twice); a push is tried once (the push service
 * keeps it for an offline browser until the event starts), and a subscription its push service no
 * longer knows is dropped.
 */
export function createLiveEventAlerts(deps: {
  repo: AlertsRepository;
  messages: PaidMessages;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  now: () => Date;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Null without a VAPID key pair: mail only. */
  push: { sender: PushSender; subscriptions: PushSubscriptionsRepository } | null;
}) {
  async function mail(subscriber: LiveEventSubscriber, event: LiveEvent, key: string, report: AlertRunReport) {
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
      await deps.repo.retryMail(subscriber.customerId, key);
      report.failed += 1;
      deps.log.error(
        { err: error, customerId: subscriber.customerId, liveEventId: event.id },
        'live-event alert not sent',
      );
    }
  }

  async function push(targets: PushSubscriptionRow[], event: LiveEvent, now: Date, report: AlertRunReport) {
    if (!deps.push) return;
    // Stale once the event has started: the push service drops it rather than deliver it late.
    const ttlSeconds = Math.max(60, Math.floor((new Date(event.date_scheduled).getTime() - now.getTime()) / 1000));
    for (const target of targets) {
      const payload = liveEventAlertPush({ locale: target.locale, event, publicUrl: deps.publicUrl });
      const { outcome, status } = await deps.push.sender.send(target, JSON.stringify(payload), {
        ttlSeconds,
        topic: `live-event-${event.id}`,
        urgency: 'high',
      });
      if (outcome === 'sent') report.pushed += 1;
      else if (outcome === 'gone') {
        await deps.push.subscriptions.drop(target.id);
        report.dropped += 1;
      } else {
        report.pushFailed += 1;
        // The endpoint is a capability: the log names the row, never the URL.
        deps.log.warn({ subscription: target.id, status, liveEventId: event.id }, 'live-event push not taken');
      }
    }
  }

  return {
    async runOnce(): Promise<AlertRunReport> {
      const now = deps.now();
      const report: AlertRunReport = { sent: 0, failed: 0, pushed: 0, pushFailed: 0, dropped: 0 };
      const horizon = new Date(now.getTime() + MAX_LEAD_MINUTES * MINUTE_MS).toISOString();
      const events = await deps.repo.upcomingLiveEvents(now.toISOString(), horizon);
      if (events.length === 0) return report;
      const subscribers = await deps.repo.liveEventSubscribers();
      const browsers = deps.push
        ? await deps.push.subscriptions.ofLiveEventSubscribers(now.toISOString())
        : new Map<number, PushSubscriptionRow[]>();
      for (const event of events) {
        const startsAt = new Date(event.date_scheduled).getTime();
        for (const subscriber of subscribers) {
          if (startsAt - subscriber.deltaMinutes * MINUTE_MS > now.getTime()) continue;
          const key = `live-event:${event.id}`;
          if (await deps.repo.claim(subscriber.customerId, key, now.toISOString())) {
            await push(browsers.get(subscriber.customerId) ?? [], event, now, report);
            await mail(subscriber, event, key, report);
          } else if (await deps.repo.claimMailRetry(subscriber.customerId, key)) {
            await mail(subscriber, event, key, report);
          }
        }
      }
      return report;
    },
  };
}
export type LiveEventAlerts = ReturnType<typeof createLiveEventAlerts>;
