import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Carriers, Customer } from '@playz/api-contract';
import { makeApp, makeContent, makeCustomer, makeOffer } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

// Single purchases through the card/PayPal choice (spec 3 §3, §4 step 2, §7 purchase_content) and
// the phone side of cross screen (spec 3 §1, §7 /customer/billing/link/check; decision 030).

const MONTHLY = makeOffer();
const WEEKLY = makeOffer({ billingType: 'Wap2', productPriceID: 12, name: 'Playz Hebdo', durationUnit: 'Week' });
const RENTAL = makeOffer({
  type: 'Purchase',
  product: 'ContentPurchase',
  productID: 10,
  productPriceID: 21,
  name: 'Location 48 h',
  price: 2.99,
  durationCount: 0,
  freeTrial: 0,
  freeTrialDays: 0,
  purchaseHours: 48,
});
const CARRIERS: Carriers = {
  operators: [],
  billings: [
    { name: 'Carte bancaire', param: 'CB' },
    { name: 'PayPal', param: 'PAYPAL' },
  ],
};
const logged = (overrides: Partial<Customer> = {}) =>
  makeCustomer({ logged: true, registered: true, login: 'ines@exemple.fr', UID: 'c-9', ...overrides });

function open(path: string, handlers: Record<string, MockHandler> = {}, customer: Customer = logged()) {
  return renderApp(path, {
    'GET /data': { response: { App: makeApp({ inAppPurchases: [MONTHLY, WEEKLY, RENTAL] }), Customer: customer } },
    'GET /billing/direct-pass/carriers': { response: { Carriers: CARRIERS } },
    'GET /billing/direct-pass/marketing-trackers': { response: { MarketingTrackers: { Visit: [], Subscription: [] } } },
    'GET /content/1001': { response: { Content: makeContent(1001, { title: "L'Été indien", slug: 'l-ete-indien' }) } },
    ...handlers,
  });
}

// A loaded machine renders the first page of a test slowly: wait longer than the default second.
const SLOW = { timeout: 5000 };

const RENT_PATH =
  '/billing/product/10/cb-choice?product_price_id=21' +
  `&purchase_content=${encodeURIComponent('{"contentType":"Content","contentTypeID":1001}')}` +
  '&requested_url=%2Fcontent%2F1001%2Fl-ete-indien';

describe('a purchase on the card / PayPal choice (spec 3 §4 step 2 "the purchase flow is the same")', () => {
  afterEach(() => sessionStorage.clear());

  it('shows what is bought, paid once, and carries purchase_content into the card start call', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const app = open(RENT_PATH, {
      'GET /billing/credit-card/url': {
        response: {
          RedirectData: { RedirectUrl: 'https://pay.example/vads', RedirectParams: { vads_amount: '299' } },
          BillingID: 'a'.repeat(24),
        },
      },
    });
    expect(await screen.findByText('Votre achat', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Location 48 h')).toBeInTheDocument();
    expect(screen.getByText(/2,99\s€, à regarder pendant 48 h/)).toBeInTheDocument();
    expect(await screen.findByText("L'Été indien", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Paiement unique, sans abonnement ni renouvellement.')).toBeInTheDocument();
    expect(screen.queryByText(/par semaine|par mois/)).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: /Carte bancaire/ }, SLOW));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), SLOW);
    const [call] = app.callsTo('GET', '/billing/credit-card/url');
    expect(call!.query.get('product_id')).toBe('10');
    expect(call!.query.get('product_price_id')).toBe('21');
    expect(JSON.parse(call!.query.get('purchase_content')!)).toEqual({ contentType: 'Content', contentTypeID: 1001 });
    expect(call!.query.get('requested_url')).toBe('/content/1001/l-ete-indien');
    submit.mockRestore();
  });

  it('carries purchase_content into the PayPal start call too', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const app = open(RENT_PATH, {
      'GET /billing/paypal/url': { response: { Url: 'https://paypal.example/approve', BillingID: 'b'.repeat(24) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: /PayPal/ }, SLOW));
    await waitFor(() => expect(app.callsTo('GET', '/billing/paypal/url')).toHaveLength(1), SLOW);
    const [call] = app.callsTo('GET', '/billing/paypal/url');
    expect(call!.query.get('billing_type_param')).toBe('PAYPAL');
    expect(JSON.parse(call!.query.get('purchase_content')!)).toEqual({ contentType: 'Content', contentTypeID: 1001 });
    vi.unstubAllGlobals();
  });

  it('a purchase offer without the item it buys cannot start', async () => {
    open('/billing/product/10/cb-choice?product_price_id=21');
    expect(
      await screen.findByRole('heading', { name: "Cette offre n'est plus disponible." }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Carte bancaire/ })).toBeNull();
  });
});

const TOKEN = '0123456789abcdef0123456789abcdef';
type LinkPurchase = {
  contentType: 'Content' | 'LiveEvent';
  contentTypeID: number;
  label: string;
  productPriceID: number | null;
} | null;
const linkAnswer = (
  overrides: Partial<{ isSameAccount: boolean; status: 'Pending' | 'Paid' | 'Expired'; purchase: LinkPurchase }> = {},
) => ({
  response: {
    Link: {
      ...{ maskedLogin: 't***v@exemple.fr', isSameAccount: true, status: 'Pending', code: TOKEN, purchase: null },
      ...overrides,
    },
  },
});
const FILM_LINK: LinkPurchase = {
  ...{ contentType: 'Content', contentTypeID: 1001, label: "L'Été indien" },
  productPriceID: null,
};

describe('the phone pays for its TV (cross screen)', () => {
  it('the code form checks on submit, reads any case and spaces, then opens the code page', async () => {
    const app = open('/billing/link', {
      'GET /customer/billing/link/check': linkAnswer({ isSameAccount: false }),
    });
    expect(await screen.findByRole('heading', { name: 'Payer pour votre TV' }, SLOW)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Code affiché sur la TV/), { target: { value: 'ab1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(
      await screen.findByText('Le code compte 8 caractères, lettres et chiffres.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(app.callsTo('GET', '/customer/billing/link/check')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Code affiché sur la TV/), { target: { value: 'abcd 2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/billing/link/ABCD2345'), SLOW);
    await waitFor(() => expect(app.callsTo('GET', '/customer/billing/link/check')).toHaveLength(1), SLOW);
    expect(app.callsTo('GET', '/customer/billing/link/check')[0]!.query.get('code')).toBe('ABCD2345');
    expect(await screen.findByText('t***v@exemple.fr', undefined, SLOW)).toBeInTheDocument();
  });

  it('a visitor sees the TV account and logs in coming back to the link', async () => {
    const app = open(
      `/billing/link/${TOKEN}`,
      { 'GET /customer/billing/link/check': linkAnswer({ isSameAccount: false }) },
      makeCustomer(),
    );
    expect(await screen.findByText('t***v@exemple.fr', undefined, SLOW)).toBeInTheDocument();
    expect(app.callsTo('GET', '/customer/billing/link/check')[0]!.query.get('token')).toBe(TOKEN);
    expect(screen.getByRole('link', { name: 'Me connecter' })).toHaveAttribute(
      'href',
      `/customer/login?requested_url=${encodeURIComponent(`/billing/link/${TOKEN}`)}`,
    );
  });

  it('another account is told so and may switch: log-out, then log-in back to the link', async () => {
    let isLoggedOut = false;
    const app = open(`/billing/link/${TOKEN}`, {
      'GET /data': () => ({
        response: {
          App: makeApp({ inAppPurchases: [MONTHLY, WEEKLY] }),
          Customer: isLoggedOut ? makeCustomer() : logged(),
        },
      }),
      'GET /customer/billing/link/check': linkAnswer({ isSameAccount: false }),
      'GET /customer/logout': () => {
        isLoggedOut = true;
        return { response: { Success: true } };
      },
    });
    expect(await screen.findByText(/Vous êtes connecté avec un autre compte/, undefined, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Changer de compte' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/customer/login'), SLOW);
    expect(app.callsTo('GET', '/customer/logout')).toHaveLength(1);
    expect(new URLSearchParams(app.router.state.location.search).get('requested_url')).toBe(`/billing/link/${TOKEN}`);
  });

  it('the TV account signed in: the subscription offers, each into its flow coming back to the link', async () => {
    open(`/billing/link/${TOKEN}`, { 'GET /customer/billing/link/check': linkAnswer() });
    const weekly = await screen.findByRole('article', { name: 'Playz Hebdo' }, SLOW);
    const back = encodeURIComponent(`/billing/link/${TOKEN}`);
    expect(within(weekly).getByRole('link', { name: "Je m'abonne" })).toHaveAttribute(
      'href',
      `/billing/product/1/operator-choice?product_price_id=12&requested_url=${back}`,
    );
    const monthly = screen.getByRole('article', { name: 'Playz Mensuel' });
    expect(within(monthly).getByRole('link', { name: "Je m'abonne" })).toHaveAttribute(
      'href',
      `/billing/product/1/cb-choice?product_price_id=11&requested_url=${back}`,
    );
    // Purchases are for one item, not for a TV's subscription.
    expect(screen.queryByRole('article', { name: 'Location 48 h' })).toBeNull();
  });

  it('Paid: the TV is ready', async () => {
    open(`/billing/link/${TOKEN}`, { 'GET /customer/billing/link/check': linkAnswer({ status: 'Paid' }) });
    expect(await screen.findByText("C'est fait : votre TV est prête", undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('Expired: says so and how to get a new code', async () => {
    open(`/billing/link/${TOKEN}`, { 'GET /customer/billing/link/check': linkAnswer({ status: 'Expired' }) });
    expect(await screen.findByText('Le lien a expiré', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/demandez un nouveau code/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saisir un autre code' })).toHaveAttribute('href', '/billing/link');
  });

  it('an unknown link (32) says so and offers the code form', async () => {
    open(`/billing/link/${TOKEN}`, { 'GET /customer/billing/link/check': { error: 32 } });
    expect(await screen.findByText(/Ce lien ne correspond à aucune TV/, undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText(/Code affiché sur la TV/)).toBeInTheDocument();
  });

  it('a purchase link (decision 040): the film the TV rents, one button into the card / PayPal choice', async () => {
    open(`/billing/link/${TOKEN}`, { 'GET /customer/billing/link/check': linkAnswer({ purchase: FILM_LINK }) });
    const card = await screen.findByRole('article', { name: "L'Été indien" }, SLOW);
    expect(screen.getByText(/Payez « L'Été indien » pour votre TV/)).toBeInTheDocument();
    expect(within(card).getByText('Paiement unique, sans abonnement ni renouvellement.')).toBeInTheDocument();
    const buy = within(card).getByRole('link', { name: /Louer ce film/ });
    expect(buy.textContent?.replace(/\s/g, ' ')).toBe('Louer ce film 2,99 € · 48 h');
    const href = new URL(buy.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/billing/product/10/cb-choice');
    expect(href.searchParams.get('product_price_id')).toBe('21');
    expect(JSON.parse(href.searchParams.get('purchase_content')!)).toEqual({
      contentType: 'Content',
      contentTypeID: 1001,
    });
    expect(href.searchParams.get('requested_url')).toBe(`/billing/link/${TOKEN}`);
    // The TV asked for this film: no subscription is offered instead.
    expect(screen.queryByRole('article', { name: 'Playz Mensuel' })).toBeNull();
  });

  it('a purchase link once paid says the film is open on the TV', async () => {
    open(`/billing/link/${TOKEN}`, {
      'GET /customer/billing/link/check': linkAnswer({ status: 'Paid', purchase: FILM_LINK }),
    });
    expect(
      await screen.findByText(
        "« L'Été indien » est ouvert sur le compte de votre TV. Bon visionnage !",
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  // Decisions 073 and 107: an item that names its own offer is sold at that offer only; the
  // product's first offer (the 48-hour rental, the standard pass) would be refused at checkout.
  it('spec 3 §1 a purchase link of a content sold alone buys at its own offer (product_price_id 23, 4,99 €)', async () => {
    const premium = makeOffer({
      ...{ type: 'Purchase', product: 'ContentPurchase', productID: 10, productPriceID: 23, name: 'Achat premium' },
      ...{ price: 4.99, durationCount: 0, freeTrial: 0, freeTrialDays: 0, purchaseHours: 48 },
    });
    open(`/billing/link/${TOKEN}`, {
      'GET /data': { response: { App: makeApp({ inAppPurchases: [MONTHLY, RENTAL, premium] }), Customer: logged() } },
      'GET /customer/billing/link/check': linkAnswer({
        purchase: { contentType: 'Content', contentTypeID: 7, label: 'Le Phare', productPriceID: 23 },
      }),
    });
    const card = await screen.findByRole('article', { name: 'Le Phare' }, SLOW);
    const buy = within(card).getByRole('link', { name: /Louer ce film/ });
    expect(buy.textContent?.replace(/\s/g, ' ')).toBe('Louer ce film 4,99 € · 48 h');
    const href = new URL(buy.getAttribute('href')!, 'http://localhost');
    expect(href.searchParams.get('product_price_id')).toBe('23');
    expect(JSON.parse(href.searchParams.get('purchase_content')!)).toEqual({
      contentType: 'Content',
      contentTypeID: 7,
    });
  });

  it('spec 3 §1 a purchase link of a live event with its own pass buys that pass (product_price_id 24), the same rule', async () => {
    const pass = (productPriceID: number, name: string, price: number) =>
      makeOffer({
        ...{ type: 'Purchase', product: 'LivePurchase', productID: 11, productPriceID, name, price },
        ...{ durationCount: 0, freeTrial: 0, freeTrialDays: 0, purchaseHours: null },
      });
    open(`/billing/link/${TOKEN}`, {
      'GET /data': {
        response: {
          App: makeApp({ inAppPurchases: [MONTHLY, pass(22, 'Pass', 4.99), pass(24, 'Pass Zénith', 12.99)] }),
          Customer: logged(),
        },
      },
      'GET /customer/billing/link/check': linkAnswer({
        purchase: { contentType: 'LiveEvent', contentTypeID: 1, label: 'Concert au Zénith', productPriceID: 24 },
      }),
    });
    const card = await screen.findByRole('article', { name: 'Concert au Zénith' }, SLOW);
    const buy = within(card).getByRole('link', { name: /12,99/ });
    const href = new URL(buy.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/billing/product/11/cb-choice');
    expect(href.searchParams.get('product_price_id')).toBe('24');
  });
});
