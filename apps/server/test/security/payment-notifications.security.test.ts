import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { callOf, report, sessionOf } from './security-support';

/**
 * Check 5 (docs/reliability.md): tampered payment notifications. The card IPN, the PayPal webhook
 * and the direct-pass notification get random, unsigned and wrongly signed notifications that
 * name a real pending billing, sent over HTTP as providers do. Pass rule: never a 5xx, and nothing
 * moves: billings, subscriptions, ledger, billing events and purchases are the same after.
 * Correctly signed replays (the same IPN 100 times at once: one subscription, one ledger line) are
 * in billing-credit-card.api.test.ts and billing-paypal.api.test.ts (decision 025).
 */
const RUNS = Math.max(30, Math.ceil(Number(process.env.SECURITY_FUZZ_RUNS ?? 10_000) / 50));
let t: TestApp;
let billingId = '';
let requests = 0;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  const registered = await t.app.inject(
    callOf(
      { method: 'POST', path: '/customer/register' },
      {
        fields: { login: `ipn.${Date.now().toString(36)}@exemple.fr`, password: 'secret-1', optin: '0' },
        headers: { 'x-forwarded-for': '10.55.0.1' },
      },
    ),
  );
  const card = await t.app.inject(
    callOf(
      { method: 'GET', path: '/billing/credit-card/url' },
      { cookie: sessionOf(registered), fields: { product_id: '2', product_price_id: '13' } },
    ),
  );
  billingId = card.json().Response.BillingID;
}, 60_000);
afterAll(async () => {
  report('payment notifications', { requests });
  await t?.close();
});

async function billingState() {
  const db = t.database.db;
  return {
    billings: await db.selectFrom('billings').selectAll().orderBy('id').execute(),
    subscriptions: await db.selectFrom('subscriptions').selectAll().orderBy('id').execute(),
    ledger: await db.selectFrom('billing_ledger').selectAll().orderBy('id').execute(),
    events: await db.selectFrom('billing_events').selectAll().execute(),
    purchases: await db.selectFrom('purchases').selectAll().execute(),
  };
}

const junk = fc.oneof(
  fc.constantFrom('', '0', '-1', '1e9', 'null', '\u0000', '../../etc/passwd', 'x'.repeat(3000)),
  fc.string({ maxLength: 40 }),
);
const hex = fc.stringMatching(/^[0-9a-f]{0,64}$/);

describe('check 5: tampered payment notifications (docs/reliability.md) — never a 5xx, no billing, subscription, ledger or purchase moves', () => {
  it(`card IPN, PayPal webhook and direct-pass notification, ${RUNS} random notifications each, naming a real pending billing`, async () => {
    expect(billingId).toMatch(/\S/);
    const before = await billingState();
    const card = fc.record({
      vads_order_id: fc.oneof(fc.constant(billingId), junk),
      vads_trans_status: fc.constantFrom('AUTHORISED', 'CAPTURED', 'REFUSED', 'ABANDONED', ''),
      vads_amount: fc.constantFrom('499', '1', '0', '-499'),
      vads_currency: fc.constantFrom('978', 'EUR', ''),
      vads_identifier: junk,
      vads_trans_id: junk,
      vads_operation_type: fc.constantFrom('DEBIT', 'CREDIT', ''),
      signature: fc.oneof(hex, junk, fc.base64String({ maxLength: 44 })),
    });
    const paypal = fc.record({
      body: fc.oneof(
        fc.constantFrom('', '{', 'null', '[]', '{"__proto__":{"admin":true}}'),
        fc
          .record({
            id: junk,
            event_type: fc.constantFrom(
              'PAYMENT.SALE.COMPLETED',
              'BILLING.SUBSCRIPTION.ACTIVATED',
              'BILLING.SUBSCRIPTION.CANCELLED',
              'PAYMENT.SALE.REFUNDED',
              'x',
            ),
            resource: fc.record({ id: junk, custom_id: fc.constant(billingId), billing_agreement_id: junk }),
          })
          .map((o) => JSON.stringify(o)),
      ),
      headers: fc.record(
        {
          'paypal-auth-algo': fc.constantFrom('SHA256withRSA', 'none', ''),
          'paypal-cert-url': fc.constantFrom(
            'https://api.sandbox.paypal.com/cert.pem',
            'http://127.0.0.1:1/x',
            'file:///etc/passwd',
          ),
          'paypal-transmission-id': junk.map((s) => s.replace(/[^\x21-\x7e]/g, '')),
          'paypal-transmission-sig': hex,
          'paypal-transmission-time': fc.constantFrom(new Date().toISOString(), 'yesterday', ''),
        },
        { requiredKeys: [] },
      ),
    });
    const directPass = fc.record({
      body: fc
        .record({
          event: fc.constantFrom('subscription.activated', 'payment.succeeded', 'subscription.cancelled', 'x'),
          billing_id: fc.oneof(fc.constant(billingId), junk),
          msisdn: fc.constantFrom('33600000000', ''),
        })
        .map((o) => JSON.stringify(o)),
      timestamp: fc.constantFrom(String(Math.floor(Date.now() / 1000)), '0', 'x', ''),
      signature: fc.oneof(
        hex,
        junk.map((s) => s.replace(/[^\x21-\x7e]/g, '')),
      ),
    });
    const breaches: string[] = [];
    const check = async (label: string, res: Response) => {
      requests += 1;
      if (res.status >= 500) breaches.push(`${label} → HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
    };
    const base = t.config.publicUrl;
    await fc.assert(
      fc.asyncProperty(card, paypal, directPass, async (c, p, d) => {
        await check(
          `card ${JSON.stringify(c).slice(0, 200)}`,
          await fetch(`${base}/billing/callbacks/credit-card`, { method: 'POST', body: new URLSearchParams(c) }),
        );
        await check(
          `paypal ${p.body.slice(0, 200)}`,
          await fetch(`${base}/billing/callbacks/paypal`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...p.headers },
            body: p.body,
          }),
        );
        await check(
          `direct pass ${d.body.slice(0, 200)}`,
          await fetch(`${base}/billing/callbacks/direct-pass`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-timestamp': d.timestamp, 'x-signature': d.signature },
            body: d.body,
          }),
        );
      }),
      { numRuns: RUNS },
    );
    expect(breaches).toEqual([]);
    expect(await billingState()).toEqual(before);
  });

  it('a PayPal webhook whose body is JSON but not an object (null, a number, a list) is refused with 400, not HTTP 500', async () => {
    for (const body of ['null', '42', '[]', '"x"']) {
      const res = await fetch(`${t.config.publicUrl}/billing/callbacks/paypal`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.sandbox.paypal.com/cert.pem',
          'paypal-transmission-id': 'x',
          'paypal-transmission-sig': 'x',
          'paypal-transmission-time': new Date().toISOString(),
        },
        body,
      });
      requests += 1;
      expect(res.status, body).toBe(400);
    }
  });
});
