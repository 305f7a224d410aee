import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Purchase } from '@playz/api-contract';
import { makeApp, makeContent, makeCustomer, makeOffer } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

// Decision 107: a content an editor sells alone names its offer (productPriceID). A subscriber
// is asked for the preview, not the film, and offered the purchase at that offer's price; once
// bought, the page asks for the View stream. The server decides again on every call.

vi.mock('@playz/player', async (original) => (await import('@/test/idle-player')).withIdlePlayer(await original()));

const purchaseOffer = (productPriceID: number, name: string, price: number) =>
  makeOffer({
    ...{ type: 'Purchase', product: 'ContentPurchase', productID: 10, productPriceID, name, price },
    ...{ durationUnit: 'Week', durationCount: 0, freeTrial: 0, freeTrialDays: 0, purchaseHours: 48 },
  });
const RENTAL = purchaseOffer(21, 'Location 48 h', 2.99);
const PREMIUM = purchaseOffer(23, 'Achat premium', 4.99);

const adaptive = (usage: 'View' | 'Preview') => ({
  response: {
    AdaptiveStream: {
      url: '/media/s/tok/c/1/manifest.mpd',
      type: 'dash',
      usage,
      tracks: [],
      thumbnails: [],
      signingCookies: null,
      contentProtection: null,
      expiresAt: '2030-01-01T00:00:00.000Z',
    },
  },
});

const SOLD_ALONE = makeContent(7, { title: 'Le Phare du bout du monde', productPriceID: 23 });
/** A subscriber: the service opens every other film. */
const subscriber = (purchases: Purchase[] = []) =>
  makeCustomer({ logged: true, registered: true, productAccess: ['service'], purchases });

/** `usage`: the stream the server gives; null: it refuses (4), and the page shows what it sells. */
function server(customer: ReturnType<typeof makeCustomer>, usage: 'View' | 'Preview' | null) {
  return {
    'GET /data': { response: { App: makeApp({ inAppPurchases: [makeOffer(), RENTAL, PREMIUM] }), Customer: customer } },
    'GET /content/7': { response: { Content: SOLD_ALONE } },
    'GET /content/7/related': { response: { Collection: [] } },
    'GET /content/7/url/adaptive': usage ? adaptive(usage) : { error: 4, status: 403 },
  } satisfies Record<string, MockHandler>;
}

describe('a content sold alone (spec 3 §3 ContentPurchase, §4 Access rules; decision 107)', () => {
  it('spec 3 §4 a subscriber gets its preview and its own offer: "Louer ce film 4,99 €" at product_price_id 23', async () => {
    const app = renderApp('/content/7/le-phare', server(subscriber(), null));
    await waitFor(() => expect(app.callsTo('GET', '/content/7/url/adaptive').length).toBeGreaterThan(0));
    expect(app.callsTo('GET', '/content/7/url/adaptive').map((c) => c.query.get('product_usage'))).not.toContain(
      'View',
    );
    // The poster sells it alone: no subscription opens it, none is offered.
    const poster = await screen.findByRole('region', { name: 'À louer pour regarder' }, { timeout: 5000 });
    expect(
      within(poster).getByText('Ce film n’est pas inclus dans l’abonnement : louez-le pour le regarder.'),
    ).toBeInTheDocument();
    expect(within(poster).queryByRole('link', { name: "S'abonner" })).toBeNull();
    const buy = await within(poster).findByRole('link', { name: /Louer ce film 4,99\s€ · 48 h/ });
    const href = new URL(buy.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/billing/product/10/cb-choice');
    expect(href.searchParams.get('product_price_id')).toBe('23');
    expect(JSON.parse(href.searchParams.get('purchase_content')!)).toEqual({
      contentType: 'Content',
      contentTypeID: 7,
    });
  });

  it('spec 2 §4 while its preview plays, the banner says it is rented and offers "Louer ce film 4,99 €" at product_price_id 23', async () => {
    const app = renderApp('/content/7/le-phare', server(subscriber(), 'Preview'));
    await waitFor(() => expect(app.callsTo('GET', '/content/7/url/adaptive').length).toBeGreaterThan(0));
    const banner = await screen.findByRole('note', {}, { timeout: 5000 });
    expect(
      within(banner).getByText(
        'Vous regardez un extrait. Ce film n’est pas inclus dans l’abonnement : louez-le pour le voir en entier.',
      ),
    ).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: "S'abonner" })).toBeNull();
    const buy = await within(banner).findByRole('link', { name: /Louer ce film 4,99\s€ · 48 h/ });
    const href = new URL(buy.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/billing/product/10/cb-choice');
    expect(href.searchParams.get('product_price_id')).toBe('23');
    expect(JSON.parse(href.searchParams.get('purchase_content')!)).toEqual({
      contentType: 'Content',
      contentTypeID: 7,
    });
  });

  it('spec 3 §4 once bought, the page asks for the View stream', async () => {
    const purchase: Purchase = {
      ...{ purchaseID: 5, billingType: 'CreditCard', productPriceID: 23, price: 4.99, currency: 'EUR' },
      ...{ status: 'Paid', units: 1, expirationDate: '2999-01-01T00:00:00.000Z' },
      purchaseContent: {
        ...{ ticketNumber: 'T-1', contentType: 'Content', contentTypeID: 7, label: 'Le Phare', status: 'Paid' },
        ...{ startDate: null, endDate: '2999-01-01T00:00:00.000Z' },
      },
    };
    const app = renderApp('/content/7/le-phare', server(subscriber([purchase]), 'View'));
    await waitFor(() => expect(app.callsTo('GET', '/content/7/url/adaptive')).toHaveLength(1));
    expect(app.callsTo('GET', '/content/7/url/adaptive')[0]!.query.get('product_usage')).toBe('View');
  });
});
