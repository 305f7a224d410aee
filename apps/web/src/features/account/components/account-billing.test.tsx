import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Customer, Purchase, Subscription } from '@playz/api-contract';
import { makeApp, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

// My account's billing (spec 3 §2 /customer/account, §3 Purchase, §7 /billing/credit-card/update;
// decision 030): purchases under the subscriptions, a card change for a renewing card subscription.

const DAY = 86_400_000;
const SLOW = { timeout: 5000 };

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    purchaseID: 1,
    billingType: 'CreditCard',
    productID: 1,
    product: 'Service',
    productPriceID: 11,
    price: 7.99,
    currency: 'EUR',
    durationUnit: 'month',
    durationCount: 1,
    freeTrial: 0,
    freeTrialDays: 0,
    subscriber: true,
    status: 'Paid',
    expirationDate: new Date(Date.now() + 20 * DAY).toISOString(),
    dateCreation: '2026-01-01T00:00:00.000Z',
    operatorID: null,
    operatorName: null,
    SKU: null,
    ...overrides,
  };
}

function purchase(id: number, label: string, endDate: string | null, overrides: Partial<Purchase> = {}): Purchase {
  return {
    purchaseID: id,
    billingType: 'CreditCard',
    productPriceID: 21,
    price: 2.99,
    currency: 'EUR',
    status: 'Paid',
    units: 1,
    expirationDate: endDate,
    purchaseContent: {
      ticketNumber: `PLZ-${id}`,
      contentType: 'Content',
      contentTypeID: 1000 + id,
      label,
      status: 'Paid',
      startDate: null,
      endDate,
    },
    ...overrides,
  };
}

function openAccount(customer: Customer, extra: Record<string, MockHandler> = {}) {
  return renderApp('/customer/account', {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /customer/active-devices': { response: { Devices: [] } },
    'GET /profile-pictures': { response: { ProfilePictures: [] } },
    ...extra,
  });
}

describe('purchases in my account (spec 3 §3 Purchase, PurchaseContent)', () => {
  it('lists each purchase with its label, ticket, until date or no limit, and price', async () => {
    const until = new Date(Date.now() + 2 * DAY).toISOString();
    openAccount(
      subscriber({
        subscriptions: [],
        productAccess: [],
        purchases: [
          purchase(1, "L'Été indien", until),
          purchase(2, 'Gala des étoiles', null, { price: 4.99, productPriceID: 22 }),
          purchase(3, 'Les Aurores', new Date(Date.now() - DAY).toISOString()),
        ],
      }),
    );
    const list = await screen.findByRole('region', { name: 'Mes achats' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('heading', { name: "L'Été indien" })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Ticket n° PLZ-1')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/^Jusqu'au /)).toBeInTheDocument();
    expect(within(items[0]!).getByText(/2,99\s€/)).toBeInTheDocument();
    expect(within(items[0]!).getByText('Actif')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Sans limite')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/4,99\s€/)).toBeInTheDocument();
    expect(within(items[2]!).getByText(/^Terminé le /)).toBeInTheDocument();
    expect(within(items[2]!).getByText('Expiré')).toBeInTheDocument();
    // Still no subscription: the offers stay one click away.
    expect(screen.getByText("Vous n'avez pas encore d'abonnement.")).toBeInTheDocument();
  });

  it('shows no purchases block without purchases', async () => {
    openAccount(subscriber({ subscriptions: [subscription()] }));
    expect(await screen.findByRole('heading', { name: 'Playz Mensuel' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mes achats' })).toBeNull();
  });
});

describe('changing the card of a card subscription (spec 3 §7 /billing/credit-card/update)', () => {
  afterEach(() => sessionStorage.clear());

  it('posts the processor form returned by the update call, for the subscription product', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const app = openAccount(subscriber({ subscriptions: [subscription()] }), {
      'GET /billing/credit-card/update': {
        response: {
          RedirectData: {
            RedirectUrl: 'https://pay.example/vads',
            RedirectParams: { vads_page_action: 'REGISTER_UPDATE' },
          },
          BillingID: 'c'.repeat(24),
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Changer de carte' }, SLOW));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), SLOW);
    const [call] = app.callsTo('GET', '/billing/credit-card/update');
    expect(call!.query.get('product_id')).toBe('1');
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe('https://pay.example/vads');
    expect(form.method).toBe('post');
    expect((form.elements.namedItem('vads_page_action') as HTMLInputElement).value).toBe('REGISTER_UPDATE');
    // The return page confirms it as a card billing (decision 028).
    expect(sessionStorage.getItem('playz.billings')).toContain('credit-card');
    submit.mockRestore();
  });

  it('a failed update call shows the error toast and the button comes back', async () => {
    openAccount(subscriber({ subscriptions: [subscription()] }), {
      'GET /billing/credit-card/update': { error: 32 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Changer de carte' }, SLOW));
    expect((await screen.findAllByText(/Une erreur s'est produite/, undefined, SLOW)).length).toBeGreaterThan(0);
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Changer de carte' })).not.toHaveAttribute('disabled'),
      SLOW,
    );
  });

  it('is offered only for a card subscription that renews', async () => {
    openAccount(
      subscriber({
        subscriptions: [
          subscription({ purchaseID: 1, status: 'Cancelled' }),
          subscription({ purchaseID: 2, billingType: 'Wap2', productID: 2, productPriceID: 12 }),
        ],
      }),
    );
    expect((await screen.findAllByText('Résilié', undefined, SLOW)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Changer de carte' })).toBeNull();
  });
});
