import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDirectPassNotification } from '../support/direct-pass-notification';
import { errorNumber, get, registerAccount } from '../accounts-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Check 7 (docs/reliability.md): correctly signed but replayed payment notifications. A card IPN, a PayPal
 * webhook and a direct-pass notification, each signed by the provider stand-in (or with the
 * sandbox secret, as the gateway signs), are delivered once, then replayed 50 times one after the
 * other, 50 times at once, and again a day later (the app's clock moved on a day). Pass rule: every
 * replay is answered 200 (the provider stops retrying); one effect only: one subscription and one
 * ledger line for the billing, and the subscriptions, ledger, billings and purchases are the same
 * after the replays as after the first delivery (decision 025 "Exactly once").
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let base: string;
let clockOffset = 0;
let replays = 0;

beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => new Date(Date.now() + clockOffset) });
  base = t.config.publicUrl;
}, 60_000);
afterAll(async () => {
  report('replayed notifications', { replays });
  await t?.close();
});

const sandbox = (path: string, body?: unknown) =>
  fetch(`${base}/sandbox${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Runs `during` with the stand-in's own deliveries lost, so the test delivers them itself. */
async function withDeliveriesDropped(provider: 'credit-card' | 'direct-pass', during: () => Promise<void>) {
  await sandbox(`/${provider}/_test/drop-notifications`, { drop: true });
  try {
    await during();
  } finally {
    await sandbox(`/${provider}/_test/drop-notifications`, { drop: false });
  }
}

async function moneyState() {
  const db = t.database.db;
  return {
    billings: await db.selectFrom('billings').selectAll().orderBy('id').execute(),
    subscriptions: await db.selectFrom('subscriptions').selectAll().orderBy('id').execute(),
    ledger: await db.selectFrom('billing_ledger').selectAll().orderBy('id').execute(),
    purchases: await db.selectFrom('purchases').selectAll().execute(),
  };
}

async function start(path: string, query: Record<string, string>) {
  const account = await registerAccount(t.app);
  const res = await t.app.inject(get(path, { query, cookie: account.cookie }));
  expect(errorNumber(res), res.body).toBe(0);
  return res.json().Response as {
    BillingID: string;
    Url?: string;
    RedirectData?: { RedirectUrl: string; RedirectParams: Record<string, string> };
  };
}

async function post303(url: string, fields: Record<string, string>): Promise<URL> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  expect(res.status, await res.text()).toBe(303);
  return new URL(res.headers.get('location')!, url);
}

/**
 * Delivers once, then replays: 50 in a row, 50 at once, and one a day later. `deliver` makes one
 * delivery (re-signing it when the protocol signs the time, as a provider's retry does).
 */
async function replayed(billingId: string, deliver: () => Promise<Response>) {
  const first = await deliver();
  expect(first.status, await first.text()).toBe(200);
  const subs = await t.database.db
    .selectFrom('subscriptions')
    .select('id')
    .where('billing_id', '=', billingId)
    .execute();
  const ledger = await t.database.db
    .selectFrom('billing_ledger')
    .select('entry')
    .where('billing_id', '=', billingId)
    .execute();
  expect([subs.length, ledger.length]).toEqual([1, 1]);
  const after = await moneyState();

  const statuses: number[] = [];
  for (let i = 0; i < 50; i += 1) statuses.push((await deliver()).status);
  statuses.push(...(await Promise.all(Array.from({ length: 50 }, () => deliver()))).map((r) => r.status));
  clockOffset = DAY_MS;
  try {
    statuses.push((await deliver()).status);
  } finally {
    clockOffset = 0;
  }
  replays += statuses.length + 1;
  expect(statuses).toEqual(Array.from({ length: 101 }, () => 200));
  expect(await moneyState()).toEqual(after);
}

describe('check 7: correctly signed notifications replayed (docs/reliability.md, decision 025) — every replay answered 200, one effect only, the ledger unchanged', () => {
  it('card IPN (decision 026): 50 in a row, 50 at once, one a day later', async () => {
    const started = await start('/billing/credit-card/url', { product_id: '2', product_price_id: '13' });
    const { RedirectUrl, RedirectParams } = started.RedirectData!;
    let back: URL | null = null;
    await withDeliveriesDropped('credit-card', async () => {
      const page = await post303(RedirectUrl, RedirectParams);
      const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
      back = await post303(page.toString(), { cardNumber: '4970100000000014', expiry, cvv: '123' });
    });
    // The return URL carries the IPN's signed fields (vads_*, signature), as the processor posts them.
    const ipn = Object.fromEntries(back!.searchParams.entries());
    await replayed(started.BillingID, () =>
      fetch(`${base}/billing/callbacks/credit-card`, { method: 'POST', body: new URLSearchParams(ipn) }),
    );
  });

  it('PayPal webhook (decision 027): the activation, 50 in a row, 50 at once, one a day later', async () => {
    const started = await start('/billing/paypal/url', { product_id: '2', product_price_id: '13' });
    const before = ((await (await sandbox('/paypal/_test/dropped-webhooks')).json()) as unknown[]).length;
    await sandbox('/paypal/_test/drop-webhooks', { drop: true });
    try {
      await post303(started.Url!, { buyer: 'camille', action: 'approve' });
    } finally {
      await sandbox('/paypal/_test/drop-webhooks', { drop: false });
    }
    const dropped = (
      (await (await sandbox('/paypal/_test/dropped-webhooks')).json()) as {
        url: string;
        headers: Record<string, string>;
        body: string;
      }[]
    ).slice(before);
    const activated = dropped.find((d) => d.body.includes('BILLING.SUBSCRIPTION.ACTIVATED'));
    expect(activated, JSON.stringify(dropped)).toBeDefined();
    await replayed(started.BillingID, () =>
      fetch(activated!.url, { method: 'POST', headers: activated!.headers, body: activated!.body }),
    );
  });

  it('direct-pass notification (decision 025): 50 in a row, 50 at once, one a day later (signed again)', async () => {
    const started = await start('/billing/direct-pass/url', {
      product_id: '1',
      product_price_id: '12',
      operator_id: '2',
      msisdn: '0633333333',
    });
    await withDeliveriesDropped('direct-pass', async () => {
      await post303(started.Url!, { action: 'confirm' });
    });
    const notification = {
      eventId: 'evt_replayed_security',
      type: 'transaction.succeeded',
      transactionId: started.Url!.split('/').at(-1),
      merchantTransactionId: started.BillingID,
      subscriptionId: 'sub_replayed_security',
      msisdn: '0633333333',
      amount: 0,
      currency: 'EUR',
    };
    // The gateway signs the time of each sending: a retry a day later carries a fresh signature.
    await replayed(started.BillingID, () => postDirectPassNotification(base, notification));
  });
});
