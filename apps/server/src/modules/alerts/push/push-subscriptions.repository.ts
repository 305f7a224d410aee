import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { SessionsEndedScope } from '../../../sessions/sessions-ended';

export interface PushSubscriptionRow {
  id: string;
  customerId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
}

/** Browsers a customer keeps at most: the oldest goes when one more subscribes (decision 066). */
export const MAX_PUSH_SUBSCRIPTIONS_PER_CUSTOMER = 20;

/** The Web Push subscriptions of customers' browsers (migration 014, decision 066). */
export function createPushSubscriptionsRepository(db: Kysely<Database>) {
  return {
    /** Saves a browser's subscription for a customer and session; the same browser again replaces its row. */
    async save(row: PushSubscriptionRow & { sessionId: string; createdAt: string }): Promise<void> {
      const values = {
        id: row.id,
        customer_id: row.customerId,
        session_id: row.sessionId,
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
        locale: row.locale,
        created_at: row.createdAt,
      };
      await db
        .insertInto('push_subscriptions')
        .values(values)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            customer_id: values.customer_id,
            session_id: values.session_id,
            p256dh: values.p256dh,
            auth: values.auth,
            locale: values.locale,
            created_at: values.created_at,
          }),
        )
        .execute();
      const kept = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('customer_id', '=', row.customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(MAX_PUSH_SUBSCRIPTIONS_PER_CUSTOMER)
        .execute();
      await db
        .deleteFrom('push_subscriptions')
        .where('customer_id', '=', row.customerId)
        .where(
          'id',
          'not in',
          kept.map((k) => k.id),
        )
        .execute();
    },

    /** Removes a customer's subscription (their browser turned push off); false when it was not theirs. */
    async remove(customerId: number, id: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('push_subscriptions')
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    /** A subscription its push service no longer knows (404, 410). */
    async drop(id: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    /** Whether this customer's browser with this id is subscribed. */
    async has(customerId: number, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The subscriptions of the customers whose live-event alert is on, by customer, while the session
     * that made each is alive (an expired one signed that browser out).
     */
    async ofLiveEventSubscribers(now: string): Promise<Map<number, PushSubscriptionRow[]>> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .innerJoin('customer_alerts', 'customer_alerts.customer_id', 'push_subscriptions.customer_id')
        .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
        .where('sessions.expires_at', '>', now)
        .select([
          'push_subscriptions.id',
          'push_subscriptions.customer_id as customerId',
          'push_subscriptions.endpoint',
          'push_subscriptions.p256dh',
          'push_subscriptions.auth',
          'push_subscriptions.locale',
        ])
        .where('customer_alerts.alert_type', '=', 'LiveEvent')
        .where('customer_alerts.enabled', '=', 1)
        .execute();
      const byCustomer = new Map<number, PushSubscriptionRow[]>();
      for (const row of rows) byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), row]);
      return byCustomer;
    },

    /**
     * Subscriptions whose session ended go with it (log-out, password change, deletion): a browser
     * someone signed out of gets no more of their alerts.
     */
    async dropOfEndedSessions(scope: SessionsEndedScope): Promise<void> {
      let query = db
        .deleteFrom('push_subscriptions')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('sessions')
                .select('sessions.id')
                .whereRef('sessions.id', '=', 'push_subscriptions.session_id'),
            ),
          ),
        );
      if (scope !== 'every-account') query = query.where('customer_id', '=', scope.customerId);
      await query.execute();
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
