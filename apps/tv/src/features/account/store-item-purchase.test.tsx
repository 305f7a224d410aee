import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { remoteKeyOf, StoreBillingError, type StoreBilling } from '@playz/platform';
import { renderTv } from '@/test/render-tv';
import { createTvI18n } from '@/lib/i18n';

// Decision 093 (spec 3 §3 ContentPurchase, §4 store flows): on a TV whose store sells one-off
// products (Google Play on Android TV, Amazon on Fire TV), the rent page buys the film with the
// store through the platform bridge, the phone's payment link staying below as the other way.

const rental = {
  billingType: 'CreditCard',
  type: 'Purchase',
  product: 'ContentPurchase',
  productID: 10,
  productPriceID: 21,
  name: 'Location 48 h',
  price: 2.99,
  currency: 'EUR',
  purchaseHours: 48,
  SKU: 'playz_rental_48h',
};
const customer = {
  logged: true,
  consent: null,
  storeCustomId: '42',
  productAccess: [],
  hasFullAccess: false,
  purchases: [],
  subscriptions: [],
};
const data = { App: { cookieTypes: [], inAppPurchases: [rental] }, Customer: customer };
const film = { contentID: 1001, contentType: 'Film', title: 'L’Été indien', images: {} };
const LINK = {
  url: 'http://localhost/billing/link/0123456789abcdef0123456789abcdef',
  code: 'ABCD2345',
  qrImage: 'data:,',
  expiresAt: '2030-01-01T00:00:00Z',
};
const handlers = {
  'GET /data': { response: data },
  'GET /content/1001': { response: { Content: film } },
  'GET /customer/billing/link': { response: { Link: LINK } },
  'GET /customer/billing/status': { response: { Status: 'Pending' } },
};
const androidTv = (billing: Partial<StoreBilling>) => ({
  platform: 'AndroidTV' as const,
  lowMemory: false,
  remoteKeyOf: (event: KeyboardEvent) => remoteKeyOf(event, 'AndroidTV'),
  exit: () => false,
  storeBilling: { billingType: 'GooglePlay' as const, subscribe: vi.fn(), restore: vi.fn(), ...billing },
});
const pressOk = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 13, key: 'Enter' })));
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');
const focusedLabel = () => plain(document.querySelector('[data-focused]')?.textContent);

describe('spec 3 §4 renting a film in the TV’s own store (decision 093)', () => {
  beforeEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/'));
  afterEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=; Max-Age=0; Path=/'));

  it('OK on the focused store button buys the rental SKU for this film with our account, then offers to watch', async () => {
    const buyItem = vi.fn<NonNullable<StoreBilling['buyItem']>>(async () => ({
      status: 'saved',
      customer: customer as never,
    }));
    const { calls } = renderTv('/rent/1001', handlers, androidTv({ buyItem }));
    // The page waits for /data (no offer known yet: not found), then titles the store's rental.
    expect(await screen.findByRole('heading', { level: 1, name: 'Louer ce film' })).toBeTruthy();
    await waitFor(() => expect(focusedLabel()).toBe('Louer avec Google Play · 2,99 €'));
    expect(plain(screen.getByText(/pendant 48 heures/).textContent)).toBe(
      '« L’Été indien » pendant 48 heures, payé avec votre compte Google Play.',
    );
    // The phone's link code stays beside it (the D-pad's way there is checked in the browser run).
    expect(await screen.findByTestId('link-code')).toBeTruthy();
    pressOk();
    const thanks = await screen.findByText(/^Merci/);
    expect(plain(thanks.textContent)).toBe('Merci ! « L’Été indien » est à vous sur cette TV.');
    expect(buyItem).toHaveBeenCalledWith(
      { sku: 'playz_rental_48h', customId: '42', productId: '10' },
      { contentType: 'Content', contentTypeID: 1001 },
    );
    expect(calls.filter((call) => call === 'GET /data').length).toBeGreaterThan(1);
    await waitFor(() => expect(focusedLabel()).toBe('Regarder'));
  });

  it('cancelled in the store: nothing charged, said so; a refusal shows the payment error', async () => {
    const buyItem = vi
      .fn<NonNullable<StoreBilling['buyItem']>>()
      .mockResolvedValueOnce({ status: 'cancelled' })
      .mockRejectedValueOnce(new StoreBillingError('server', 'google-play: purchase already used', { number: 30 }));
    renderTv('/rent/1001', handlers, androidTv({ buyItem }));
    await waitFor(() => expect(focusedLabel()).toBe('Louer avec Google Play · 2,99 €'));
    pressOk();
    expect((await screen.findByText('Paiement annulé : rien n’a été débité.')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(buyItem).toHaveBeenCalledTimes(1));
    pressOk();
    const error = await screen.findByText("Une erreur s'est produite lors du paiement");
    expect(error.getAttribute('role')).toBe('alert');
    expect(buyItem).toHaveBeenCalledTimes(2);
  });

  it('a store that sells subscriptions only (Samsung Checkout) keeps the phone’s payment alone', async () => {
    renderTv('/rent/1001', handlers, {
      ...androidTv({}),
      platform: 'Tizen' as const,
      remoteKeyOf: (event: KeyboardEvent) => remoteKeyOf(event, 'Tizen'),
      storeBilling: { billingType: 'SamsungCheckout' as const, subscribe: vi.fn(), restore: vi.fn() },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Louer sur votre téléphone' })).toBeTruthy();
    await screen.findByTestId('link-code');
    expect(screen.queryByText(/Louer avec/)).toBeNull();
  });
});

describe('the store rental’s words in fr, en, nl, es (decision 093)', () => {
  it.each([
    [
      'fr',
      'Louer avec Google Play · 2,99 €',
      '« L’Été indien » pendant 48 heures, payé avec votre compte Google Play.',
    ],
    ['en', 'Rent with Google Play · 2,99 €', '“L’Été indien” for 48 hours, paid with your Google Play account.'],
    ['nl', 'Huren met Google Play · 2,99 €', '“L’Été indien” voor 48 uur, betaald met je Google Play-account.'],
    [
      'es',
      'Alquilar con Google Play · 2,99 €',
      '«L’Été indien» durante 48 horas, pagado con tu cuenta de Google Play.',
    ],
  ] as const)('%s', (language, button, lead) => {
    const i18n = createTvI18n(language);
    expect(i18n.t('tv.purchase.storeButton', { store: 'Google Play', price: '2,99 €' })).toBe(button);
    expect(i18n.t('tv.purchase.storeLead', { label: 'L’Été indien', store: 'Google Play', hours: 48 })).toBe(lead);
  });
});
