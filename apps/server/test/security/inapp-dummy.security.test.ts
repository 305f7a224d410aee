import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorNumber, get } from '../accounts-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * GET /inapp (spec 3 §4): Dummy is added to every platform's billing types, but a server whose
 * Dummy store is off (BILLING_DUMMY=0, and always in production) listed Dummy offers anyway:
 * buttons for a store that answers 33. Pass rule: no Dummy offer where Dummy is off, on any platform.
 */
const PLATFORMS = ['Web', 'Tizen', 'OrangeSTB', 'AndroidTV', 'FireOS', 'XBox'];
const figures = { platforms: 0, dummyOffers: 0 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BILLING_DUMMY: '0' } });
});
afterAll(async () => {
  report('Dummy offers where Dummy is off', figures);
  await t.close();
});

describe('GET /inapp where the Dummy store is off', () => {
  it.each(PLATFORMS)('lists no Dummy offer on %s', async (platform) => {
    const res = await t.app.inject(get('/inapp', { query: { platform } }));
    expect(errorNumber(res)).toBe(0);
    const offers = res.json().Response.InAppPurchases as { billingType: string }[];
    figures.platforms += 1;
    figures.dummyOffers += offers.filter((o) => o.billingType === 'Dummy').length;
    expect(offers.map((o) => o.billingType)).not.toContain('Dummy');
  });

  it('still lists the offers of the billing types that are on', async () => {
    const offers = (await t.app.inject(get('/inapp'))).json().Response.InAppPurchases as { billingType: string }[];
    expect(offers.some((o) => o.billingType === 'CreditCard')).toBe(true);
  });
});
