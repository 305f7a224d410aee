import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Customer, Subscription } from '@playz/api-contract';
import { makeApp, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

// The saved card and the withdrawal on my account (spec 3 §1 withdrawal of 14 days, §7
// /billing/credit-card/save and /billing/cancel; decision 083).

const DAY = 86_400_000;
const SLOW = { timeout: 5000 };
const CARD = { brand: 'CB', maskedNumber: '•••• •••• •••• 0014', expiryMonth: 3, expiryYear: 2029 };

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
    expirationDate: new Date(Date.now() + 25 * DAY).toISOString(),
    dateCreation: new Date(Date.now() - 5 * DAY).toISOString(),
    operatorID: null,
    operatorName: null,
    SKU: null,
    withdrawalUntil: new Date(Date.now() + 9 * DAY).toISOString(),
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
const cardSection = () => screen.findByRole('region', { name: 'Carte enregistrée' }, SLOW);

describe('spec 3 §7 the saved card on my account (decision 083)', () => {
  afterEach(() => sessionStorage.clear());

  it('spec 3 §7 shows the card masked; with no card subscription, changing it posts the processor form the save call returns', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const app = openAccount(subscriber({ subscriptions: [], creditCard: CARD }), {
      'POST /billing/credit-card/save': {
        response: {
          Result: false,
          BillingID: 'd'.repeat(24),
          RedirectData: { RedirectUrl: 'https://pay.example/vads', RedirectParams: { vads_page_action: 'REGISTER' } },
          Billing: null,
          CreditCard: null,
        },
      },
    });
    const section = await cardSection();
    expect(within(section).getByText('Carte CB •••• •••• •••• 0014')).toBeInTheDocument();
    expect(within(section).getByText('expire fin 03/2029')).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Changer de carte' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), SLOW);
    const [call] = app.callsTo('POST', '/billing/credit-card/save');
    expect(call!.body.get('requested_url')).toBe('/customer/account');
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe('https://pay.example/vads');
    expect((form.elements.namedItem('vads_page_action') as HTMLInputElement).value).toBe('REGISTER');
    expect(sessionStorage.getItem('playz.billings')).toContain('credit-card');
    submit.mockRestore();
  });

  it('spec 3 §7 without a card it offers to save one, and nothing to remove', async () => {
    openAccount(subscriber({ subscriptions: [], creditCard: null }));
    const section = await cardSection();
    expect(within(section).getByText('Aucune carte enregistrée.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Enregistrer une carte' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Supprimer la carte' })).toBeNull();
  });

  it('spec 3 §7 remove asks first, then forgets the card', async () => {
    let removed = false;
    const app = openAccount(subscriber({ subscriptions: [], creditCard: CARD }), {
      'GET /data': () => ({
        response: { App: makeApp(), Customer: subscriber({ subscriptions: [], creditCard: removed ? null : CARD }) },
      }),
      'POST /billing/credit-card/remove': () => {
        removed = true;
        return { response: { Result: true } };
      },
    });
    const section = await cardSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Supprimer la carte' }));
    const dialog = await screen.findByRole('alertdialog', undefined, SLOW);
    expect(
      within(dialog).getByText('La carte •••• •••• •••• 0014 ne servira plus à vos paiements.'),
    ).toBeInTheDocument();
    expect(app.callsTo('POST', '/billing/credit-card/remove')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Carte supprimée.', undefined, SLOW)).toBeInTheDocument();
    expect(await within(section).findByText('Aucune carte enregistrée.', undefined, SLOW)).toBeInTheDocument();
    expect(app.callsTo('POST', '/billing/credit-card/remove')).toHaveLength(1);
  });

  it('spec 3 §7 no remove while a card subscription renews on the card: change it instead', async () => {
    openAccount(subscriber({ subscriptions: [subscription()], creditCard: CARD }));
    const section = await cardSection();
    expect(within(section).queryByRole('button', { name: 'Supprimer la carte' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Changer de carte' })).toBeInTheDocument();
    expect(within(section).getByText(/remplacez-la, ou désabonnez-vous d'abord/)).toBeInTheDocument();
  });

  it('spec 3 §7 one card button on the page (decision 083 addendum): with a renewing card subscription it is that subscription’s update', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const app = openAccount(subscriber({ subscriptions: [subscription({ productID: 2 })], creditCard: CARD }), {
      'GET /billing/credit-card/update': {
        response: {
          RedirectData: {
            RedirectUrl: 'https://pay.example/vads',
            RedirectParams: { vads_page_action: 'REGISTER_UPDATE' },
          },
          BillingID: 'e'.repeat(24),
        },
      },
    });
    const section = await cardSection();
    expect(await screen.findByRole('heading', { name: 'Playz Mensuel' }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /carte/ })).toEqual([
      within(section).getByRole('button', { name: 'Changer de carte' }),
    ]);
    fireEvent.click(within(section).getByRole('button', { name: 'Changer de carte' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), SLOW);
    expect(app.callsTo('GET', '/billing/credit-card/update')[0]!.query.get('product_id')).toBe('2');
    expect(app.callsTo('POST', '/billing/credit-card/save')).toHaveLength(0);
    submit.mockRestore();
  });
});

describe('spec 3 §1 withdrawal: "Annuler et être remboursé" (decision 083)', () => {
  it('spec 3 §1 within the 14 days: confirm, POST /billing/cancel, then the refund shown', async () => {
    let refunded = false;
    const app = openAccount(subscriber({ subscriptions: [subscription()] }), {
      'GET /data': () => ({
        response: {
          App: makeApp(),
          Customer: subscriber({
            subscriptions: [
              refunded
                ? subscription({ status: 'Refunded', withdrawalUntil: null, expirationDate: new Date().toISOString() })
                : subscription(),
            ],
          }),
        },
      }),
      'POST /billing/cancel': () => {
        refunded = true;
        return { response: { Result: true, Status: 'Refunded' } };
      },
    });
    expect(
      await screen.findByText(/^Droit de rétractation : vous pouvez annuler/, undefined, SLOW),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler et être remboursé' }));
    const dialog = await screen.findByRole('alertdialog', undefined, SLOW);
    expect(
      within(dialog).getByRole('heading', { name: 'Annuler Playz Mensuel et être remboursé ?' }),
    ).toBeInTheDocument();
    expect(app.callsTo('POST', '/billing/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler et être remboursé' }));
    expect(await screen.findByText(/votre paiement vous est remboursé\.$/, undefined, SLOW)).toBeInTheDocument();
    const [call] = app.callsTo('POST', '/billing/cancel');
    expect(call!.body.get('billing_type')).toBe('CreditCard');
    expect(call!.body.get('product_id')).toBe('1');
    expect((await screen.findAllByText('Remboursé', undefined, SLOW)).length).toBeGreaterThan(0);
    expect(screen.getByText(/Cet abonnement a été remboursé\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler et être remboursé' })).toBeNull();
  });

  it('spec 3 §1 not offered after the 14 days, for a free first period, nor when the server says none', async () => {
    openAccount(
      subscriber({
        subscriptions: [
          subscription({ purchaseID: 1, withdrawalUntil: new Date(Date.now() - 1000).toISOString() }),
          subscription({ purchaseID: 2, productID: 2, productPriceID: 12, withdrawalUntil: null }),
        ],
      }),
    );
    expect((await screen.findAllByRole('button', { name: 'Se désabonner' }, SLOW)).length).toBe(2);
    expect(screen.queryByRole('button', { name: 'Annuler et être remboursé' })).toBeNull();
    expect(screen.queryByText(/^Droit de rétractation/)).toBeNull();
  });

  it('spec 3 §1 a refused refund is the error toast and the subscription stays as it was', async () => {
    openAccount(subscriber({ subscriptions: [subscription()] }), { 'POST /billing/cancel': { error: 1 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler et être remboursé' }, SLOW));
    const dialog = await screen.findByRole('alertdialog', undefined, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler et être remboursé' }));
    expect((await screen.findAllByText(/Une erreur s'est produite/, undefined, SLOW)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
    expect(screen.getByRole('button', { name: 'Annuler et être remboursé' })).toBeInTheDocument();
    expect(screen.queryByText('Remboursé')).toBeNull();
  });
});
