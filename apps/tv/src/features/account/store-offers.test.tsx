import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { remoteKeyOf, StoreBillingError, type StoreBilling, type StoreOutcome } from '@playz/platform';
import { renderTv } from '@/test/render-tv';
import { storeSubscriptions } from './store-offers';

const offer = (sku: string | null, overrides: Record<string, unknown> = {}) => ({
  billingType: 'CreditCard',
  type: 'Subscription',
  productID: 1,
  productPriceID: 10,
  name: 'Playz',
  price: 9.99,
  currency: 'EUR',
  durationUnit: 'Month',
  durationCount: 1,
  SKU: sku,
  ...overrides,
});
// Only what the page reads of /data (the test client checks no schema): the offers and the account.
const data = {
  App: {
    cookieTypes: [],
    inAppPurchases: [
      offer('playz_monthly'),
      offer('subscription_1_99', { productID: 2, name: 'Playz Semaine', price: 1.99, durationUnit: 'Week' }),
      offer('playz_rental_48h', { type: 'Purchase', productID: 3 }),
      offer(null, { productID: 4 }),
    ],
  },
  Customer: {
    logged: true,
    consent: null,
    storeCustomId: '42',
    productAccess: [],
    hasFullAccess: false,
    subscriptions: [],
  },
};
const LINK = {
  url: 'http://localhost/billing/link?code=ABCD2345',
  code: 'ABCD2345',
  qrImage: 'data:,',
  expiresAt: '2030-01-01T00:00:00Z',
};
const handlers = {
  'GET /data': { response: data },
  'GET /customer/billing/link': { response: { Link: LINK } },
  'GET /customer/billing/status': { response: { Status: 'Pending' } },
};
const samsung = (subscribe: StoreBilling['subscribe']) => ({
  platform: 'Tizen' as const,
  lowMemory: false,
  remoteKeyOf: (event: KeyboardEvent) => remoteKeyOf(event, 'Tizen'),
  exit: () => false,
  storeBilling: { billingType: 'SamsungCheckout' as const, subscribe, restore: vi.fn() },
});
const pressOk = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 13, key: 'Enter' })));
/** Prices come with Intl's no-break spaces: compared as plain spaces. */
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');
const focusedLabel = () => plain(document.querySelector('[data-focused]')?.textContent);

describe('subscribing in the TV’s store (store billing through the platform bridge; spec 3 §4, decisions 029 and 036)', () => {
  beforeEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/'));
  afterEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=; Max-Age=0; Path=/'));

  it('lists one button per subscription SKU (no single purchases, nothing without a SKU)', () => {
    expect(storeSubscriptions(data.App.inAppPurchases as never).map((o) => o.SKU)).toEqual([
      'playz_monthly',
      'subscription_1_99',
    ]);
  });

  it('OK on the focused offer buys it in Samsung Checkout with our CustomID, then says the TV is unlocked', async () => {
    const subscribe = vi.fn(async (): Promise<StoreOutcome> => ({ status: 'saved', customer: data.Customer as never }));
    const view = renderTv('/subscribe', handlers, samsung(subscribe));
    const lead = await screen.findByText('Payez avec Samsung Checkout, sans quitter la TV :');
    expect(lead.closest('section')?.getAttribute('aria-label')).toBe('Samsung Checkout');
    expect(screen.getAllByRole('button').map((b) => plain(b.textContent))).toContain(
      'Playz Semaine · 1,99 € par semaine',
    );
    await waitFor(() => expect(focusedLabel()).toBe('Playz · 9,99 € par mois'));
    pressOk();
    const thanks = await screen.findByText('Merci ! Votre abonnement est actif sur cette TV.');
    expect(thanks.getAttribute('role')).toBe('status');
    // The store's offers are gone: paid, nothing more to buy here.
    expect(screen.queryByText(/sans quitter la TV/)).toBeNull();
    expect(subscribe).toHaveBeenCalledWith({ sku: 'playz_monthly', customId: '42', productId: '1' });
    // The customer is read again: the TV now has the access the store sold.
    expect(view.calls.filter((c) => c === 'GET /data').length).toBeGreaterThanOrEqual(2);
  });

  it('cancelled in the store: nothing charged, said so; a store refusal shows the store’s own message', async () => {
    const subscribe = vi
      .fn<StoreBilling['subscribe']>()
      .mockResolvedValueOnce({ status: 'cancelled' })
      .mockRejectedValueOnce(new StoreBillingError('store', 'Cet article n’est pas disponible dans votre pays.'));
    renderTv('/subscribe', handlers, samsung(subscribe));
    await waitFor(() => expect(focusedLabel()).toBe('Playz · 9,99 € par mois'));
    pressOk();
    expect((await screen.findByText('Paiement annulé : rien n’a été débité.')).getAttribute('role')).toBe('status');
    pressOk();
    expect((await screen.findByText('Cet article n’est pas disponible dans votre pays.')).getAttribute('role')).toBe(
      'alert',
    );
  });

  it('a refusal the server names (a free trial already used, decision 072) shows the server’s message; an unnamed one the usual error', async () => {
    const trialUsed =
      "La période gratuite a déjà été utilisée sur ce compte Playz : cet abonnement n'est pas activé. Résiliez l'essai gratuit dans la boutique de votre appareil pour ne pas être débité.";
    const subscribe = vi
      .fn<StoreBilling['subscribe']>()
      .mockRejectedValueOnce(new StoreBillingError('server', trialUsed, { number: 30, apiReason: 'TrialAlreadyUsed' }))
      .mockRejectedValueOnce(new StoreBillingError('server', 'google-play: receipt already used', { number: 30 }));
    renderTv('/subscribe', handlers, samsung(subscribe));
    // Each press waits for the offer to hold the focus and for the store call to have answered.
    const offerFocused = () => waitFor(() => expect(focusedLabel()).toBe('Playz · 9,99 € par mois'), { timeout: 5000 });
    await offerFocused();
    pressOk();
    expect((await screen.findByText(trialUsed, {}, { timeout: 5000 })).getAttribute('role')).toBe('alert');
    await waitFor(() => expect(subscribe).toHaveBeenCalledTimes(1));
    await offerFocused();
    pressOk();
    const generic = await screen.findByText("Une erreur s'est produite lors du paiement", {}, { timeout: 5000 });
    expect(generic.getAttribute('role')).toBe('alert');
    expect(subscribe).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(trialUsed)).toBeNull();
    expect(screen.queryByText(/receipt already used/)).toBeNull();
  });

  it('spec 3 §4 on the Orange box a visitor buys in the app shop without logging in (decision 089); elsewhere a visitor logs in first', async () => {
    const visitor = { ...data, Customer: { ...data.Customer, logged: false, storeCustomId: null } };
    const visitorHandlers = { ...handlers, 'GET /data': { response: visitor } };
    const subscribe = vi.fn(async (): Promise<StoreOutcome> => ({ status: 'saved', customer: data.Customer as never }));
    const orange = {
      ...samsung(subscribe),
      platform: 'OrangeSTB' as const,
      remoteKeyOf: (event: KeyboardEvent) => remoteKeyOf(event, 'OrangeSTB'),
      storeBilling: { billingType: 'OrangeAppshopTV' as const, subscribe, restore: vi.fn() },
    };
    const view = renderTv('/subscribe', visitorHandlers, orange);
    await screen.findByText('Payez avec Orange, sans quitter la TV :');
    expect(document.querySelector('.subscribe-choices')?.textContent).toContain('Se connecter');
    await waitFor(() => expect(focusedLabel()).toBe('Playz · 9,99 € par mois'));
    pressOk();
    await screen.findByText('Merci ! Votre abonnement est actif sur cette TV.');
    expect(subscribe).toHaveBeenCalledWith({ sku: 'playz_monthly', customId: undefined, productId: '1' });
    view.unmount();

    // Samsung Checkout knows no viewer without an account: log in first, no offer.
    renderTv('/subscribe', visitorHandlers, samsung(vi.fn()));
    await screen.findByText('Connectez-vous d’abord : l’abonnement est lié à votre compte.');
    expect(screen.queryByText(/sans quitter la TV/)).toBeNull();
  });

  it('a TV without a store (the web emulation) offers the phone link only', async () => {
    renderTv('/subscribe', handlers);
    // The phone's link code is there, and nothing of a store.
    expect((await screen.findByText('ABCD 2345')).closest('.link-code')).not.toBeNull();
    expect(screen.queryByText(/sans quitter la TV/)).toBeNull();
  });
});
