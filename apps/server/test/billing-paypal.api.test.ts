import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createEventApplier } from '../src/modules/billing/checkout/apply-provider-event';
import type { PaymentProvider } from '../src/modules/billing/providers/payment-provider';
import { createPaypalClient } from '../src/modules/billing/providers/paypal/client';
import { PAYPAL_SANDBOX } from '../src/modules/billing/providers/paypal/config';
import { createPaypalProvider } from '../src/modules/billing/providers/paypal/provider';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, registerAccount } from './accounts-test-support';

// PayPal end to end (spec 3 §1 payment routes, §2 cb-choice and return, §4 subscription flow
// steps 1 and 3, §7 GET /billing/paypal/url and /billing/paypal/confirm; decisions 025, 027)
// against the PayPal stand-in, over real HTTP both ways (approval page, capture, webhooks).
let t: TestApp;
let db: Db;
let base: string;
/** The provider as the billing job holds it, on the same stand-in (renewal reads, cancel). */
let provider: PaymentProvider;
let applier: ReturnType<typeof createEventApplier>;

/** A one-off purchase offer: the demo seed sells subscriptions only. */
const PURCHASE = { product_id: '90', product_price_id: '901' };
const MONTHLY_WITH_TRIAL = { product_id: '1', product_price_id: '11' };
const REPLAY_MONTHLY = { product_id: '2', product_price_id: '13' };
const FILM = JSON.stringify({ contentType: 'Content', contentTypeID: 1001 });

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  base = t.config.publicUrl;
  await db.db
    .insertInto('offers')
    .values({
      id: 901,
      product_id: 90,
      product: 'ContentPurchase',
      type: 'Purchase',
      billing_type: 'Paypal',
      name: 'Film à la carte',
      description: 'Un film, 48 heures',
      price_cents: 299,
      currency: 'EUR',
      duration_unit: 'Month',
      duration_count: 1,
      free_trial_days: 0,
      position: 1,
      purchase_hours: 48,
    })
    .execute();
  const config = { url: `${base}/sandbox/paypal`, ...PAYPAL_SANDBOX, sandbox: true };
  provider = createPaypalProvider({ config, client: createPaypalClient(config), publicUrl: base });
  applier = createEventApplier({
    db: db.db,
    now: () => new Date(),
    customerForMsisdn: () => Promise.reject(new Error('PayPal payments are made by signed-in customers')),
  });
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const billingCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'playz_billing');
  return cookie ? `playz_billing=${cookie.value}` : '';
};

/** A signed-in customer starts a PayPal payment; answers the approval page and the billing id. */
async function start(query: Record<string, string>) {
  const account = await registerAccount(t.app);
  const res = await t.app.inject(get('/billing/paypal/url', { query, cookie: account.cookie }));
  expect(errorNumber(res), res.body).toBe(0);
  const { Url, BillingID } = res.json().Response as { Url: string; BillingID: string };
  return { url: Url, billingId: BillingID, cookie: `${account.cookie}; ${billingCookieOf(res)}` };
}

/** The viewer on the PayPal page: logs in as a sandbox buyer and approves, or cancels. */
async function answerApprovalPage(url: string, fields: { buyer?: string; action: 'approve' | 'cancel' }) {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ buyer: 'camille', ...fields }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

/** The browser lands on PayPal's return URL (our confirm call), as JSON or as a page. */
function land(location: string, cookie: string, accept = 'application/json') {
  const url = new URL(location);
  expect(`${url.origin}${url.pathname}`).toBe(`${base}/api/1.2/billing/paypal/confirm`);
  return t.app.inject(
    get('/billing/paypal/confirm', { query: Object.fromEntries(url.searchParams), cookie, headers: { accept } }),
  );
}

const sandbox = (path: string, body?: unknown) =>
  fetch(`${base}/sandbox/paypal${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface Delivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Runs `during` with webhooks lost; answers the deliveries PayPal could not make meanwhile. */
async function withWebhooksDropped(during: () => Promise<void>): Promise<Delivery[]> {
  const before = ((await (await sandbox('/_test/dropped-webhooks')).json()) as Delivery[]).length;
  await sandbox('/_test/drop-webhooks', { drop: true });
  try {
    await during();
  } finally {
    await sandbox('/_test/drop-webhooks', { drop: false });
  }
  return ((await (await sandbox('/_test/dropped-webhooks')).json()) as Delivery[]).slice(before);
}
const typeOf = (d: Delivery) => (JSON.parse(d.body) as { event_type: string }).event_type;
const deliver = (d: Delivery, body = d.body, headers = d.headers) => fetch(d.url, { method: 'POST', headers, body });

const billingRow = (id: string) =>
  db.db.selectFrom('billings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const subscriptionsOf = (billingId: string) =>
  db.db.selectFrom('subscriptions').selectAll().where('billing_id', '=', billingId).execute();
const ledgerOf = (subscriptionId: number) =>
  db.db.selectFrom('billing_ledger').selectAll().where('subscription_id', '=', subscriptionId).orderBy('id').execute();
const ledgerOfBilling = (id: string) =>
  db.db.selectFrom('billing_ledger').selectAll().where('billing_id', '=', id).orderBy('id').execute();

/** Subscribes through the approval page (webhooks delivered) and answers the running subscription. */
async function subscribed(query: Record<string, string>, buyer = 'camille') {
  const s = await start(query);
  const location = await answerApprovalPage(s.url, { buyer, action: 'approve' });
  expect((await land(location, s.cookie)).json().Response.Billing.state).toBe('Succeeded');
  const [sub] = await subscriptionsOf(s.billingId);
  return { ...s, sub: sub!, ref: sub!.provider_ref! };
}

describe('PayPal purchase by order (spec 3 §4 purchase flow, §7 paypal url and confirm)', () => {
  it('approve → confirm captures at PayPal → purchase created, Billing Succeeded', async () => {
    const { url, billingId, cookie } = await start({ ...PURCHASE, purchase_content: FILM });
    expect(url).toMatch(new RegExp(`^${base}/sandbox/paypal/checkoutnow\\?token=[A-Z0-9]{17}$`));
    const page = await (await fetch(url)).text();
    expect(page).toContain('2,99 €');
    expect(page).toContain('Film à la carte');
    expect(page).toContain('>Payer<');
    expect(page).toContain('camille.martin@exemple.fr');
    expect(page).toContain('lucas.bernard@exemple.fr');
    const location = await answerApprovalPage(url, { action: 'approve' });
    expect(location).toContain(`billing_id=${billingId}`);
    expect(location).toMatch(/token=[A-Z0-9]{17}/);
    // Approval moves no money: only our capture does.
    expect((await billingRow(billingId)).state).toBe('Pending');

    const res = await land(location, cookie);
    expect(errorNumber(res), res.body).toBe(0);
    const { RedirectUrl, Billing } = res.json().Response;
    expect(RedirectUrl).toBe(`/billing/return/${billingId}`);
    expect(Billing).toMatchObject({ state: 'Succeeded', type: 'Purchase', billingType: 'Paypal' });
    expect(Billing.purchaseContent).toEqual({ contentType: 'Content', contentTypeID: 1001 });
    const purchase = await db.db
      .selectFrom('purchases')
      .selectAll()
      .where('billing_id', '=', billingId)
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ status: 'Paid', content_type_id: 1001, price_cents: 299, units: 1 });
    expect((await ledgerOfBilling(billingId)).map((l) => [l.entry, l.amount_cents])).toEqual([['Purchased', 299]]);

    // A browser coming straight from PayPal is sent on to the splash.
    const html = await land(location, cookie, 'text/html,application/xhtml+xml');
    expect(html.statusCode).toBe(302);
    expect(html.headers.location).toBe(`/billing/return/${billingId}`);
  });

  it('cancel at the approval page → Abandoned, nothing bought', async () => {
    const { url, billingId, cookie } = await start({ ...PURCHASE, purchase_content: FILM });
    const location = await answerApprovalPage(url, { action: 'cancel' });
    expect(location).toContain('cancelled=1');
    expect((await land(location, cookie)).json().Response.Billing.state).toBe('Abandoned');
    expect((await billingRow(billingId)).failure).toBe('cancelled on the PayPal page');
  });

  it('the return alone abandons nothing PayPal approved: a forged cancelled=1 still captures', async () => {
    const { url, billingId, cookie } = await start({ ...PURCHASE, purchase_content: FILM });
    const location = await answerApprovalPage(url, { action: 'approve' });
    const res = await land(`${location}&cancelled=1`, cookie);
    expect(res.json().Response.Billing.state).toBe('Succeeded');
    expect((await billingRow(billingId)).state).toBe('Succeeded');
  });

  it('another browser reads nothing (32)', async () => {
    const { url } = await start({ ...PURCHASE, purchase_content: FILM });
    const location = await answerApprovalPage(url, { action: 'approve' });
    expect(errorNumber(await land(location, ''))).toBe(32);
  });
});

describe('PayPal subscription (spec 3 §1 free first period, §4 subscription flow)', () => {
  it('with a trial: approve → confirm → Paid until the trial ends, nothing charged', async () => {
    const { url, billingId, cookie } = await start(MONTHLY_WITH_TRIAL);
    expect(url).toMatch(/\/sandbox\/paypal\/webapps\/billing\/subscriptions\?ba_token=BA-/);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Gratuit pendant 30 jours, puis 7,99 € par mois, sans engagement');
    expect(page).toContain('Accepter et s&#39;abonner');
    expect(page).toContain('Annuler et retourner');
    const location = await answerApprovalPage(url, { action: 'approve' });
    expect(location).toMatch(/subscription_id=I-[A-Z0-9]{12}/);
    expect(location).toContain('ba_token=BA-');

    const { Billing, RedirectUrl } = (await land(location, cookie)).json().Response;
    expect(RedirectUrl).toBe(`/billing/return/${billingId}`);
    expect(Billing).toMatchObject({ state: 'Succeeded', type: 'Subscription', productID: 1 });
    const [sub] = await subscriptionsOf(billingId);
    expect(sub).toMatchObject({ status: 'Paid', billing_type: 'Paypal', price_cents: 799 });
    expect(sub!.provider_ref).toBe(new URL(location).searchParams.get('subscription_id'));
    const days = (Date.parse(sub!.expiration_date) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(sub!.trial_ends_at).toBe(sub!.expiration_date);
    expect((await ledgerOf(sub!.id)).map((l) => [l.entry, l.amount_cents])).toEqual([['TrialStarted', 0]]);
  });

  it('cancel at the approval page → Abandoned, no subscription', async () => {
    const { url, billingId, cookie } = await start(REPLAY_MONTHLY);
    const location = await answerApprovalPage(url, { action: 'cancel' });
    expect((await land(location, cookie)).json().Response.Billing.state).toBe('Abandoned');
    expect(await subscriptionsOf(billingId)).toEqual([]);
  });
});

describe('PayPal webhooks, exactly once (decisions 025 and 027)', () => {
  it('the activation replayed 100 times at once gives one subscription and one ledger line', async () => {
    const s = await start(REPLAY_MONTHLY);
    const dropped = await withWebhooksDropped(async () => {
      await answerApprovalPage(s.url, { action: 'approve' });
    });
    expect(dropped.map(typeOf)).toEqual(['BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED']);
    const [activated, sale] = dropped as [Delivery, Delivery];
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(activated)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 100 }, () => 200));
    // The first term's sale is the same fact (the activation), not a renewal.
    expect((await Promise.all(Array.from({ length: 5 }, () => deliver(sale)))).every((a) => a.ok)).toBe(true);
    const subs = await subscriptionsOf(s.billingId);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: 'Paid', price_cents: 499 });
    expect((await ledgerOf(subs[0]!.id)).map((l) => [l.entry, l.amount_cents])).toEqual([['Charged', 499]]);
  });

  it('a forged webhook (verification FAILURE) is refused (401) and changes nothing', async () => {
    const s = await start(REPLAY_MONTHLY);
    const [activated] = await withWebhooksDropped(async () => {
      await answerApprovalPage(s.url, { action: 'approve' });
    });
    const event = JSON.parse(activated!.body) as {
      resource: { billing_info: { last_payment: { amount: { value: string } } } };
    };
    event.resource.billing_info.last_payment.amount.value = '0.01';
    expect((await deliver(activated!, JSON.stringify(event))).status).toBe(401);
    const { ['paypal-transmission-sig']: _sig, ...unsigned } = activated!.headers;
    expect((await deliver(activated!, activated!.body, unsigned)).status).toBe(401);
    const otherSig = { ...activated!.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') };
    expect((await deliver(activated!, activated!.body, otherSig)).status).toBe(401);
    expect((await billingRow(s.billingId)).state).toBe('Pending');
    expect(await subscriptionsOf(s.billingId)).toEqual([]);
  });

  it('lost webhooks: the return still activates, read at PayPal, once for two returns at once', async () => {
    const s = await start(MONTHLY_WITH_TRIAL);
    let location = '';
    await withWebhooksDropped(async () => {
      location = await answerApprovalPage(s.url, { action: 'approve' });
    });
    expect((await billingRow(s.billingId)).state).toBe('Pending');
    const both = await Promise.all([land(location, s.cookie), land(location, s.cookie)]);
    expect(both.map((r) => r.json().Response.Billing.state)).toEqual(['Succeeded', 'Succeeded']);
    expect(await subscriptionsOf(s.billingId)).toHaveLength(1);

    const p = await start({ ...PURCHASE, purchase_content: FILM });
    await withWebhooksDropped(async () => {
      location = await answerApprovalPage(p.url, { action: 'approve' });
      const twice = await Promise.all([land(location, p.cookie), land(location, p.cookie)]);
      expect(twice.map((r) => r.json().Response.Billing.state)).toEqual(['Succeeded', 'Succeeded']);
    });
    expect(
      await db.db.selectFrom('purchases').select('id').where('billing_id', '=', p.billingId).execute(),
    ).toHaveLength(1);
  });
});

describe('PayPal renewals (decision 027: PayPal bills, the job reads)', () => {
  const charge = (ref: string, billingId: string, attempt = 1) =>
    provider.charge({
      idempotencyKey: `renewal:${ref}:term:${attempt}`,
      subscriptionRef: ref,
      amountCents: 499,
      currency: 'EUR',
      billingId,
    });
  const renewedLines = async (subscriptionId: number) =>
    (await ledgerOf(subscriptionId)).filter((l) => l.entry === 'Renewed').map((l) => l.amount_cents);

  it('before PayPal bills the term, charge() changes nothing (the job asks again)', async () => {
    const { ref, billingId } = await subscribed(REPLAY_MONTHLY);
    await expect(charge(ref, billingId)).rejects.toThrow(/not yet/);
  });

  it('charge() first, then the webhook: one Renewed line; webhook first, then charge(): one more', async () => {
    const { sub, ref, billingId } = await subscribed(REPLAY_MONTHLY);
    const [saleWebhook] = await withWebhooksDropped(async () => {
      expect((await sandbox(`/_test/subscriptions/${ref}/bill-now`, {})).status).toBe(200);
    });
    expect(typeOf(saleWebhook!)).toBe('PAYMENT.SALE.COMPLETED');
    const event = await charge(ref, billingId);
    expect(event).toMatchObject({ kind: 'renewed', amountCents: 499, subscriptionRef: ref });
    expect(event.key).toBe(
      `sale:${(JSON.parse(saleWebhook!.body) as { resource: { id: string } }).resource.id}:COMPLETED`,
    );
    expect((await applier.apply(event)).outcome).toBe('applied');
    expect((await deliver(saleWebhook!)).status).toBe(200);
    expect(await renewedLines(sub.id)).toEqual([499]);
    const renewed = (await subscriptionsOf(billingId))[0]!;
    expect(renewed.status).toBe('Renewed');
    expect(Date.parse(renewed.expiration_date)).toBeGreaterThan(Date.parse(sub.expiration_date));

    // The next term: PayPal's webhook lands first (delivered before bill-now answers).
    expect((await sandbox(`/_test/subscriptions/${ref}/bill-now`, {})).status).toBe(200);
    expect(await renewedLines(sub.id)).toEqual([499, 499]);
    expect((await applier.apply(await charge(ref, billingId, 2))).outcome).toBe('duplicate');
    expect(await renewedLines(sub.id)).toEqual([499, 499]);
  });

  it('spec 3 §4 decision 109: support refunds a renewal in two parts; PayPal refunds that very sale, and the whole of it ends the term', async () => {
    const { sub, ref } = await subscribed(REPLAY_MONTHLY);
    expect((await sandbox(`/_test/subscriptions/${ref}/bill-now`, {})).status).toBe(200);
    const [line] = (await ledgerOf(sub.id)).filter((l) => l.entry === 'Renewed');
    // The renewal's own sale at PayPal is kept with its line: a refund names it.
    expect(line!.provider_ref).toMatch(/^[A-Z0-9]{17}$/);
    const refund = (amountCents?: number) =>
      t.app.billingSupport.refund({
        customerId: sub.customer_id,
        billingId: `renewal-${line!.id}`,
        amountCents,
        key: randomUUID(),
      });
    expect(await refund(200)).toMatchObject({ outcome: 'applied', refundedCents: 200 });
    expect((await subscriptionsOf(sub.billing_id!))[0]!.status).toBe('Renewed');
    expect(await refund()).toMatchObject({ outcome: 'applied', refundedCents: 299 });
    expect((await subscriptionsOf(sub.billing_id!))[0]!.status).toBe('Refunded');
    const refunds = (await ledgerOf(sub.id)).filter((l) => l.entry === 'Refunded');
    expect(refunds.map((l) => [l.amount_cents, l.refund_of])).toEqual([
      [-200, line!.id],
      [-299, line!.id],
    ]);
    // PayPal's own record: that sale is refunded, the subscription's first payment is not.
    const config = { url: `${base}/sandbox/paypal`, ...PAYPAL_SANDBOX, sandbox: true };
    const { transactions = [] } = await createPaypalClient(config).subscriptionTransactions(
      ref,
      new Date(Date.now() - 86_400_000),
      new Date(Date.now() + 60_000),
    );
    expect(transactions.find((tx) => tx.id === line!.provider_ref)?.status).toBe('REFUNDED');
    expect(transactions.filter((tx) => tx.status === 'COMPLETED')).toHaveLength(1);
  });

  it('the sandbox buyer whose renewals fail: charge() answers renewalFailed', async () => {
    const { sub, ref, billingId } = await subscribed(REPLAY_MONTHLY, 'lucas');
    expect((await sandbox(`/_test/subscriptions/${ref}/bill-now`, {})).status).toBe(200);
    const event = await charge(ref, billingId);
    expect(event).toMatchObject({ kind: 'renewalFailed', detail: 'PayPal payment refused (PAYMENT_DENIED)' });
    expect((await applier.apply(event)).outcome).toBe('applied');
    expect((await subscriptionsOf(billingId))[0]!.status).toBe('ToRenew');
    expect(await renewedLines(sub.id)).toEqual([]);
  });
});

describe('PayPal cancel (spec 3 §4 unsubscribe: already cancelled counts as success)', () => {
  it('cancel() twice: cancelled, then alreadyCancelled; PayPal’s webhook ends renewal here', async () => {
    const { ref, billingId } = await subscribed(MONTHLY_WITH_TRIAL);
    expect(await provider.cancel(ref)).toBe('cancelled');
    expect(await provider.cancel(ref)).toBe('alreadyCancelled');
    const subscription = await db.db
      .selectFrom('subscriptions')
      .select('status')
      .where('billing_id', '=', billingId)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 50 && subscription.status !== 'Cancelled'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      subscription.status = (await subscriptionsOf(billingId))[0]!.status;
    }
    expect(subscription.status).toBe('Cancelled');
  });
});
