import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';
import { currentHandoff } from '@/remote/handoff';

// Decision 040 (the TV hands a purchase and its 3-D Secure step to the phone): a locked
// film offers its rental (spec 3 §3 ContentPurchase) beside the subscription; the TV shows a
// payment link for that one film, offers it to the linked phones, and plays the film once paid.

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
};
const customer = {
  logged: true,
  consent: null,
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
const pressOk = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 13, key: 'Enter' })));
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe('renting a film from the TV, paid on the phone (decision 040)', () => {
  beforeEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/'));
  afterEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=; Max-Age=0; Path=/'));

  it('the locked film offers its rental with the price and hours; OK opens the rent page', async () => {
    const { router } = renderTv('/clip/1001/player', {
      'GET /data': { response: data },
      'GET /content/1001': { response: { Content: film } },
      'GET /content/1001/url/adaptive': { error: 4 },
    });
    const rent = await screen.findByRole('button', { name: /Louer ce film/ });
    expect(plain(rent.textContent)).toBe('Louer ce film 2,99 € · 48 h');
    // The locked notice says both ways in, in the web's words.
    const locked = screen.getByRole('dialog', { name: 'Abonnez-vous pour regarder' });
    expect(locked.querySelector('.locked__text')?.textContent).toBe(
      'Abonnez-vous sans engagement, ou louez seulement ce film.',
    );
    expect(locked.contains(rent)).toBe(true);
    // The subscription keeps the focus; the rental is one step to the right.
    const subscribe = screen.getByRole('button', { name: 'S’abonner' });
    await waitFor(() => expect(subscribe.hasAttribute('data-focused')).toBe(true));
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 39, key: 'ArrowRight' })));
    await waitFor(() => expect(rent.hasAttribute('data-focused')).toBe(true));
    pressOk();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rent/1001'));
  });

  it('spec 3 §4 a film sold alone (decision 107): a subscriber is asked its preview and offered its own offer’s price', async () => {
    const premium = { ...rental, productPriceID: 23, name: 'Achat premium', price: 4.99 };
    const subscriber = { ...customer, productAccess: ['service'] };
    const usages: (string | null)[] = [];
    renderTv('/clip/1001/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [rental, premium] }, Customer: subscriber } },
      'GET /content/1001': { response: { Content: { ...film, productPriceID: 23 } } },
      'GET /content/1001/url/adaptive': (query) => (usages.push(query.get('product_usage')), { error: 4 }),
    });
    const rent = await screen.findByRole('button', { name: /Louer ce film/ });
    expect(plain(rent.textContent)).toBe('Louer ce film 4,99 € · 48 h');
    // The subscription does not open it: the stream asked is the preview.
    expect(usages.length).toBeGreaterThan(0);
    expect(usages).not.toContain('View');
  });

  it('asks a link for this film, hands it to the phones, and plays the film once it is paid', async () => {
    let status = 'Pending';
    const asked: (string | null)[] = [];
    const { router, calls } = renderTv('/rent/1001', {
      'GET /data': { response: data },
      'GET /content/1001': { response: { Content: film } },
      'GET /customer/billing/link': (query) => {
        asked.push(query.get('purchase_content'));
        return { response: { Link: LINK } };
      },
      'GET /customer/billing/status': () => ({ response: { Status: status } }),
    });
    // The code the phone types, in two groups of four, and the QR image of the link.
    expect((await screen.findByTestId('link-code')).textContent).toBe('ABCD 2345');
    expect(screen.getByRole('img', { name: /QR/i }).getAttribute('src')).toBe(LINK.qrImage);
    expect(asked).toEqual([JSON.stringify({ contentType: 'Content', contentTypeID: 1001 })]);
    expect(plain(screen.getByText(/^Payez/).textContent)).toBe(
      'Payez 2,99 € sur votre téléphone : « L’Été indien » s’ouvre sur cette TV dès le paiement validé.',
    );
    expect(currentHandoff()).toBe(LINK.url);
    status = 'Paid';
    const thanks = await screen.findByText(/^Merci/, {}, { timeout: 5000 });
    expect(plain(thanks.textContent)).toBe('Merci ! « L’Été indien » est à vous sur cette TV.');
    expect(thanks.getAttribute('role')).toBe('status');
    // Paid: the phone is no longer asked, and the customer is read again (now with the rental).
    expect(currentHandoff()).toBeNull();
    expect(calls.filter((call) => call === 'GET /data').length).toBeGreaterThan(1);
    const watch = screen.getByRole('button', { name: 'Regarder' });
    await waitFor(() => expect(watch.hasAttribute('data-focused')).toBe(true));
    pressOk();
    await waitFor(() => expect(router.state.location.pathname).toBe('/clip/1001/player'));
  });

  it('a service that rents nothing has no rent page', async () => {
    renderTv('/rent/1001', {
      'GET /data': { response: { ...data, App: { cookieTypes: [], inAppPurchases: [] } } },
      'GET /content/1001': { response: { Content: film } },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Cette page n’existe pas.');
  });

  it('says "Paiement de démonstration" where payments go to the stand-ins, and only there (decision 047)', async () => {
    const handlers = (demoPayments: boolean) => ({
      'GET /data': { response: { ...data, App: { ...data.App, demoPayments } } },
      'GET /content/1001': { response: { Content: film } },
      'GET /customer/billing/link': { response: { Link: LINK } },
      'GET /customer/billing/status': { response: { Status: 'Pending' } },
    });
    const demo = renderTv('/rent/1001', handlers(true));
    await screen.findByTestId('link-code');
    expect(screen.getByRole('note').textContent).toMatch(/^Paiement de démonstration .*aucun argent réel/);
    demo.unmount();
    renderTv('/rent/1001', handlers(false));
    await screen.findByTestId('link-code');
    expect(screen.queryByRole('note')).toBeNull();
  });
});
