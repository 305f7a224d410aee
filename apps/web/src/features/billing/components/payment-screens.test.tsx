import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BillingOutcome, Carriers, CookieType, Customer } from '@playz/api-contract';
import { makeApp, makeContent, makeCustomer, makeOffer } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';
import { rememberStartedBilling } from '../api/billing-session';

// Payment screens (spec 3 §2, §4, §5; decision 028) over the real routes and a mocked API.

const WEEKLY = makeOffer({
  billingType: 'Wap2',
  productPriceID: 12,
  name: 'Playz Hebdo',
  price: 1.99,
  durationUnit: 'Week',
  freeTrialDays: 7,
});
const MONTHLY = makeOffer();

const CARRIERS: Carriers = {
  operators: [
    { id: 1, parentID: null, name: 'Orange', previewUrl: '/images/operators/orange.svg' },
    { id: 2, parentID: null, name: 'SFR', previewUrl: '/images/operators/sfr.svg' },
    { id: 15, parentID: 1, name: 'Sosh', previewUrl: '/images/operators/sosh.svg' },
    { id: 16, parentID: 2, name: 'RED by SFR', previewUrl: '/images/operators/red.svg' },
    { id: 10, parentID: null, name: 'Autres opérateurs', previewUrl: '/images/operators/others.svg' },
  ],
  billings: [{ name: 'Carte bancaire', param: 'CB' }],
};

const ADVERTISING: CookieType[] = [
  { id: 1, type: 'Functional', name: 'F', description: '', mandatory: true, cookies: [] },
  { id: 3, type: 'Advertising', name: 'P', description: '', mandatory: false, cookies: [] },
];

// `purchases` is read when the customer has it (spec 3 §3); harmless when the contract has not.
const customerOf = (overrides: Partial<Customer> = {}): Customer =>
  Object.assign({ purchases: [] }, makeCustomer(overrides));

function open(path: string, handlers: Record<string, MockHandler> = {}, customer: Customer = customerOf()) {
  return renderApp(path, {
    'GET /data': { response: { App: makeApp({ inAppPurchases: [MONTHLY, WEEKLY] }), Customer: customer } },
    'GET /billing/direct-pass/carriers': { response: { Carriers: CARRIERS } },
    'GET /billing/direct-pass/marketing-trackers': { response: { MarketingTrackers: { Visit: [], Subscription: [] } } },
    ...handlers,
  });
}

const pathOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('operator choice (spec 3 §2 operator-choice, §4 step 1)', () => {
  it('shows the offer, one logo per operator, others, a separator and the card', async () => {
    open('/billing/product/1/operator-choice?product_price_id=12');
    expect(await screen.findByRole('heading', { name: 'Choisissez votre opérateur' })).toBeInTheDocument();
    expect(screen.getByText('Playz Hebdo')).toBeInTheDocument();
    expect(screen.getByText(/Première semaine offerte, puis 1,99\s€ par semaine/)).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Opérateurs mobiles' });
    expect([...grid.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Orange',
      'SFR',
      'Sosh',
      'RED by SFR',
      'Autres opérateurs',
    ]);
    expect(screen.getByText('ou payez avec')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Carte bancaire/ })).toBeInTheDocument();
  });

  it('bills a brand with its parent operator id, then asks the number when the operator needs it', async () => {
    const app = open('/billing/product/1/operator-choice?product_price_id=12&requested_url=%2Fchannels', {
      'GET /billing/direct-pass/url': { response: { Url: null, BillingID: null } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sosh' }));
    await waitFor(() => expect(pathOf(app.router)).toMatch(/\/msisdn/));
    const [call] = app.callsTo('GET', '/billing/direct-pass/url');
    expect(call!.query.get('operator_id')).toBe('1');
    expect(call!.query.get('product_price_id')).toBe('12');
    expect(call!.query.get('requested_url')).toBe('/channels');
    expect(pathOf(app.router)).toBe(
      '/billing/product/1/msisdn?product_price_id=12&operator_id=1&requested_url=%2Fchannels',
    );
  });

  it('"others" bills the generic operator; a failing start shows the error toast', async () => {
    const app = open('/billing/product/1/operator-choice?product_price_id=12', {
      'GET /billing/direct-pass/url': { error: 33 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Autres opérateurs' }));
    expect(await screen.findByText("Une erreur s'est produite")).toBeInTheDocument();
    expect(app.callsTo('GET', '/billing/direct-pass/url')[0]!.query.get('operator_id')).toBe('10');
  });

  it('sends a visitor who picks the card to log in first, back to this page', async () => {
    const app = open('/billing/product/1/operator-choice?product_price_id=12');
    fireEvent.click(await screen.findByRole('button', { name: /Carte bancaire/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/customer/login'));
    expect(new URLSearchParams(app.router.state.location.search).get('requested_url')).toBe(
      '/billing/product/1/operator-choice?product_price_id=12',
    );
    expect(app.callsTo('GET', '/billing/credit-card/url')).toHaveLength(0);
  });
});

describe('mobile number (spec 3 §2 msisdn, §5)', () => {
  const PATH = '/billing/product/1/msisdn?product_price_id=12&operator_id=2';

  it('requires a French mobile, 06 or 07 then 8 digits, before any call', async () => {
    const app = open(PATH);
    const submit = await screen.findByRole('button', { name: 'Continuer' });
    fireEvent.click(submit);
    expect(await screen.findByText('Veuillez saisir votre numéro de téléphone')).toBeInTheDocument();
    for (const wrong of ['0123456789', '061234567', '08 12 34 56 78']) {
      fireEvent.change(screen.getByLabelText(/Numéro de mobile/), { target: { value: wrong } });
      fireEvent.click(submit);
      expect(await screen.findByText("Le numéro n'est pas valide")).toBeInTheDocument();
    }
    expect(app.callsTo('GET', '/billing/direct-pass/url')).toHaveLength(0);
  });

  it('shows the price text, the legal text with the help contact and the privacy link', async () => {
    open(PATH);
    expect(await screen.findByText(/Première semaine offerte, puis 1,99\s€ par semaine/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact@playz.fr' })).toHaveAttribute('href', 'mailto:contact@playz.fr');
    expect(screen.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
      'href',
      '/service/infos/privacy',
    );
  });

  it('sends a valid number with the operator; no operator page then is an error toast', async () => {
    const app = open(PATH, { 'GET /billing/direct-pass/url': { response: { Url: null, BillingID: null } } });
    fireEvent.change(await screen.findByLabelText(/Numéro de mobile/), { target: { value: '07 12 34 56 78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText("Une erreur s'est produite")).toBeInTheDocument();
    const [call] = app.callsTo('GET', '/billing/direct-pass/url');
    expect(call!.query.get('msisdn')).toBe('07 12 34 56 78');
    expect(call!.query.get('operator_id')).toBe('2');
  });

  it('without an operator goes back to the grid', async () => {
    const app = open('/billing/product/1/msisdn?product_price_id=12');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/billing/product/1/operator-choice'));
  });
});

describe('card and PayPal choice (spec 3 §2 cb-choice)', () => {
  it('needs log-in first', async () => {
    const app = open('/billing/product/1/cb-choice?product_price_id=11');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/customer/login'));
  });

  it('lists the methods of the carriers data with the terms and privacy links', async () => {
    open('/billing/product/1/cb-choice?product_price_id=11', {}, customerOf({ logged: true, login: 'a@b.fr' }));
    expect(await screen.findByRole('button', { name: /Carte bancaire/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /PayPal/ })).not.toBeInTheDocument();
    expect(screen.getByText('Playz Mensuel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "conditions générales d'utilisation" })).toHaveAttribute(
      'href',
      '/service/infos/terms',
    );
  });
});

const BILLING_ID = 'abcdefabcdefabcdefabcdef';
const outcome = (overrides: Partial<BillingOutcome>): BillingOutcome => ({
  billingID: BILLING_ID,
  billingType: 'Wap2',
  type: 'Subscription',
  state: 'Succeeded',
  productID: 1,
  requestedUrl: '/channels',
  purchaseContent: null,
  productLogin: 'abonne.x1y2z3w4@playz.fr',
  ...overrides,
});
const confirmWith = (...answers: BillingOutcome[]): MockHandler => {
  let call = 0;
  return () => {
    const billing = answers[Math.min(call++, answers.length - 1)]!;
    return { response: { Result: billing.state === 'Succeeded', Billing: billing } };
  };
};

describe('payment return (spec 3 §2 /billing/return, §4 step 3)', () => {
  afterEach(() => {
    sessionStorage.clear();
    for (const name of document.cookie.split(';').map((part) => part.split('=')[0]?.trim()))
      if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });

  it('a subscription reads the customer again and replaces the route with the welcome page', async () => {
    rememberStartedBilling(BILLING_ID, 'direct-pass');
    const app = open(`/billing/return/${BILLING_ID}`, {
      'POST /billing/direct-pass/confirm': confirmWith(outcome({})),
    });
    await waitFor(() => expect(pathOf(app.router)).toBe('/customer/welcome?requested_url=%2Fchannels'));
    expect(app.callsTo('GET', '/data').length).toBeGreaterThanOrEqual(2);
    expect(app.router.state.historyAction).toBe('REPLACE');
    // No advertising consent: no tracker is even asked for.
    expect(app.callsTo('GET', '/billing/direct-pass/marketing-trackers')).toHaveLength(0);
  });

  it('waits while Pending, and fires the subscription trackers with advertising consent', async () => {
    rememberStartedBilling(BILLING_ID, 'direct-pass');
    document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/';
    document.cookie = 'hasAcceptedCookieType3=1; Path=/';
    const app = renderApp(`/billing/return/${BILLING_ID}`, {
      'GET /data': { response: { App: makeApp({ cookieTypes: ADVERTISING }), Customer: customerOf() } },
      'POST /billing/direct-pass/confirm': confirmWith(outcome({ state: 'Pending' }), outcome({})),
      'GET /billing/direct-pass/marketing-trackers': {
        response: {
          MarketingTrackers: { Visit: [], Subscription: [{ Name: 'px', Data: { url: 'https://ads.example/px' } }] },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Validation de votre paiement' })).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/customer/welcome'), { timeout: 4000 });
    expect(app.callsTo('POST', '/billing/direct-pass/confirm')).toHaveLength(2);
    await waitFor(() => expect(app.callsTo('GET', '/billing/direct-pass/marketing-trackers')).toHaveLength(1));
    expect(app.callsTo('GET', '/billing/direct-pass/marketing-trackers')[0]!.query.get('action')).toBe('subscription');
  });

  it('a purchase goes to the purchased page of its content, with a play button', async () => {
    rememberStartedBilling(BILLING_ID, 'direct-pass');
    const app = open(`/billing/return/${BILLING_ID}`, {
      'POST /billing/direct-pass/confirm': confirmWith(
        outcome({ type: 'Purchase', purchaseContent: { contentType: 'Content', contentTypeID: 1001 } }),
      ),
      'GET /content/1001': {
        response: { Content: makeContent(1001, { title: "L'Été indien", slug: 'l-ete-indien' }) },
      },
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/content/1001/purchased'));
    expect(await screen.findByRole('heading', { name: 'Achat confirmé' })).toBeInTheDocument();
    expect(await screen.findByText("L'Été indien")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regarder' })).toHaveAttribute('href', '/content/1001/l-ete-indien');
  });

  it.each(['Failed', 'Abandoned'] as const)('%s ends on the billing error page', async (state) => {
    rememberStartedBilling(BILLING_ID, 'direct-pass');
    const app = open(`/billing/return/${BILLING_ID}`, {
      'POST /billing/direct-pass/confirm': confirmWith(outcome({ state })),
    });
    expect(await screen.findByRole('heading', { name: 'Erreur de paiement' })).toBeInTheDocument();
    expect(screen.getByText("Une erreur s'est produite lors du paiement")).toBeInTheDocument();
    expect(pathOf(app.router)).toBe('/error/billing?requested_url=%2Fchannels');
    expect(screen.getByRole('link', { name: 'Retour aux offres' })).toHaveAttribute(
      'href',
      '/service/inter?requested_url=%2Fchannels',
    );
  });

  it('finds the billing type from the billing data when this tab did not start it', async () => {
    const app = open(`/billing/return/${BILLING_ID}`, {
      'GET /billing/direct-pass/data': { error: 32 },
      'GET /billing/credit-card/data': {
        response: { Billing: outcome({ billingType: 'CreditCard', state: 'Pending' }) },
      },
      'POST /billing/credit-card/confirm': confirmWith(outcome({ billingType: 'CreditCard' })),
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/customer/welcome'));
    expect(app.callsTo('POST', '/billing/direct-pass/confirm')).toHaveLength(0);
  });

  it('a billing no web type knows ends on the billing error page', async () => {
    const app = open(`/billing/return/${BILLING_ID}`, {
      'GET /billing/direct-pass/data': { error: 32 },
      'GET /billing/credit-card/data': { error: 33 },
      'GET /billing/paypal/data': { error: 33 },
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/error/billing'));
  });
});

describe('the demo mode on payment screens (decision 047)', () => {
  const demoData = (demoPayments: boolean) => ({
    'GET /data': {
      response: { App: { ...makeApp({ inAppPurchases: [MONTHLY, WEEKLY] }), demoPayments }, Customer: customerOf() },
    },
  });

  it('says "Paiement de démonstration" at the top of the card when payments go to the stand-ins', async () => {
    open('/billing/product/1/operator-choice?product_price_id=12', demoData(true));
    expect(await screen.findByRole('heading', { name: 'Choisissez votre opérateur' })).toBeInTheDocument();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Paiement de démonstration');
    expect(note).toHaveTextContent("aucun argent réel n'est débité");
  });

  it('says nothing of the kind in a real deployment', async () => {
    open('/billing/product/1/operator-choice?product_price_id=12', demoData(false));
    expect(await screen.findByRole('heading', { name: 'Choisissez votre opérateur' })).toBeInTheDocument();
    expect(screen.queryByText('Paiement de démonstration')).toBeNull();
  });
});
