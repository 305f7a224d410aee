import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Customer, Subscription } from '@playz/api-contract';
import { makeApp, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const DAY = 86_400_000;
const expirationDate = new Date(Date.now() + 12 * DAY).toISOString();
const accessDate = new Intl.DateTimeFormat('fr', { dateStyle: 'long' }).format(new Date(expirationDate));

function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    purchaseID: 7,
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
    status: 'ToRenew',
    expirationDate,
    dateCreation: '2026-11-01T00:00:00.000Z',
    operatorID: null,
    operatorName: null,
    SKU: null,
    ...overrides,
  };
}

const customerWith = (subscription: Subscription): Customer =>
  subscriber({ loggedWith: 'playz', subscriptions: [subscription] });

/** The account page over a server whose answers follow the unsubscribe call, as the real one does. */
function openAccount(subscription: Subscription, unsubscribe: MockHandler = { response: {} }) {
  let current = customerWith(subscription);
  return renderApp('/customer/account', {
    'GET /data': () => ({ response: { App: makeApp(), Customer: current } }),
    'GET /customer/active-devices': { response: { Devices: [] } },
    'GET /profile-pictures': { response: { ProfilePictures: [] } },
    'POST /billing/unsubscribe': async (request) => {
      const reply = typeof unsubscribe === 'function' ? await unsubscribe(request) : unsubscribe;
      if ('response' in reply) current = customerWith({ ...subscription, status: 'Cancelled' });
      return reply;
    },
  });
}

const subscriptionBlock = async () => within(await screen.findByRole('region', { name: 'Mon abonnement' }));
const cancelled = { response: { Result: true, Status: 'Cancelled' } };

describe('unsubscribe button (spec 3 §4 Display, §6)', () => {
  it('shows the next term and the button for a to-renew subscription paid by card on the web', async () => {
    openAccount(makeSubscription());
    const block = await subscriptionBlock();
    expect(block.getByText(`Prochaine échéance le ${accessDate}, sans engagement.`)).toBeInTheDocument();
    expect(block.getByRole('button', { name: 'Se désabonner' })).toHaveAttribute(
      'href',
      '/customer/account#unsubscribe-confirm',
    );
  });

  it.each([
    ['already cancelled', { status: 'Cancelled' }],
    ['refunded', { status: 'Refunded' }],
    ['billed by Google Play, which the web does not have', { billingType: 'GooglePlay' }],
  ])('is not shown for a subscription %s', async (_, overrides) => {
    openAccount(makeSubscription(overrides));
    const block = await subscriptionBlock();
    expect(block.getByText('Playz Mensuel')).toBeInTheDocument();
    expect(block.queryByRole('button', { name: 'Se désabonner' })).toBeNull();
  });

  it("shows a refunded subscription as 'cancelled, access until date' with the refunded message", async () => {
    openAccount(makeSubscription({ status: 'Refunded' }));
    const block = await subscriptionBlock();
    expect(
      block.getByText(`Résilié, accès jusqu'au ${accessDate}. Cet abonnement a été remboursé.`),
    ).toBeInTheDocument();
  });
});

describe('#unsubscribe-confirm (spec 3 §4 Unsubscribe: button, confirm, call, toast)', () => {
  it('confirms, calls POST /billing/unsubscribe, toasts and shows the cancelled status with the contact', async () => {
    const app = openAccount(makeSubscription(), cancelled);
    fireEvent.click((await subscriptionBlock()).getByRole('button', { name: 'Se désabonner' }));
    await waitFor(() => expect(app.router.state.location.hash).toBe('#unsubscribe-confirm'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Vous désabonner de Playz Mensuel ?' });
    expect(dialog).toHaveTextContent(`Vous gardez l'accès jusqu'au ${accessDate}.`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Me désabonner' }));
    expect(
      await screen.findByText(`Désabonnement enregistré : votre accès reste ouvert jusqu'au ${accessDate}.`),
    ).toBeInTheDocument();
    const call = app.callsTo('POST', '/billing/unsubscribe');
    expect(call).toHaveLength(1);
    expect(call[0]!.body.get('billing_type')).toBe('CreditCard');
    expect(call[0]!.body.get('product_id')).toBe('1');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.router.state.location.hash).toBe('');
    const block = await subscriptionBlock();
    expect(block.getByText('Résilié')).toBeInTheDocument();
    expect(block.getByText(new RegExp(`Résilié, accès jusqu'au ${accessDate}`))).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'contact@playz.fr' })).toHaveAttribute('href', 'mailto:contact@playz.fr');
    expect(block.queryByRole('button', { name: 'Se désabonner' })).toBeNull();
  });

  it("shows the error toast 'Une erreur s'est produite' when the call fails, status unchanged", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openAccount(makeSubscription(), { error: 32, status: 400 });
    fireEvent.click((await subscriptionBlock()).getByRole('button', { name: 'Se désabonner' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Me désabonner' }));
    expect(await screen.findByText("Une erreur s'est produite")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const block = await subscriptionBlock();
    expect(block.getByText('Actif')).toBeInTheDocument();
    expect(block.getByRole('button', { name: 'Se désabonner' })).toBeInTheDocument();
  });

  it('cancel closes the dialog without calling the server', async () => {
    const app = openAccount(makeSubscription(), cancelled);
    fireEvent.click((await subscriptionBlock()).getByRole('button', { name: 'Se désabonner' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.callsTo('POST', '/billing/unsubscribe')).toHaveLength(0);
  });

  it('opened from a link or a reload, it is about the subscription that may be unsubscribed', async () => {
    const app = renderApp('/customer/account#unsubscribe-confirm', {
      'GET /data': {
        response: {
          App: makeApp(),
          Customer: subscriber({
            subscriptions: [
              makeSubscription({ purchaseID: 1, status: 'Cancelled' }),
              makeSubscription({ purchaseID: 2, productID: 2, productPriceID: 13, billingType: 'Paypal' }),
            ],
          }),
        },
      },
      'GET /customer/active-devices': { response: { Devices: [] } },
      'GET /profile-pictures': { response: { ProfilePictures: [] } },
      'POST /billing/unsubscribe': cancelled,
    });
    const dialog = await screen.findByRole('alertdialog', { name: /^Vous désabonner de/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Me désabonner' }));
    await waitFor(() => expect(app.callsTo('POST', '/billing/unsubscribe')).toHaveLength(1));
    expect(app.callsTo('POST', '/billing/unsubscribe')[0]!.body.get('billing_type')).toBe('Paypal');
    expect(app.callsTo('POST', '/billing/unsubscribe')[0]!.body.get('product_id')).toBe('2');
  });
});
