import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** An enabled live-event alert of a customer who can receive mail. */
export interface LiveEventSubscriber {
  customerId: number;
  login: string;
  locale: string;
  deltaMinutes: number;
}

export function createAlertsRepository(db: Kysely<Database>) {
  return {
    /** Live events starting after `from` and no later than `to` (ISO times). */
    upcomingLiveEvents(from: string, to: string) {
      return (
        db
          .selectFrom('live_events')
          .select(['id', 'name', 'date_scheduled', 'poster'])
          // A cancelled or hidden event (decision 108) is announced to no one.
          .where('hidden_at', 'is', null)
          .where('date_scheduled', '>', from)
          .where('date_scheduled', '<=', to)
          .orderBy('date_scheduled')
          .execute()
      );
    },

    /** Customers with the live-event alert on and a login to mail (deleted accounts have none). */
    async liveEventSubscribers(): Promise<LiveEventSubscriber[]> {
      const rows = await db
        .selectFrom('customer_alerts')
        .innerJoin('customers', 'customers.id', 'customer_alerts.customer_id')
        .select(['customers.id as customerId', 'customers.login', 'customers.locale', 'customer_alerts.delta_time'])
        .where('customer_alerts.alert_type', '=', 'LiveEvent')
        .where('customer_alerts.enabled', '=', 1)
        .where('customers.login', 'is not', null)
        .execute();
      return rows.map((r) => ({
        customerId: r.customerId,
        login: r.login!,
        locale: r.locale,
        deltaMinutes: r.delta_time,
      }));
    },

    /** Takes the right to send one alert: false when it was sent (or is being sent) already. */
    async claim(customerId: number, alertKey: string, at: string): Promise<boolean> {
      const inserted = await db
        .insertInto('alert_deliveries')
        .values({ customer_id: customerId, alert_key: alertKey, sent_at: at })
        .onConflict((oc) => oc.columns(['customer_id', 'alert_key']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * The mail of a taken delivery could not leave (the budget, the SMTP server): it is due again at
     * the next run, while the row stays, so its pushes are not sent twice (decision 066).
     */
    async retryMail(customerId: number, alertKey: string): Promise<void> {
      await db
        .updateTable('alert_deliveries')
        .set({ mail_retry: 1 })
        .where('customer_id', '=', customerId)
        .where('alert_key', '=', alertKey)
        .execute();
    },

    /** Takes the right to try a due mail again: one node wins it, as with `claim`. */
    async claimMailRetry(customerId: number, alertKey: string): Promise<boolean> {
      const updated = await db
        .updateTable('alert_deliveries')
        .set({ mail_retry: 0 })
        .where('customer_id', '=', customerId)
        .where('alert_key', '=', alertKey)
        .where('mail_retry', '=', 1)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /**
     * Turns an alert off, as the account page's switch does (spec 1 §7 /customer/edit/alert); the
     * Newsletter alert is the customer's optin (decision 067), turned off with it.
     */
    async disable(customerId: number, alertType: string, at: string): Promise<void> {
      await db
        .updateTable('customer_alerts')
        .set({ enabled: 0, updated_at: at })
        .where('customer_id', '=', customerId)
        .where('alert_type', '=', alertType)
        .execute();
      if (alertType === 'Newsletter')
        await db.updateTable('customers').set({ optin: 0 }).where('id', '=', customerId).execute();
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
