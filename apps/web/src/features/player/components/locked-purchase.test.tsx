import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Customer, Purchase } from '@playz/api-contract';
import { makeApp, makeContent, makeCustomer, makeOffer } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

// Single purchases on locked players (spec 3 §3 ContentPurchase / LivePurchase, §4 Access rules;
// decision 030): a rental beside the subscription on films, a pass on live events.

vi.mock('@playz/player', async (original) => (await import('@/test/idle-player')).withIdlePlayer(await original()));

const RENTAL = makeOffer({
  type: 'Purchase',
  product: 'ContentPurchase',
  productID: 10,
  productPriceID: 21,
  name: 'Location 48 h',
  price: 2.99,
  durationUnit: 'Week',
  durationCount: 0,
  freeTrial: 0,
  freeTrialDays: 0,
  purchaseHours: 48,
});
const PASS = makeOffer({
  type: 'Purchase',
  product: 'LivePurchase',
  productID: 11,
  productPriceID: 22,
  name: 'Pass événement',
  price: 4.99,
  durationUnit: 'Week',
  durationCount: 0,
  freeTrial: 0,
  freeTrialDays: 0,
  purchaseHours: null,
});

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

function server(customer: Customer, content = makeContent(7, { title: 'Le Grand Départ' }), offers = [RENTAL, PASS]) {
  return {
    'GET /data': { response: { App: makeApp({ inAppPurchases: [makeOffer(), ...offers] }), Customer: customer } },
    'GET /content/7': { response: { Content: content } },
    'GET /content/7/related': { response: { Collection: [] } },
    'GET /content/7/url/adaptive': { error: 4, status: 403 },
  } satisfies Record<string, MockHandler>;
}

// The first render of the player route loads its modules: give it more than the default second.
const locked = () => screen.findByRole('region', { name: 'Abonnez-vous pour regarder' }, { timeout: 5000 });

describe('a locked film offers its rental (spec 3 §3 ContentPurchase)', () => {
  it('"Louer ce film 2,99 € · 48 h" opens the card choice with what it buys and the player to come back to', async () => {
    renderApp('/content/7/le-grand-depart', server(makeCustomer({ logged: true, registered: true })));
    const poster = await locked();
    const rent = await within(poster).findByRole('link', { name: /Louer ce film 2,99\s€ · 48 h/ });
    const href = new URL(rent.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/billing/product/10/cb-choice');
    expect(href.searchParams.get('product_price_id')).toBe('21');
    expect(JSON.parse(href.searchParams.get('purchase_content')!)).toEqual({
      contentType: 'Content',
      contentTypeID: 7,
    });
    expect(href.searchParams.get('requested_url')).toBe('/content/7/le-grand-depart');
    // The subscription stays the first choice.
    expect(within(poster).getByRole('link', { name: "S'abonner" })).toBeInTheDocument();
    expect(within(poster).getByText('Abonnez-vous sans engagement, ou louez seulement ce film.')).toBeInTheDocument();
  });

  it('is not offered on a clip, nor when the service sells no rental', async () => {
    renderApp('/content/7/clip', server(makeCustomer(), makeContent(7, { contentType: 'Clip' })));
    const poster = await locked();
    expect(within(poster).queryByRole('link', { name: /Louer/ })).toBeNull();
    expect(within(poster).getByText('Ce programme est réservé aux abonnés, sans engagement.')).toBeInTheDocument();
  });

  it('is not offered when no ContentPurchase offer is sold', async () => {
    renderApp('/content/7/film', server(makeCustomer(), undefined, [PASS]));
    const poster = await locked();
    expect(within(poster).queryByRole('link', { name: /Louer/ })).toBeNull();
  });

  it('a valid purchase of the film asks for the View stream (the server decides again)', async () => {
    const purchase: Purchase = {
      purchaseID: 5,
      billingType: 'CreditCard',
      productPriceID: 21,
      price: 2.99,
      currency: 'EUR',
      status: 'Paid',
      units: 1,
      expirationDate: '2999-01-01T00:00:00.000Z',
      purchaseContent: {
        ticketNumber: 'T-1',
        contentType: 'Content',
        contentTypeID: 7,
        label: 'Le Grand Départ',
        status: 'Paid',
        startDate: null,
        endDate: '2999-01-01T00:00:00.000Z',
      },
    };
    const customer = makeCustomer({ logged: true, purchases: [purchase] });
    const app = renderApp('/content/7/le-grand-depart', {
      ...server(customer),
      'GET /content/7/url/adaptive': adaptive('View'),
    });
    await waitFor(() => expect(app.callsTo('GET', '/content/7/url/adaptive')).toHaveLength(1));
    expect(app.callsTo('GET', '/content/7/url/adaptive')[0]!.query.get('product_usage')).toBe('View');
    // The purchase of another film does not.
    const other = renderApp('/content/7/le-grand-depart', {
      ...server(
        makeCustomer({
          purchases: [{ ...purchase, purchaseContent: { ...purchase.purchaseContent, contentTypeID: 8 } }],
        }),
      ),
    });
    await waitFor(() => expect(other.callsTo('GET', '/content/7/url/adaptive').length).toBeGreaterThan(0));
    expect(other.callsTo('GET', '/content/7/url/adaptive')[0]!.query.get('product_usage')).toBe('Preview');
  });
});

describe('a locked live event offers its pass (spec 3 §3 LivePurchase)', () => {
  it('"Pass 4,99 €" opens the card choice for the event', async () => {
    renderApp('/live-event/2/gala', {
      'GET /data': { response: { App: makeApp({ inAppPurchases: [RENTAL, PASS] }), Customer: makeCustomer() } },
      'GET /live-event/2': {
        response: {
          LiveEvent: {
            liveEventID: 2,
            channelID: 1,
            contentID: 0,
            name: 'Gala des étoiles',
            description: 'Un gala.',
            descriptionSections: [],
            locationName: null,
            locationAddress: null,
            dateScheduled: '2020-01-01T20:00:00.000Z',
            duration: 7200,
            shareUrl: '/live-event/2/gala',
            qrCodeUrl: null,
            teaserUrl: null,
            thumbnailUrl: null,
            previewUrl: null,
            posterUrl: null,
            images: { landscape: null, portrait: null, backdrop: null },
            productPriceID: null,
            countdownSeconds: 0,
            countdownType: 'Image',
            state: 'Processing',
            hasReplay: false,
            slug: 'gala',
            channel: null,
            content: null,
          },
        },
      },
      'GET /live-event/2/url/adaptive': { error: 4, status: 403 },
    });
    const poster = await locked();
    const pass = within(poster).getByRole('link', { name: /Pass 4,99\s€/ });
    const href = new URL(pass.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/billing/product/11/cb-choice');
    expect(JSON.parse(href.searchParams.get('purchase_content')!)).toEqual({
      contentType: 'LiveEvent',
      contentTypeID: 2,
    });
    expect(href.searchParams.get('requested_url')).toBe('/live-event/2/gala');
  });
});
