import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/connect';
import { get, registerAccount } from '../accounts-test-support';

/**
 * A new customer subscribed weekly (offer 12, free first week) through the operator gateway's
 * stand-in (spec 3 §2 direct pass): the start call, then the viewer confirming on the gateway's
 * page, as the web does. Answers the customer's cookie and login, the billing id and the
 * subscription's row id.
 */
export async function subscribedByOperator(app: FastifyInstance, db: Db, msisdn: string) {
  const account = await registerAccount(app);
  const res = await app.inject(
    get('/billing/direct-pass/url', {
      query: { product_id: '1', product_price_id: '12', operator_id: '2', msisdn },
      cookie: account.cookie,
    }),
  );
  const { Url, BillingID } = res.json().Response as { Url: string; BillingID: string };
  await fetch(Url, { method: 'POST', body: new URLSearchParams({ action: 'confirm' }), redirect: 'manual' });
  const sub = await db.db
    .selectFrom('subscriptions')
    .select('id')
    .where('billing_id', '=', BillingID)
    .executeTakeFirstOrThrow();
  return { cookie: account.cookie, login: account.login, billingId: BillingID, subscriptionId: sub.id };
}
