import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { errorNumber, freshLogin, post } from './accounts-test-support';

// Promo codes in the console (decision 090): list them with their use, create one with a cap and
// an expiry, disable one; registration (spec 1 §2) honours the cap and the disabling; every change
// is in the audit log with its before and after.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];

let address = 0;
const register = (code: string) =>
  t.app.inject(
    post(
      '/customer/register',
      { login: freshLogin('promo-console'), password: 'secret-1', promo_code: code },
      { ip: `10.61.${(address += 1)}.1` },
    ),
  );

let roles: StaffConsole['roles'] = {};
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  // The TOTP codes need a new step each: the app's clock moves 31 s per sign-in.
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['support', 'finance', 'editor']));
});
afterAll(() => t.close());

describe('promo codes in the console (decision 090; spec 1 §2)', () => {
  it('spec 1 §2: lists BIENVENUE with what it opens, its state and its use; finance and editors read, support does not', async () => {
    const before = (await call('GET', '/promo-codes', roles.finance!)).json();
    expect(before.Error.Number).toBe(0);
    const welcome = before.Response.promoCodes.find((p: { code: string }) => p.code === 'BIENVENUE');
    expect(welcome).toMatchObject({ campaign: { days: 7 }, maxRedemptions: null, state: 'live', disabledAt: null });
    expect((await register('bienvenue')).json().Error.Number).toBe(0);
    const after = (await call('GET', '/promo-codes', roles.editor!)).json().Response.promoCodes;
    expect(after.find((p: { code: string }) => p.code === 'BIENVENUE').redeemed).toBe(welcome.redeemed + 1);
    expect((await call('GET', '/promo-codes', roles.support!)).json().Error.Number).toBe(4);
  });

  it('spec 1 §2: an editor creates a capped code; its redeemers are listed; the cap refuses the next registration (7)', async () => {
    const made = await call('POST', '/promo-codes', roles.editor!, {
      code: ' noel-2026 ',
      days: 14,
      maxRedemptions: 2,
      expiresAt: '2027-01-06T23:00:00Z',
    });
    expect(made.json().Error.Number).toBe(0);
    expect(made.json().Response.promoCode).toMatchObject({
      code: 'NOEL-2026',
      campaign: { days: 14, name: 'Code NOEL-2026' },
      maxRedemptions: 2,
      redeemed: 0,
      expiresAt: '2027-01-06T23:00:00Z',
      createdBy: 'editor@playz.fr',
      state: 'live',
    });
    const first = await register('Noel-2026');
    expect(first.json().Error.Number).toBe(0);
    clock += 60_000;
    expect((await register('NOEL-2026')).json().Error.Number).toBe(0);
    // The cap is reached: the third is refused like an ended code, and no account is made for it.
    expect(errorNumber(await register('NOEL-2026'))).toBe(7);
    const detail = (await call('GET', '/promo-codes/noel-2026', roles.finance!)).json().Response;
    expect(detail.promoCode).toMatchObject({ redeemed: 2, state: 'capped' });
    expect(detail.redeemers).toHaveLength(2);
    expect(detail.redeemers[0]).toMatchObject({
      customerId: expect.any(Number),
      login: expect.stringMatching(/^promo-console/),
      redeemedAt: new Date(clock).toISOString(),
      deleted: false,
    });
    const audit = (await call('GET', '/audit?action=promo-code.create', roles.admin!)).json().Response.entries;
    expect(audit[0]).toMatchObject({
      actor: 'editor@playz.fr',
      targetType: 'promo-code',
      targetId: 'NOEL-2026',
      before: null,
      after: { code: 'NOEL-2026', maxRedemptions: 2 },
    });
  });

  it('spec 1 §2: a code that exists, a malformed one or an expiry in the past is 3; nothing is made', async () => {
    const count = (await call('GET', '/promo-codes', roles.admin!)).json().Response.promoCodes.length;
    for (const body of [
      { code: 'bienvenue', days: 3 },
      { code: 'A B', days: 3 },
      { code: 'PASSE', days: 3, expiresAt: '2020-01-01T00:00:00Z' },
      { code: 'ZERO', days: 0 },
    ])
      expect((await call('POST', '/promo-codes', roles.finance!, body)).json().Error.Number, JSON.stringify(body)).toBe(
        3,
      );
    expect((await call('GET', '/promo-codes', roles.admin!)).json().Response.promoCodes).toHaveLength(count);
    expect((await call('GET', '/promo-codes/NOPE-1', roles.admin!)).json().Error.Number).toBe(7);
  });

  it('spec 1 §2: finance disables a code: registration refuses it, accounts that took it keep it, the audit has before and after', async () => {
    await call('POST', '/promo-codes', roles.finance!, { code: 'RENTREE', days: 30 });
    const taker = await register('RENTREE');
    expect(taker.json().Error.Number).toBe(0);
    const disabled = await call('POST', '/promo-codes/rentree/disable', roles.finance!);
    expect(disabled.json().Response).toMatchObject({ promoCode: { state: 'disabled', redeemed: 1 }, repeated: false });
    expect(errorNumber(await register('RENTREE'))).toBe(7);
    const again = await call('POST', '/promo-codes/RENTREE/disable', roles.finance!);
    expect(again.json().Response.repeated).toBe(true);
    const entries = (await call('GET', '/audit?action=promo-code.disable', roles.admin!)).json().Response.entries;
    // The repeated ask changed nothing and is not recorded as a change.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'finance@playz.fr',
      targetId: 'RENTREE',
      before: { state: 'live', disabledAt: null },
      after: { state: 'disabled', disabledAt: new Date(clock).toISOString() },
    });
    const detail = (await call('GET', '/promo-codes/RENTREE', roles.editor!)).json().Response;
    expect(detail.redeemers).toHaveLength(1);
    expect((await call('POST', '/promo-codes/RENTREE/disable', roles.support!)).json().Error.Number).toBe(4);
  });
});

describe('offers in the console (decision 090; spec 3)', () => {
  it('spec 3: finance lists every offer with its product, price, term and free trial, as the apps order them; editors and support may not', async () => {
    const rows = await t.database.db.selectFrom('offers').selectAll().orderBy('position').execute();
    expect(rows.length).toBeGreaterThan(0);
    const answer = (await call('GET', '/offers', roles.finance!)).json();
    expect(answer.Error.Number).toBe(0);
    expect(answer.Response.offers.map((o: { id: number }) => o.id)).toEqual(rows.map((r) => r.id));
    expect(answer.Response.offers[0]).toEqual(
      expect.objectContaining({
        id: rows[0]!.id,
        productId: rows[0]!.product_id,
        name: rows[0]!.name,
        priceCents: rows[0]!.price_cents,
        currency: rows[0]!.currency,
        durationUnit: rows[0]!.duration_unit,
        durationCount: rows[0]!.duration_count,
        freeTrialDays: rows[0]!.free_trial_days,
      }),
    );
    expect((await call('GET', '/offers', roles.editor!)).json().Error.Number).toBe(4);
    expect((await call('GET', '/offers', roles.support!)).json().Error.Number).toBe(4);
  });
});
