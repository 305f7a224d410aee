import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { remoteKeyOf, type StoreBilling, type StoreOutcome } from '@playz/platform';
import { renderTv } from '@/test/render-tv';

const offer = (sku: string, productID: number, type = 'Subscription') => ({
  billingType: 'OrangeAppshopTV',
  type,
  productID,
  productPriceID: productID * 10,
  name: `Playz ${productID}`,
  price: 9.99,
  currency: 'EUR',
  durationUnit: 'Month',
  durationCount: 1,
  SKU: sku,
});
const customer = (logged: boolean) => ({
  logged,
  consent: null,
  storeCustomId: null,
  productAccess: [],
  hasFullAccess: logged,
  subscriptions: [],
});
const data = (logged: boolean) => ({
  App: {
    cookieTypes: [],
    inAppPurchases: [offer('orange_week', 2), offer('orange_month', 1), offer('orange_rental', 3, 'Purchase')],
  },
  Customer: customer(logged),
});

function box(restore: StoreBilling['restore'], billingType: StoreBilling['billingType'] = 'OrangeAppshopTV') {
  return {
    platform: 'OrangeSTB' as const,
    lowMemory: false,
    remoteKeyOf: (event: KeyboardEvent) => remoteKeyOf(event, 'OrangeSTB'),
    exit: () => false,
    storeBilling: { billingType, subscribe: vi.fn(), restore },
  };
}

describe('spec 3 §4 Orange app shop: a visitor is identified by ise2 at start (decision 089)', () => {
  it('asks the app shop for each subscription offer until one is held, then loads the signed-in customer once', async () => {
    let signedIn = false;
    const restore = vi.fn(async ({ sku }: { sku: string }): Promise<StoreOutcome> => {
      if (sku !== 'orange_month') return { status: 'none' };
      signedIn = true;
      return { status: 'saved', customer: customer(true) as never };
    });
    const view = renderTv('/', { 'GET /data': () => ({ response: data(signedIn) }) }, box(restore));
    await waitFor(() => expect(view.calls.filter((call) => call === 'GET /data')).toHaveLength(2));
    expect(restore.mock.calls.map(([asked]) => asked)).toEqual([
      { sku: 'orange_week', productId: '2' },
      { sku: 'orange_month', productId: '1' },
    ]);
    // Signed in now: the customer's screens, and the app shop is not asked again.
    await waitFor(() => expect(view.queryClient.getQueryData(['data'])).toMatchObject({ Customer: { logged: true } }));
    expect(restore).toHaveBeenCalledTimes(2);
  });

  it('leaves a line Orange holds nothing for as a visitor, without a word, and a failure too', async () => {
    const restore = vi
      .fn<StoreBilling['restore']>()
      .mockResolvedValueOnce({ status: 'none' })
      .mockRejectedValueOnce(new Error('AuthenticationFault'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const view = renderTv('/', { 'GET /data': { response: data(false) } }, box(restore));
    await waitFor(() => expect(restore).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(view.calls.filter((call) => call === 'GET /data')).toHaveLength(1);
    // No popup: the box's error popups (decision 087) are for what the viewer asked.
    expect(screen.queryByRole('dialog')).toBeNull();
    warn.mockRestore();
  });

  it('asks nothing of a signed-in box, nor of another store', async () => {
    const restore = vi.fn();
    const signed = renderTv('/', { 'GET /data': { response: data(true) } }, box(restore));
    await waitFor(() => expect(signed.calls).toContain('GET /data'));
    signed.unmount();
    const samsung = renderTv('/', { 'GET /data': { response: data(false) } }, box(restore, 'SamsungCheckout'));
    await waitFor(() => expect(samsung.calls).toContain('GET /data'));
    expect(restore).not.toHaveBeenCalled();
  });
});
