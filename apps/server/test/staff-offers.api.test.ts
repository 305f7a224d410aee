import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, registerAccount } from './accounts-test-support';
import { staffConsole, type StaffConsole } from './support/staff-console';

// Offers changed from the console (decision 099): new terms for new subscribers are a new offer in
// the old one's place; the old one is hidden and its subscribers keep renewing at its terms
// (renewals price each term from the offer row, decision 090); hiding and showing; all audited.

const DAY = 86_400_000;
let clock = Date.parse('2026-11-24T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let signInAgain: StaffConsole['signInAgain'];
let roles: StaffConsole['roles'];

/** A customer subscribing to the weekly offer `priceId` by direct pass (the operator stand-in). */
async function subscribe(priceId: number, msisdn: string) {
  const account = await registerAccount(t.app);
  const res = await t.app.inject(
    get('/billing/direct-pass/url', {
      query: { product_id: '1', product_price_id: String(priceId), operator_id: '2', msisdn },
      cookie: account.cookie,
    }),
  );
  if (res.json().Error.Number !== 0) return { error: res.json().Error.Number as number, subscriptionId: 0 };
  const { Url, BillingID } = res.json().Response;
  await fetch(Url, { method: 'POST', body: new URLSearchParams({ action: 'confirm' }), redirect: 'manual' });
  const sub = await t.database.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('billing_id', '=', BillingID)
    .executeTakeFirstOrThrow();
  return { error: 0, subscriptionId: sub.id };
}
const ledger = async (subscriptionId: number) =>
  (
    await t.database.db
      .selectFrom('billing_ledger')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id')
      .execute()
  ).map((l) => `${l.entry} ${l.amount_cents}`);
const appOffers = async () =>
  (await t.app.inject(get('/data'))).json().Response.App.inAppPurchases as {
    productPriceID: number;
    price: number;
    freeTrialDays: number;
  }[];

const WEEKLY_TERMS = {
  priceCents: 299,
  durationUnit: 'Week',
  durationCount: 1,
  freeTrialDays: 0,
  promo: null,
  sku: null,
};

beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => new Date(clock) });
  ({ call, roles, signInAgain } = await staffConsole(t, () => (clock += 31_000), ['finance', 'editor']));
});
afterAll(() => t.close());

describe('offers changed from the console (decision 099; spec 3 §3)', () => {
  it('spec 3 §3: a new weekly price sells to new subscribers only; the running subscription renews at its own terms', async () => {
    const running = await subscribe(12, '0612000011');
    expect(running.error).toBe(0);
    const before = (await call('GET', '/offers', roles.finance!)).json().Response.offers;
    const old = before.find((o: { id: number }) => o.id === 12);
    expect(old).toMatchObject({ priceCents: 199, freeTrialDays: 7, hiddenAt: null, replacedBy: null });

    const replaced = await call('POST', '/offers/12/replace', roles.finance!, WEEKLY_TERMS);
    expect(replaced.json().Error.Number, replaced.body).toBe(0);
    const { offer, replaced: hidden } = replaced.json().Response;
    expect(offer).toMatchObject({
      productId: old.productId,
      billingType: old.billingType,
      name: old.name,
      priceCents: 299,
      freeTrialDays: 0,
      hiddenAt: null,
      replacedBy: null,
    });
    expect(offer.id).toBeGreaterThan(Math.max(...before.map((o: { id: number }) => o.id)));
    expect(hidden).toMatchObject({
      id: 12,
      priceCents: 199,
      replacedBy: offer.id,
      hiddenAt: new Date(clock).toISOString(),
    });

    // The apps sell the new terms in the old offer's place, and no longer the old ones.
    const sold = await appOffers();
    expect(sold.map((o) => o.productPriceID)).toContain(offer.id);
    expect(sold.map((o) => o.productPriceID)).not.toContain(12);
    expect(sold.find((o) => o.productPriceID === offer.id)).toMatchObject({ price: 2.99, freeTrialDays: 0 });
    // A new checkout of the hidden offer is refused (31); the new one is taken.
    expect((await subscribe(12, '0612000012')).error).toBe(31);
    const newcomer = await subscribe(offer.id, '0612000013');
    expect(newcomer.error).toBe(0);
    expect(await ledger(newcomer.subscriptionId)).toEqual(['Charged 299']);

    // The running subscription's trial ends: it renews at 1.99, the terms it was sold.
    clock += 7 * DAY - 30 * 60_000;
    expect((await t.app.billingJob.runOnce({ force: true })).renewed).toBeGreaterThanOrEqual(1);
    expect(await ledger(running.subscriptionId)).toEqual(['TrialStarted 0', 'Renewed 199']);
    await signInAgain();

    const audit = (await call('GET', '/audit?action=offer.replace', roles.admin!)).json().Response.entries;
    expect(audit[0]).toMatchObject({
      actor: 'finance@playz.fr',
      targetType: 'offer',
      targetId: '12',
      before: { id: 12, price_cents: 199, hidden_at: null },
      after: { replaced: { id: 12, replaced_by: offer.id }, offer: { id: offer.id, price_cents: 299 } },
    });
  });

  it('spec 3 §3: a replaced offer is not replaced twice nor put back on sale (3), a rental takes no new terms (3); an unknown offer is 31', async () => {
    const again = await call('POST', '/offers/12/replace', roles.finance!, WEEKLY_TERMS);
    expect(errorNumber(again)).toBe(3);
    expect(errorNumber(await call('POST', '/offers/12/show', roles.finance!))).toBe(3);
    expect(errorNumber(await call('POST', '/offers/9999/replace', roles.finance!, WEEKLY_TERMS))).toBe(31);
    expect(errorNumber(await call('POST', '/offers/9999/hide', roles.finance!))).toBe(31);
    // A rental's offer (demo offer 21) has no term to replace: refused, nothing made.
    const offersBefore = await t.database.db.selectFrom('offers').select('id').execute();
    expect(errorNumber(await call('POST', '/offers/21/replace', roles.finance!, WEEKLY_TERMS))).toBe(3);
    expect(await t.database.db.selectFrom('offers').select('id').execute()).toEqual(offersBefore);
    expect((await call('GET', '/audit?action=offer.replace', roles.admin!)).json().Response.entries).toHaveLength(1);
  });

  it('spec 3 §3: bad terms are 3 — a promo not below the price, a promo ending before it starts, another offer’s store SKU', async () => {
    const terms = { ...WEEKLY_TERMS, priceCents: 499, durationUnit: 'Month' };
    const promo = { priceCents: 499, startDate: null, endDate: null, durationDays: 28, text: null };
    expect(errorNumber(await call('POST', '/offers/14/replace', roles.finance!, { ...terms, promo }))).toBe(3);
    const reversed = { ...promo, priceCents: 99, startDate: '2027-02-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z' };
    expect(errorNumber(await call('POST', '/offers/14/replace', roles.finance!, { ...terms, promo: reversed }))).toBe(
      3,
    );
    expect(
      errorNumber(await call('POST', '/offers/14/replace', roles.finance!, { ...terms, sku: 'playz_comedy_weekly' })),
    ).toBe(3);
    // Its own SKU may stay (the store changed its product's price), with a promo in the new terms.
    const kept = await call('POST', '/offers/14/replace', roles.finance!, {
      ...terms,
      priceCents: 599,
      freeTrialDays: 14,
      sku: 'playz_video_monthly',
      promo: { ...promo, priceCents: 399, startDate: '2026-11-01T00:00:00+01:00', endDate: '2027-06-01T00:00:00Z' },
    });
    expect(kept.json().Error.Number, kept.body).toBe(0);
    expect(kept.json().Response.offer).toMatchObject({
      priceCents: 599,
      durationUnit: 'Month',
      freeTrialDays: 14,
      sku: 'playz_video_monthly',
      promo: { priceCents: 399, startDate: '2026-10-31T23:00:00.000Z', endDate: '2027-06-01T00:00:00.000Z' },
    });
  });

  it('spec 3 §3: hiding takes an offer out of the apps’ list and showing puts it back; each once in the audit log; editors are refused (4)', async () => {
    expect(errorNumber(await call('POST', '/offers/15/hide', roles.editor!))).toBe(4);
    const hidden = await call('POST', '/offers/15/hide', roles.finance!);
    expect(hidden.json().Response).toMatchObject({ offer: { id: 15, hiddenAt: expect.any(String) }, repeated: false });
    expect((await appOffers()).map((o) => o.productPriceID)).not.toContain(15);
    expect((await call('POST', '/offers/15/hide', roles.finance!)).json().Response.repeated).toBe(true);
    const shown = await call('POST', '/offers/15/show', roles.admin!);
    expect(shown.json().Response).toMatchObject({ offer: { id: 15, hiddenAt: null }, repeated: false });
    expect((await appOffers()).map((o) => o.productPriceID)).toContain(15);
    const entries = (await call('GET', '/audit?target_type=offer&target_id=15', roles.admin!)).json().Response.entries;
    expect(entries.map((e: { action: string; actor: string }) => `${e.action} ${e.actor}`)).toEqual([
      'offer.show root@playz.fr',
      'offer.hide finance@playz.fr',
    ]);
    expect(entries[1]).toMatchObject({ before: { hidden_at: null }, after: { hidden_at: expect.any(String) } });
  });
});
