import type { PaidMessages } from '../../../adapters/paid-messages';
import type { AlertsRepository } from '../alerts.repository';
import type { UnsubscribeTokens } from '../unsubscribe-token';
import { newsletterMail } from './newsletter.messages';
import { latestParisMoment } from './newsletter-moment';
import type { NewsletterReader, NewsletterRepository } from './newsletter.repository';

const DAY_MS = 86_400_000;
/** Friday at 17:00 in Paris: before the weekend the family chooses what to watch (decision 067). */
const SEND_WEEKDAY = 5;
const SEND_HOUR = 17;
/** An issue not sent within a day of its moment (the service was down) is skipped, not sent late. */
const LATEST_SEND_MS = DAY_MS;

export interface NewsletterRunReport {
  issue: string | null;
  sent: number;
  failed: number;
}

/**
 * The weekly newsletter (spec 1 §3 optin and Alert Newsletter, decision 067): every Friday at 17:00
 * Paris time, each customer who opted in gets the week's new films and clips and the live events of
 * the week to come, in their language, through the same mailer and budgets as the alerts, with a
 * one-click unsubscribe. A week with nothing new sends nothing. Once per reader and issue across
 * nodes: the delivery row `newsletter:<Paris date>` is taken first; a mail that could not leave is
 * due again at the next run, until the day is over.
 */
export function createWeeklyNewsletter(deps: {
  repo: NewsletterRepository;
  deliveries: AlertsRepository;
  messages: PaidMessages;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
}) {
  return {
    async runOnce(): Promise<NewsletterRunReport> {
      const now = deps.now();
      const moment = latestParisMoment(now, SEND_WEEKDAY, SEND_HOUR);
      const issueKey = `newsletter:${moment.date}`;
      const report: NewsletterRunReport = { issue: null, sent: 0, failed: 0 };
      if (now.getTime() - moment.at.getTime() > LATEST_SEND_MS) return report;
      const weekAgo = new Date(moment.at.getTime() - 7 * DAY_MS).toISOString();
      const weekAhead = new Date(moment.at.getTime() + 7 * DAY_MS).toISOString();
      const issue = {
        titles: await deps.repo.newTitles(weekAgo, moment.at.toISOString()),
        liveEvents: await deps.repo.liveEventsBetween(now.toISOString(), weekAhead),
      };
      if (issue.titles.length === 0 && issue.liveEvents.length === 0) return report;
      report.issue = issueKey;

      const send = async (reader: NewsletterReader) => {
        try {
          // The service writes, not a caller: no address budget, the recipient's and account's hold.
          const permit = await deps.messages.permit('mail', reader.login, { customerId: reader.customerId, ip: null });
          const token = deps.tokens.make(reader.customerId, 'Newsletter');
          const unsubscribeUrl = `${deps.publicUrl}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
          await deps.messages.sendMail(
            permit,
            newsletterMail({ locale: reader.locale, issue, publicUrl: deps.publicUrl, unsubscribeUrl }),
          );
          report.sent += 1;
        } catch (error) {
          await deps.deliveries.retryMail(reader.customerId, issueKey);
          report.failed += 1;
          deps.log.error({ err: error, customerId: reader.customerId, issue: issueKey }, 'newsletter not sent');
        }
      };
      // Retries first: a mail failing now is not tried twice in one run.
      for (const reader of await deps.repo.readersToRetry(issueKey))
        if (await deps.deliveries.claimMailRetry(reader.customerId, issueKey)) await send(reader);
      for (const reader of await deps.repo.readersNotSent(issueKey))
        if (await deps.deliveries.claim(reader.customerId, issueKey, now.toISOString())) await send(reader);
      return report;
    },
  };
}
export type WeeklyNewsletter = ReturnType<typeof createWeeklyNewsletter>;
