import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

export interface NewsletterReader {
  customerId: number;
  login: string;
  locale: string;
}

/** What the weekly newsletter reads (decision 067): its readers, the week's new titles and events. */
export function createNewsletterRepository(db: Kysely<Database>) {
  const readers = () =>
    db
      .selectFrom('customers')
      .select(['customers.id as customerId', 'customers.login', 'customers.locale'])
      .where('customers.optin', '=', 1)
      .where('customers.login', 'is not', null);
  const asReaders = (rows: { customerId: number; login: string | null; locale: string }[]): NewsletterReader[] =>
    rows.map((r) => ({ customerId: r.customerId, login: r.login!, locale: r.locale }));
  return {
    /** Customers who opted in (spec 1 §3 optin) and have no delivery row for this issue yet. */
    async readersNotSent(issueKey: string): Promise<NewsletterReader[]> {
      const rows = await readers()
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('alert_deliveries')
                .select('alert_deliveries.customer_id')
                .whereRef('alert_deliveries.customer_id', '=', 'customers.id')
                .where('alert_deliveries.alert_key', '=', issueKey),
            ),
          ),
        )
        .execute();
      return asReaders(rows);
    },

    /** Opted-in customers whose mail of this issue could not leave and is due again. */
    async readersToRetry(issueKey: string): Promise<NewsletterReader[]> {
      const rows = await readers()
        .innerJoin('alert_deliveries', 'alert_deliveries.customer_id', 'customers.id')
        .where('alert_deliveries.alert_key', '=', issueKey)
        .where('alert_deliveries.mail_retry', '=', 1)
        .execute();
      return asReaders(rows);
    },

    /** Films and clips added to the catalogue between the two moments, newest first (12 at most). */
    newTitles(from: string, to: string) {
      return db
        .selectFrom('contents')
        .select(['id', 'title', 'content_type', 'created_at'])
        .where('enabled', '=', 1)
        .where('content_type', 'in', ['Film', 'Clip'])
        .where('created_at', '>', from)
        .where('created_at', '<=', to)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(12)
        .execute();
    },

    /** Live events starting between the two moments, soonest first. */
    liveEventsBetween(from: string, to: string) {
      return db
        .selectFrom('live_events')
        .select(['id', 'name', 'date_scheduled'])
        .where('date_scheduled', '>', from)
        .where('date_scheduled', '<=', to)
        .orderBy('date_scheduled')
        .limit(12)
        .execute();
    },
  };
}
export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
