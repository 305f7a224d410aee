import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createEventApplier } from '../src/modules/billing/checkout/apply-provider-event';
import { CardApiError, createCreditCardClient } from '../src/modules/billing/providers/credit-card/client';
import { creditCardConfig, CREDIT_CARD_SANDBOX } from '../src/modules/billing/providers/credit-card/config';
import { createCreditCardProvider, renewalOrderId } from '../src/modules/billing/providers/credit-card/provider';
import { isFieldsSignatureValid, signFields } from '../src/modules/billing/providers/credit-card/signature';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, post, registerAccount } from './accounts-test-support';

// Credit card with 3-D Secure end to end (spec 3 §1 CB, §4 subscription flow step 2 "posts a hidden
// form ... (3D Secure redirect)", §5 card validation, §7 credit-card url/update/confirm; decisions
// 025 and 026) against the card processor stand-in, over real HTTP both ways.
let t: TestApp;
let db: Db;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  base = t.config.publicUrl;
});
afterAll(async () => {
  await db.close();
  await t.close();
});

/** Offers of the demo catalogue: Playz Replay 4.99 a month, no trial; Playz Mensuel, 30 free days. */
const REPLAY = { product_id: '2', product_price_id: '13' };
const MONTHLY_TRIAL = { product_id: '1', product_price_id: '11' };
const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const CARDS = {
  challenge: '4970100000000003',
  frictionless: '4970100000000014',
  refused: '4970100000000007',
  renewalsRefused: '4970100000000099',
};

const billingCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'playz_billing');
  return cookie ? `playz_billing=${cookie.value}` : '';
};

/** GET /billing/credit-card/url (or /update): the hidden form's target and fields. */
async function startCard(
  path: '/billing/credit-card/url' | '/billing/credit-card/update',
  query: Record<string, string>,
  cookie: string,
) {
  const res = await t.app.inject(get(path, { query, cookie }));
  expect(errorNumber(res), res.body).toBe(0);
  const { RedirectData, BillingID } = res.json().Response as {
    RedirectData: { RedirectUrl: string; RedirectParams: Record<string, string> };
    BillingID: string;
  };
  return {
    url: RedirectData.RedirectUrl,
    params: RedirectData.RedirectParams,
    billingId: BillingID,
    cookie: [cookie, billingCookieOf(res)].filter(Boolean).join('; '),
  };
}

/** A POST as the browser makes it; answers the status and where it is sent (absolute). */
async function browserPost(url: string, fields: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location, url).toString() : null, text: await res.text() };
}

/** The browser posts the hidden form (spec 3 §4 step 2); answers the card page's address. */
async function openCardPage(url: string, params: Record<string, string>): Promise<string> {
  const posted = await browserPost(url, params);
  expect(posted.status, posted.text).toBe(303);
  return posted.location!;
}

async function typeCard(page: string, number: string, extra: Record<string, string> = {}) {
  return browserPost(page, { cardNumber: number, expiry: FUTURE_EXPIRY, cvv: '123', ...extra });
}

/** Pays without challenge; answers the return address (/billing/return/{id}?vads_...). */
async function payFrictionless(url: string, params: Record<string, string>, card = CARDS.frictionless) {
  const page = await openCardPage(url, params);
  const paid = await typeCard(page, card);
  expect(paid.status, paid.text).toBe(303);
  return new URL(paid.location!);
}

async function dropNotifications(drop: boolean) {
  const res = await fetch(`${base}/sandbox/credit-card/_test/drop-notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ drop }),
  });
  expect(res.status).toBe(200);
}

const confirm = (billingId: string, cookie: string) =>
  t.app.inject(post('/billing/credit-card/confirm', { billing_id: billingId }, { cookie }));
const billingRow = (id: string) =>
  db.db.selectFrom('billings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const subscriptionsOfBilling = (id: string) =>
  db.db.selectFrom('subscriptions').selectAll().where('billing_id', '=', id).execute();
const ledgerOfBilling = (id: string) =>
  db.db.selectFrom('billing_ledger').selectAll().where('billing_id', '=', id).orderBy('id').execute();
const fieldsOfReturn = (url: URL) => Object.fromEntries(url.searchParams.entries());
const postIpn = (fields: Record<string, string>) =>
  fetch(`${base}/billing/callbacks/credit-card`, { method: 'POST', body: new URLSearchParams(fields) });

/** A subscription paid by card for a new account; answers its row, the token and the account. */
async function subscribedWithCard(card: string) {
  const account = await registerAccount(t.app);
  const started = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
  const back = await payFrictionless(started.url, started.params, card);
  const [subscription] = await subscriptionsOfBilling(started.billingId);
  expect(subscription?.provider_ref).toBe(back.searchParams.get('vads_identifier'));
  return { account, started, subscription: subscription!, token: subscription!.provider_ref! };
}

/** The provider as the billing job holds it, on the same stand-in. */
function jobProvider() {
  const config = creditCardConfig({}, base, true)!;
  return createCreditCardProvider({
    config,
    client: createCreditCardClient(config),
    publicUrl: base,
    now: () => new Date(),
  });
}
const applier = () =>
  createEventApplier({
    db: db.db,
    now: () => new Date(),
    customerForMsisdn: async () => {
      throw new Error('card payments never create accounts from a mobile number');
    },
  });

describe('card payment with 3-D Secure (spec 3 §4 step 2, §7 credit-card url and confirm)', () => {
  it('success after the 3-D Secure challenge: the IPN subscribes before the browser comes back', async () => {
    const account = await registerAccount(t.app);
    const { url, params, billingId, cookie } = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
    expect(url).toBe(`${base}/sandbox/credit-card/vads-payment/`);
    expect(params).toMatchObject({
      vads_page_action: 'REGISTER_PAY',
      vads_amount: '499',
      vads_currency: '978',
      vads_order_id: billingId,
      vads_site_id: CREDIT_CARD_SANDBOX.siteId,
      vads_url_return: `${base}/billing/return/${billingId}`,
      vads_url_check: `${base}/billing/callbacks/credit-card`,
    });
    // Our job charges the renewals on the token: the processor gets no schedule (decision 026).
    expect(params.vads_sub_amount).toBeUndefined();
    expect(params.vads_trans_id).toMatch(/^\d{6}$/);

    const page = await openCardPage(url, params);
    const html = await (await fetch(page)).text();
    expect(html).toContain('Montant : 4,99 €');
    expect(html).toContain(CARDS.challenge);
    expect(html).toContain('Annuler et retourner à la boutique');

    const challenge = await typeCard(page, CARDS.challenge);
    expect(challenge.location).toBe(`${page}/3ds`);
    const challengeHtml = await (await fetch(challenge.location!)).text();
    expect(challengeHtml).toContain('Valider');
    expect(challengeHtml).toContain('Annuler');
    const wrong = await browserPost(challenge.location!, { code: '000000', action: 'validate' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('Code incorrect');
    expect((await billingRow(billingId)).state).toBe('Pending');

    const back = await browserPost(challenge.location!, { code: '123456', action: 'validate' });
    expect(back.status).toBe(303);
    const returned = new URL(back.location!);
    expect(`${returned.origin}${returned.pathname}`).toBe(`${base}/billing/return/${billingId}`);
    expect(returned.searchParams.get('vads_trans_status')).toBe('AUTHORISED');
    expect(returned.searchParams.get('vads_threeds_auth_type')).toBe('CHALLENGE');
    expect(isFieldsSignatureValid(fieldsOfReturn(returned), CREDIT_CARD_SANDBOX.key)).toBe(true);

    // The IPN came first: the billing is already Succeeded when the browser lands.
    expect((await billingRow(billingId)).state).toBe('Succeeded');
    const res = await confirm(billingId, cookie);
    expect(res.json().Response).toMatchObject({
      Result: true,
      Billing: { state: 'Succeeded', type: 'Subscription', productID: 2 },
    });
    const [subscription] = await subscriptionsOfBilling(billingId);
    expect(subscription).toMatchObject({
      status: 'Paid',
      billing_type: 'CreditCard',
      price_cents: 499,
      provider_ref: returned.searchParams.get('vads_identifier'),
    });
    expect((await ledgerOfBilling(billingId)).map((l) => [l.entry, l.amount_cents])).toEqual([['Charged', 499]]);
  });

  it('frictionless success: no challenge, straight back to the return page', async () => {
    const account = await registerAccount(t.app);
    const { url, params, billingId, cookie } = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
    const back = await payFrictionless(url, params);
    expect(back.searchParams.get('vads_threeds_auth_type')).toBe('FRICTIONLESS');
    expect((await confirm(billingId, cookie)).json().Response.Result).toBe(true);
    expect(await subscriptionsOfBilling(billingId)).toHaveLength(1);
  });

  it('a refused card ends Failed; the confirm says so (billing error page) and nothing subscribes', async () => {
    const account = await registerAccount(t.app);
    const { url, params, billingId, cookie } = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
    const back = await payFrictionless(url, params, CARDS.refused);
    expect(back.searchParams.get('vads_trans_status')).toBe('REFUSED');
    expect((await confirm(billingId, cookie)).json().Response).toMatchObject({
      Result: false,
      Billing: { state: 'Failed' },
    });
    expect(await subscriptionsOfBilling(billingId)).toEqual([]);
    expect((await ledgerOfBilling(billingId)).map((l) => l.entry)).toEqual(['Refused']);
  });

  it('giving up the 3-D Secure challenge is a refusal', async () => {
    const account = await registerAccount(t.app);
    const { url, params, billingId } = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
    const page = await openCardPage(url, params);
    const challenge = await typeCard(page, CARDS.challenge);
    await browserPost(challenge.location!, { action: 'cancel' });
    expect((await billingRow(billingId)).state).toBe('Failed');
  });

  it('"Annuler et retourner à la boutique" abandons the payment', async () => {
    const account = await registerAccount(t.app);
    const { url, params, billingId, cookie } = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
    const page = await openCardPage(url, params);
    const back = await browserPost(`${page}/cancel`, {});
    expect(new URL(back.location!).searchParams.get('vads_trans_status')).toBe('ABANDONED');
    expect((await confirm(billingId, cookie)).json().Response.Billing.state).toBe('Abandoned');
    expect(await subscriptionsOfBilling(billingId)).toEqual([]);
  });

  it('the card form checks number (Luhn), expiry MM/YY and a 3-digit code before anything is paid (spec 3 §5)', async () => {
    const account = await registerAccount(t.app);
    const { url, params, billingId } = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
    const page = await openCardPage(url, params);
    const bad = await browserPost(page, { cardNumber: '4970100000000001', expiry: '13/30', cvv: '12' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('Le numéro de carte n&#39;est pas valide.');
    expect(bad.text).toContain('La date d&#39;expiration n&#39;est pas valide (MM/AA).');
    expect(bad.text).toContain('Le cryptogramme visuel n&#39;est pas valide (3 chiffres).');
    const expired = await browserPost(page, { cardNumber: CARDS.frictionless, expiry: '01/20', cvv: '123' });
    expect(expired.text).toContain('Cette carte a expiré.');
    const notATestCard = await browserPost(page, { cardNumber: '4111111111111111', expiry: FUTURE_EXPIRY, cvv: '123' });
    expect(notATestCard.text).toContain('n&#39;est pas une carte de test');
    expect((await billingRow(billingId)).state).toBe('Pending');
  });
});

describe('a free first period (spec 3 §1, decision 025 terms)', () => {
  it('registers the card with 0 and creates a Paid subscription until the trial end', async () => {
    const account = await registerAccount(t.app);
    const started = Date.now();
    const { url, params, billingId } = await startCard('/billing/credit-card/url', MONTHLY_TRIAL, account.cookie);
    expect(params).toMatchObject({ vads_page_action: 'REGISTER', vads_amount: '0' });
    expect(params.vads_sub_amount).toBeUndefined();
    const trialEnd = new Date(started + 30 * 86_400_000);
    const page = await openCardPage(url, params);
    expect(await (await fetch(page)).text()).toContain('Enregistrement de votre carte : aucun débit aujourd’hui');
    const paid = await typeCard(page, CARDS.frictionless);
    expect(new URL(paid.location!).searchParams.get('vads_trans_status')).toBe('ACCEPTED');
    const [subscription] = await subscriptionsOfBilling(billingId);
    expect(subscription).toMatchObject({ status: 'Paid', price_cents: 799 });
    expect(subscription!.provider_ref).toMatch(/^[0-9a-f]{32}$/);
    const expiration = new Date(subscription!.expiration_date).getTime();
    expect(Math.abs(expiration - trialEnd.getTime())).toBeLessThan(60_000);
    expect(subscription!.trial_ends_at).toBe(subscription!.expiration_date);
    expect((await ledgerOfBilling(billingId)).map((l) => [l.entry, l.amount_cents])).toEqual([['TrialStarted', 0]]);
  });
});

describe('exactly once and signatures (decision 025)', () => {
  it('a form whose amount was changed in the browser is refused by the page; a changed IPN is refused (401)', async () => {
    const account = await registerAccount(t.app);
    const { url, params, billingId } = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
    const tampered = await browserPost(url, { ...params, vads_amount: '1' });
    expect(tampered.status).toBe(400);
    expect(tampered.text).toContain('La signature est invalide');

    await dropNotifications(true);
    let back: URL;
    try {
      back = await payFrictionless(url, params);
    } finally {
      await dropNotifications(false);
    }
    const ipn = fieldsOfReturn(back);
    expect((await postIpn({ ...ipn, vads_amount: '1' })).status).toBe(401);
    expect((await billingRow(billingId)).state).toBe('Pending');
    // Signed with the shop key but for another amount (what we never asked): rejected, nothing moves.
    const otherAmount = { ...ipn, vads_amount: '1' };
    expect(
      (await postIpn({ ...otherAmount, signature: signFields(otherAmount, CREDIT_CARD_SANDBOX.key) })).status,
    ).toBe(200);
    expect((await billingRow(billingId)).state).toBe('Pending');
    const events = await db.db.selectFrom('billing_events').selectAll().where('billing_id', '=', billingId).execute();
    expect(events.map((e) => e.outcome)).toEqual(['rejected']);
  });

  it('the same IPN 100 times at once gives one subscription and one ledger line', async () => {
    const account = await registerAccount(t.app);
    const { url, params, billingId } = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
    await dropNotifications(true);
    let back: URL;
    try {
      back = await payFrictionless(url, params);
    } finally {
      await dropNotifications(false);
    }
    const ipn = fieldsOfReturn(back);
    const answers = await Promise.all(Array.from({ length: 100 }, () => postIpn(ipn)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await subscriptionsOfBilling(billingId)).toHaveLength(1);
    expect(await ledgerOfBilling(billingId)).toHaveLength(1);
    const outcomes = await Promise.all(answers.map(async (a) => ((await a.json()) as { applied: string }).applied));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
  });

  it('a lost IPN is reconciled from the processor (Order/Get) when the viewer comes back', async () => {
    const account = await registerAccount(t.app);
    const { url, params, billingId, cookie } = await startCard('/billing/credit-card/url', REPLAY, account.cookie);
    await dropNotifications(true);
    try {
      await payFrictionless(url, params);
    } finally {
      await dropNotifications(false);
    }
    expect((await billingRow(billingId)).state).toBe('Pending');
    const outcomes = await Promise.all([confirm(billingId, cookie), confirm(billingId, cookie)]);
    expect(outcomes.map((o) => o.json().Response.Billing.state)).toEqual(['Succeeded', 'Succeeded']);
    expect(await subscriptionsOfBilling(billingId)).toHaveLength(1);
  });
});

describe('renewals, card update, cancel and refund (decision 025 lifecycle, decision 026)', () => {
  it('a renewal charged twice with the same idempotency key charges the card once', async () => {
    const { subscription, token } = await subscribedWithCard(CARDS.frictionless);
    const provider = jobProvider();
    const key = `renewal:${subscription.id}:${subscription.expiration_date}`;
    const charge = { idempotencyKey: key, subscriptionRef: token, amountCents: 499, currency: 'EUR', billingId: null };
    const [first, second] = [await provider.charge(charge), await provider.charge(charge)];
    expect(first).toMatchObject({ kind: 'renewed', amountCents: 499, subscriptionRef: token });
    expect(second.key).toBe(first.key);
    const order = await createCreditCardClient(creditCardConfig({}, base, true)!).getOrder(renewalOrderId(key));
    expect(order.transactions).toHaveLength(1);

    const events = applier();
    expect((await events.apply(first)).outcome).toBe('applied');
    expect((await events.apply(second)).outcome).toBe('duplicate');
    const renewed = await db.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(renewed.status).toBe('Renewed');
    expect(new Date(renewed.expiration_date).getTime()).toBeGreaterThan(
      new Date(subscription.expiration_date).getTime(),
    );
  });

  it('a card that refuses renewals: ToRenew, then a new card through /billing/credit-card/update renews', async () => {
    const { account, subscription, token } = await subscribedWithCard(CARDS.renewalsRefused);
    const provider = jobProvider();
    const refused = await provider.charge({
      idempotencyKey: `renewal:${subscription.id}:1`,
      subscriptionRef: token,
      amountCents: 499,
      currency: 'EUR',
      billingId: null,
    });
    expect(refused).toMatchObject({ kind: 'renewalFailed' });
    expect(refused.detail).toContain('REFUSED');
    expect((await applier().apply(refused)).outcome).toBe('applied');
    const toRenew = await db.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(toRenew).toMatchObject({ status: 'ToRenew', failed_attempts: 1 });

    // The viewer changes the card: REGISTER_UPDATE of the same token, 0 charged.
    const update = await startCard('/billing/credit-card/update', { product_id: '2' }, account.cookie);
    expect(update.params).toMatchObject({
      vads_page_action: 'REGISTER_UPDATE',
      vads_identifier: token,
      vads_amount: '0',
    });
    const page = await openCardPage(update.url, update.params);
    expect(await (await fetch(page)).text()).toContain('Enregistrer la carte');
    const back = new URL((await typeCard(page, CARDS.frictionless)).location!);
    expect(back.searchParams.get('vads_identifier_status')).toBe('UPDATED');
    const outcome = (await confirm(update.billingId, update.cookie)).json().Response;
    expect(outcome).toMatchObject({ Result: true, Billing: { type: 'CardUpdate', state: 'Succeeded' } });
    expect((await ledgerOfBilling(update.billingId)).map((l) => [l.entry, l.amount_cents])).toEqual([
      ['CardUpdated', 0],
    ]);
    expect((await billingRow(update.billingId)).subscription_id).toBe(subscription.id);

    const retried = await provider.charge({
      idempotencyKey: `renewal:${subscription.id}:2`,
      subscriptionRef: token,
      amountCents: 499,
      currency: 'EUR',
      billingId: null,
    });
    expect(retried.kind).toBe('renewed');
  });

  it('card update needs a session (11) and a running card subscription (32)', async () => {
    expect(errorNumber(await t.app.inject(get('/billing/credit-card/update', { query: { product_id: '2' } })))).toBe(
      11,
    );
    const account = await registerAccount(t.app);
    const res = await t.app.inject(
      get('/billing/credit-card/update', { query: { product_id: '2' }, cookie: account.cookie }),
    );
    expect(errorNumber(res)).toBe(32);
  });

  it('POST /billing/cancel within 14 days cancels the card token and refunds the first payment (spec 3 §1, §7)', async () => {
    const { account, started, subscription, token } = await subscribedWithCard(CARDS.frictionless);
    const res = await t.app.inject(
      post('/billing/cancel', { billing_type: 'CreditCard', product_id: '2' }, { cookie: account.cookie }),
    );
    expect(res.json().Response, res.body).toMatchObject({ Result: true, Status: 'Refunded' });
    const after = await db.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('Refunded');
    expect((await ledgerOfBilling(started.billingId)).map((l) => [l.entry, l.amount_cents])).toContainEqual([
      'Refunded',
      -499,
    ]);
    // The processor has the token cancelled and the payment refunded.
    expect(await jobProvider().cancel(token)).toBe('alreadyCancelled');
    const order = await createCreditCardClient(creditCardConfig({}, base, true)!).getOrder(started.billingId);
    expect(order.transactions.map((tx) => [tx.operationType, tx.amount])).toEqual([
      ['DEBIT', 499],
      ['CREDIT', 499],
    ]);
  });

  it('cancel stops the token (a second cancel is "already cancelled"); refunds are idempotent by key', async () => {
    const { started, token } = await subscribedWithCard(CARDS.frictionless);
    const provider = jobProvider();
    const refund = {
      providerRef: started.billingId,
      amountCents: 499,
      currency: 'EUR',
      key: `refund:${started.billingId}`,
    };
    const refunded = await provider.refund(refund);
    expect(refunded).toMatchObject({
      kind: 'refunded',
      amountCents: 499,
      billingId: started.billingId,
      subscriptionRef: token,
    });
    expect((await provider.refund(refund)).key).toBe(refunded.key);
    await expect(provider.refund({ ...refund, key: 'another refund' })).rejects.toBeInstanceOf(CardApiError);

    expect(await provider.cancel(token)).toBe('cancelled');
    expect(await provider.cancel(token)).toBe('alreadyCancelled');
    await expect(
      provider.charge({
        idempotencyKey: 'after-cancel',
        subscriptionRef: token,
        amountCents: 499,
        currency: 'EUR',
        billingId: null,
      }),
    ).rejects.toBeInstanceOf(CardApiError);
  });
});
