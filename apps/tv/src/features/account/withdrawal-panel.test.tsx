import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

// The withdrawal on the TV's account screen (spec 3 §1 withdrawal of 14 days, §7 POST
// /billing/cancel; decision 083): the button only while the server's withdrawalUntil is ahead and
// this device may stop the subscription, a confirmation reached with the remote, then the refund.

const DAY = 86_400_000;
const offer = {
  billingType: 'CreditCard',
  type: 'Subscription',
  product: 'Service',
  productID: 1,
  productPriceID: 11,
  name: 'Playz Mensuel',
  price: 7.99,
  currency: 'EUR',
};
const subscription = (overrides: Record<string, unknown> = {}) => ({
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
});
const dataWith = (subscriptions: unknown[]) => ({
  App: { cookieTypes: [], inAppPurchases: [offer] },
  Customer: {
    logged: true,
    login: 'abonne@exemple.fr',
    consent: null,
    productAccess: ['service'],
    hasFullAccess: false,
    purchases: [],
    profiles: [],
    currentProfileIndex: 0,
    subscriptions,
  },
});
const press = (keyCode: number, key: string) =>
  act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode, key })));
const focused = (name: string) => expect(document.querySelector('[data-focused]')?.textContent).toBe(name);

describe('spec 3 §1 "Annuler et être remboursé" on the TV (decision 083)', () => {
  beforeEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/'));
  afterEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=; Max-Age=0; Path=/'));

  it('spec 3 §1 the button opens a confirmation that Back closes; OK on its confirm refunds and the refund shows', async () => {
    let refunded = false;
    const { calls } = renderTv('/account', {
      'GET /data': () => ({
        response: dataWith([
          refunded
            ? subscription({ status: 'Refunded', withdrawalUntil: null, expirationDate: new Date().toISOString() })
            : subscription(),
        ]),
      }),
      'POST /billing/cancel': () => {
        refunded = true;
        return { response: { Result: true, Status: 'Refunded' } };
      },
    });
    const withdraw = await screen.findByRole('button', { name: 'Annuler et être remboursé' });
    expect(screen.getByText(/^Droit de rétractation : vous pouvez annuler et être remboursé jusqu'au/)).toBeTruthy();
    // jsdom lays nothing out, so the D-pad's way to it is the journey's to check; a click is OK here.
    act(() => withdraw.click());
    const dialog = await screen.findByRole('dialog', { name: 'Annuler Playz Mensuel et être remboursé ?' });
    await waitFor(() => focused('Retour'));
    press(8, 'Backspace');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).not.toContain('POST /billing/cancel');

    act(() => screen.getByRole('button', { name: 'Annuler et être remboursé' }).click());
    const again = await screen.findByRole('dialog', { name: 'Annuler Playz Mensuel et être remboursé ?' });
    expect(dialog).not.toBe(again);
    await waitFor(() => focused('Retour'));
    press(39, 'ArrowRight');
    await waitFor(() =>
      expect(
        within(again).getByRole('button', { name: 'Annuler et être remboursé' }).hasAttribute('data-focused'),
      ).toBe(true),
    );
    press(13, 'Enter');
    expect(
      (
        await screen.findByText("C'est fait : votre abonnement a pris fin et votre paiement vous est remboursé.")
      ).getAttribute('role'),
    ).toBe('status');
    expect(calls.filter((c) => c === 'POST /billing/cancel')).toHaveLength(1);
    expect(await screen.findByText('Remboursé')).toBeTruthy();
    expect(screen.getByText('Cet abonnement a été remboursé.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuler et être remboursé' })).toBeNull();
  });

  it('spec 3 §1 no button past the 14 days, without the right, or for a billing type this device cannot stop', async () => {
    renderTv('/account', {
      'GET /data': {
        response: dataWith([
          subscription({ purchaseID: 1, withdrawalUntil: new Date(Date.now() - 1000).toISOString() }),
          subscription({ purchaseID: 2, productID: 2, withdrawalUntil: null }),
          // A store the device does not have: it is stopped where it was bought (spec 3 §4).
          subscription({ purchaseID: 3, productID: 3, billingType: 'GooglePlay' }),
        ]),
      },
    });
    const list = await screen.findByRole('list');
    expect(within(list).getAllByText('Actif')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Annuler et être remboursé' })).toBeNull();
    // The ordinary unsubscribe stays, where this device may stop the subscription.
    expect(within(list).getAllByRole('button', { name: 'Se désabonner' })).toHaveLength(2);
  });

  it('spec 3 §4 "Se désabonner": confirmed, POST /billing/unsubscribe, access kept until the term ends', async () => {
    let cancelled = false;
    const { calls } = renderTv('/account', {
      'GET /data': () => ({
        response: dataWith([cancelled ? subscription({ status: 'Cancelled', withdrawalUntil: null }) : subscription()]),
      }),
      'POST /billing/unsubscribe': () => {
        cancelled = true;
        return { response: { Result: true, Status: 'Cancelled' } };
      },
    });
    const unsubscribe = await screen.findByRole('button', { name: 'Se désabonner' });
    act(() => unsubscribe.click());
    const dialog = await screen.findByRole('dialog', { name: 'Vous désabonner de Playz Mensuel ?' });
    expect(dialog.textContent).toContain('Votre abonnement ne sera pas renouvelé.');
    await waitFor(() => focused('Retour'));
    press(39, 'ArrowRight');
    await waitFor(() => focused('Me désabonner'));
    press(13, 'Enter');
    expect(
      (await screen.findByText(/^Désabonnement enregistré : votre accès reste ouvert jusqu'au/)).getAttribute('role'),
    ).toBe('status');
    expect(calls.filter((c) => c === 'POST /billing/unsubscribe')).toHaveLength(1);
    expect(calls).not.toContain('POST /billing/cancel');
    expect(await screen.findByText('Résilié')).toBeTruthy();
  });

  it('spec 3 §1 a refused refund shows the error and the subscription stays', async () => {
    const { calls } = renderTv('/account', {
      'GET /data': { response: dataWith([subscription()]) },
      'POST /billing/cancel': { error: 1 },
    });
    const withdraw = await screen.findByRole('button', { name: 'Annuler et être remboursé' });
    act(() => withdraw.click());
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => focused('Retour'));
    press(39, 'ArrowRight');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Annuler et être remboursé' }).hasAttribute('data-focused'),
      ).toBe(true),
    );
    press(13, 'Enter');
    expect((await screen.findByText("Une erreur s'est produite")).getAttribute('role')).toBe('status');
    expect(calls.filter((c) => c === 'POST /billing/cancel')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Annuler et être remboursé' })).toBeTruthy();
  });
});
