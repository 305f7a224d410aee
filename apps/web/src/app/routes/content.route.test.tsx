import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeApp, makeContent, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const episode = makeContent(21021, {
  contentType: 'Episode',
  contentListID: 2102,
  episodeNumber: 1,
  title: 'Retour au Port',
  slug: 'retour-au-port',
  seriesID: 2001,
  seriesSlug: 'brigade-du-port',
  seasonSlug: 'saison-2',
});

describe('content route (spec 2 §2 route table)', () => {
  it('moves an episode reached by a content link to its episode route, keeping no history entry', async () => {
    const app = renderApp('/content/21021/retour-au-port.html', {
      'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
      'GET /content/21021': { response: { Content: episode } },
    });
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(
        '/series/2001/brigade-du-port/season/2102/saison-2/episode/21021/retour-au-port',
      ),
    );
    expect(app.router.state.historyAction).toBe('REPLACE');
    // Nothing asked for a stream on the content route before moving.
    expect(app.requests.some((r) => r.path.startsWith('/content/21021/url'))).toBe(false);
  });

  it('plays a film where it is', async () => {
    const app = renderApp('/content/1001/film-1001', {
      'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
      'GET /content/1001': { response: { Content: makeContent(1001) } },
    });
    expect(await screen.findByRole('heading', { name: 'Film 1001' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/content/1001/film-1001');
  });

  it('a film bought with its list plays in full (spec 3 §4: a purchase of the content or its list opens it)', async () => {
    const buyer = makeCustomer({
      logged: true,
      registered: true,
      purchases: [
        {
          ...{ purchaseID: 1, billingType: 'CreditCard', productPriceID: 31, price: 9.99, currency: 'EUR' },
          ...{ status: 'Active', units: 1, expirationDate: null },
          purchaseContent: {
            ...{ ticketNumber: 'T-1', contentType: 'ContentList', contentTypeID: 77, label: 'Soirée courts' },
            ...{ status: 'Active', startDate: null, endDate: null },
          },
        },
      ],
    });
    const app = renderApp('/content/1001/film-1001', {
      'GET /data': { response: { App: makeApp(), Customer: buyer } },
      'GET /content/1001': { response: { Content: makeContent(1001, { contentListID: 77 }) } },
      'GET /content/1001/url/adaptive': { error: 4 },
    });
    await waitFor(() => expect(app.requests.some((r) => r.path === '/content/1001/url/adaptive')).toBe(true));
    const asked = app.requests.filter((r) => r.path === '/content/1001/url/adaptive');
    expect(asked.map((r) => r.query.get('product_usage'))).toEqual(['View']);
  });
});
