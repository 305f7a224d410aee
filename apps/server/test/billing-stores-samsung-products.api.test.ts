import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get } from './accounts-test-support';
import { deviceOn } from './billing-stores-test-support';

// Samsung checkout steps 2 and 3 (spec 3 §4; §7 /country/checkavailability and /cont/list, §9 page
// size 100): the TV asks the server, which signs both DPI calls with the secret key (decision 029),
// here against the DPI stand-in over real HTTP.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  await t.close();
});

const products = async (platform: string, cookie: string | undefined, query: Record<string, string> = {}) =>
  t.app.inject(get('/billing/samsung-checkout/products', { cookie, query: { platform, ...query } }));

describe('spec 3 §4 Samsung checkout steps 2–3: GET /billing/samsung-checkout/products', () => {
  it('in France (the caller’s country by default) billing is supported and the app’s items are listed', async () => {
    const tv = await deviceOn(t, 'Tizen');
    const res = await products('Tizen', tv.cookie);
    expect(errorNumber(res), res.body).toBe(0);
    const answer = res.json().Response as {
      IsBillingSupported: boolean;
      Products: { ItemID: string; Price: number }[];
    };
    expect(answer.IsBillingSupported).toBe(true);
    expect(answer.Products.map((p) => p.ItemID)).toEqual(
      expect.arrayContaining(['playz_monthly', 'subscription_1_99']),
    );
    expect(answer.Products.find((p) => p.ItemID === 'playz_monthly')?.Price).toBe(7.99);
  });

  it('a country Samsung does not bill answers no support and no item', async () => {
    const tv = await deviceOn(t, 'Tizen');
    const res = await products('Tizen', tv.cookie, { country: 'JP' });
    expect(errorNumber(res), res.body).toBe(0);
    expect(res.json().Response).toMatchObject({ IsBillingSupported: false, Products: [] });
  });

  it('needs a session (11), and is not asked from a platform that does not sell Samsung checkout (4)', async () => {
    expect(errorNumber(await products('Tizen', undefined))).toBe(11);
    const web = await deviceOn(t, 'Web');
    expect(errorNumber(await products('Web', web.cookie))).toBe(4);
  });
});
