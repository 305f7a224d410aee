import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { remoteKeyOf, type StoreBilling } from '@playz/platform';
import { renderTv } from '@/test/render-tv';
import { createTvI18n } from '@/lib/i18n';

// Decision 101 (spec 3 §3 LivePurchase, §4 store flows): on a TV whose store sells one-off
// products, a live event the viewer has no access to offers its pass in that store, beside the
// phone's link code, then plays (on air) or shows its countdown (to come).

const pass = {
  billingType: 'CreditCard',
  type: 'Purchase',
  product: 'LivePurchase',
  productID: 11,
  productPriceID: 31,
  name: 'Pass événement',
  price: 9.99,
  currency: 'EUR',
  purchaseHours: null,
  SKU: 'playz_event_pass',
};
const customer = {
  logged: true,
  consent: null,
  storeCustomId: '42',
  productAccess: [],
  hasFullAccess: false,
  purchases: [] as unknown[],
  subscriptions: [],
};
const bought = {
  ...customer,
  purchases: [
    {
      status: 'Paid',
      units: 1,
      purchaseContent: { contentType: 'LiveEvent', contentTypeID: 2, startDate: null, endDate: null },
    },
  ],
};
const dataOf = (who: typeof customer) => ({ App: { cookieTypes: [], inAppPurchases: [pass] }, Customer: who });
const eventOf = (state: 'Pending' | 'Processing', dateScheduled: string) => ({
  liveEventID: 2,
  channelID: 7,
  contentID: 0,
  name: 'Finale du tournoi',
  description: '',
  descriptionSections: [],
  locationName: null,
  locationAddress: null,
  dateScheduled,
  duration: 7200,
  images: {},
  productPriceID: null,
  countdownSeconds: 0,
  countdownType: 'Image',
  state,
  hasReplay: false,
});
const LINK = {
  url: 'http://localhost/billing/link/0123456789abcdef0123456789abcdef',
  code: 'ABCD2345',
  qrImage: 'data:,',
  expiresAt: '2030-01-01T00:00:00Z',
};
/** /data answers without the pass until the store's purchase is saved, with it after. */
function handlersFor(event: ReturnType<typeof eventOf>, owned: () => boolean) {
  return {
    'GET /data': () => ({ response: dataOf(owned() ? bought : customer) }),
    'GET /live-event/2': { response: { LiveEvent: event } },
    'GET /customer/billing/link': { response: { Link: LINK } },
    'GET /customer/billing/status': { response: { Status: 'Pending' } },
  };
}
const device = (platform: 'AndroidTV' | 'Tizen', billing: Partial<StoreBilling>) => ({
  platform,
  lowMemory: false,
  remoteKeyOf: (event: KeyboardEvent) => remoteKeyOf(event, platform),
  exit: () => false,
  storeBilling: {
    billingType: platform === 'AndroidTV' ? ('GooglePlay' as const) : ('SamsungCheckout' as const),
    subscribe: vi.fn(),
    restore: vi.fn(),
    ...billing,
  },
});
const pressOk = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 13, key: 'Enter' })));
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');
const focusedLabel = () => plain(document.querySelector('[data-focused]')?.textContent);
const inAnHour = () => new Date(Date.now() + 3600_000 + 30_000).toISOString();

describe('spec 3 §3 LivePurchase: a live event’s pass bought in the TV’s own store (decision 101)', () => {
  beforeEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/'));
  afterEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=; Max-Age=0; Path=/'));

  it('an event on air: OK on the focused store button buys the pass for this event, /data is read again, the channel plays', async () => {
    let owned = false;
    const buyItem = vi.fn<NonNullable<StoreBilling['buyItem']>>(async () => {
      owned = true;
      return { status: 'saved', customer: bought as never };
    });
    const { router, calls } = renderTv(
      '/live-event/2/player',
      handlersFor(eventOf('Processing', '2026-01-01T20:00:00Z'), () => owned),
      device('AndroidTV', { buyItem }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Acheter le pass' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Finale du tournoi' })).toBeTruthy();
    await waitFor(() => expect(focusedLabel()).toBe('Acheter le pass avec Google Play · 9,99 €'));
    expect(screen.getByText('Le pass de « Finale du tournoi », payé avec votre compte Google Play.')).toBeTruthy();
    // The phone's link code for the same pass stays beside it.
    expect(await screen.findByTestId('link-code')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    const dataReads = calls.filter((call) => call === 'GET /data').length;
    pressOk();
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/7/player'));
    expect(buyItem).toHaveBeenCalledWith(
      { sku: 'playz_event_pass', customId: '42', productId: '11' },
      { contentType: 'LiveEvent', contentTypeID: 2 },
    );
    expect(calls.filter((call) => call === 'GET /data').length).toBeGreaterThan(dataReads);
  });

  it('an event to come: its countdown beside the offer; bought, thanks over the countdown and Regarder opens its channel', async () => {
    let owned = false;
    const buyItem = vi.fn<NonNullable<StoreBilling['buyItem']>>(async () => {
      owned = true;
      return { status: 'saved', customer: bought as never };
    });
    const { router } = renderTv(
      '/live-event/2/player',
      handlersFor(eventOf('Pending', inAnHour()), () => owned),
      device('AndroidTV', { buyItem }),
    );
    await waitFor(() => expect(focusedLabel()).toBe('Acheter le pass avec Google Play · 9,99 €'));
    expect(screen.getByRole('timer').textContent).toMatch(/^Début dans 1h 00mn \d\ds$/);
    pressOk();
    expect(plain((await screen.findByText(/^Merci/)).textContent)).toBe(
      'Merci ! Le pass de « Finale du tournoi » est à vous sur cette TV.',
    );
    // Still to come: the page stays with its countdown rather than leaving for the channel.
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/live-event/2/player');
    await waitFor(() => expect(focusedLabel()).toBe('Regarder'));
    pressOk();
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/7/player'));
  });

  it('a viewer who already has the pass, or a store that sells subscriptions only, goes to the channel as before', async () => {
    const owner = renderTv(
      '/live-event/2/player',
      handlersFor(eventOf('Processing', '2026-01-01T20:00:00Z'), () => true),
      device('AndroidTV', { buyItem: vi.fn() }),
    );
    await waitFor(() => expect(owner.router.state.location.pathname).toBe('/channel/7/player'));
    owner.unmount();
    const samsung = renderTv(
      '/live-event/2/player',
      handlersFor(eventOf('Processing', '2026-01-01T20:00:00Z'), () => false),
      device('Tizen', {}),
    );
    await waitFor(() => expect(samsung.router.state.location.pathname).toBe('/channel/7/player'));
    expect(screen.queryByText(/Acheter le pass/)).toBeNull();
  });
});

describe('the store pass’s words in fr, en, nl, es (decision 101)', () => {
  it.each([
    [
      'fr',
      'Acheter le pass',
      'Acheter le pass avec Google Play · 9,99 €',
      'Le pass de « Finale », payé avec votre compte Google Play.',
    ],
    [
      'en',
      'Buy the pass',
      'Buy the pass with Google Play · 9,99 €',
      'The pass for “Finale”, paid with your Google Play account.',
    ],
    [
      'nl',
      'Koop de pas',
      'Koop de pas met Google Play · 9,99 €',
      'De pas voor “Finale”, betaald met je Google Play-account.',
    ],
    [
      'es',
      'Comprar el pase',
      'Comprar el pase con Google Play · 9,99 €',
      'El pase de «Finale», pagado con tu cuenta de Google Play.',
    ],
  ] as const)('%s', (language, title, button, lead) => {
    const i18n = createTvI18n(language);
    expect(i18n.t('tv.purchase.passTitle')).toBe(title);
    expect(i18n.t('tv.purchase.passButton', { store: 'Google Play', price: '9,99 €' })).toBe(button);
    expect(i18n.t('tv.purchase.passLead', { label: 'Finale', store: 'Google Play' })).toBe(lead);
    expect(i18n.t('tv.purchase.passPaid', { label: 'Finale' })).not.toBe('tv.purchase.passPaid');
  });
});
