import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';
import { newKey } from './customer-actions';

// Support's actions on the customer card (decision 084): each a call of the admin contract, the
// destructive ones confirmed, the goodwill and the refund sent with one key per request.

const SUPPORT = { ...ANA, id: 3, email: 'sam@playz.fr', name: 'Sam', roles: ['support'] };
const FINANCE = { ...ANA, id: 4, email: 'fin@playz.fr', name: 'Fin', roles: ['finance'] };
const CUSTOMER = {
  id: 42,
  uid: 'u-42',
  login: 'abonne@playz.fr',
  name: 'Alex Abonné',
  phone: null,
  createdAt: '2026-10-01T00:00:00.000Z',
  deleted: false,
  locale: 'fr',
  country: 'FR',
  loggedWith: null,
  profiles: [{ id: 1, name: 'Alex', kids: false }],
  devices: [
    { id: 9, platform: 'Tizen', vendor: 'Samsung', model: 'QE55', lastSeenAt: '2026-11-28T20:00:00.000Z' },
    { id: 10, platform: 'Web', vendor: null, model: null, lastSeenAt: '2026-11-28T21:00:00.000Z' },
  ],
  sessions: [
    {
      ref: 'abcdef012345',
      platform: 'Tizen',
      createdAt: '2026-11-01T00:00:00.000Z',
      lastSeenAt: '2026-11-28T20:00:00.000Z',
      expiresAt: '2027-05-01T00:00:00.000Z',
      deviceId: 9,
    },
    {
      ref: '0123456789ab',
      platform: 'Web',
      createdAt: '2026-11-02T00:00:00.000Z',
      lastSeenAt: '2026-11-28T21:00:00.000Z',
      expiresAt: '2027-05-02T00:00:00.000Z',
      deviceId: 10,
    },
  ],
};
const RENTAL = {
  id: 'b0b0b0b0b0b0b0b0b0b0b0b0',
  kind: 'Purchase',
  billingType: 'CreditCard',
  amountCents: 299,
  currency: 'EUR',
  paidAt: '2026-11-20T10:00:00.000Z',
  label: 'L’Été indien',
  refundableCents: 299,
  refund: 'provider',
};
const STORE_PAYMENT = { ...RENTAL, id: 'c1c1c1c1c1c1c1c1c1c1c1c1', billingType: 'GooglePlay', refund: 'elsewhere' };
const MONEY = {
  subscriptions: [
    {
      id: 5,
      offer: 'Playz mensuel',
      billingType: 'CreditCard',
      status: 'Paid',
      createdAt: '2026-10-01T00:00:00.000Z',
      expirationDate: '2026-12-01T00:00:00.000Z',
      cancelledAt: null,
      priceCents: 699,
      currency: 'EUR',
    },
  ],
  purchases: [],
  payments: [RENTAL, STORE_PAYMENT],
  ledger: [],
};

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}

afterEach(() => vi.restoreAllMocks());

describe('decision 084: support acts on the customer card', () => {
  it('stops one session after confirming; the other stays listed', async () => {
    let sessions = CUSTOMER.sessions;
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: SUPPORT } }),
      'GET /customers/42': () => ({ response: { customer: { ...CUSTOMER, sessions }, money: MONEY } }),
      'POST /customers/42/sessions/abcdef012345/end': () => {
        sessions = sessions.filter((s) => s.ref !== 'abcdef012345');
        return { response: { ended: true } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderAt('/customers/42');
    const region = await screen.findByRole('region', { name: 'Sessions ouvertes' });
    const stop = within(region).getByRole('button', { name: 'Arrêter la session Tizen · Samsung QE55' });
    fireEvent.click(stop);
    expect(confirm).toHaveBeenCalledWith(
      'Arrêter la session sur Tizen · Samsung QE55 ? Cet appareil devra se reconnecter.',
    );
    expect(api.calls.map((c) => c.route)).not.toContain('POST /customers/42/sessions/abcdef012345/end');
    fireEvent.click(stop);
    await waitFor(() => expect(within(region).queryByText(/Samsung QE55/)).toBeNull());
    expect(within(region).getByRole('button', { name: 'Arrêter la session Web' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.route === 'POST /customers/42/sessions/abcdef012345/end')).toHaveLength(1);
  });

  it('gives goodwill days with one key per grant, a new key for the next grant', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: SUPPORT } }),
      'GET /customers/42': () => ({ response: { customer: CUSTOMER, money: MONEY } }),
      'POST /customers/42/goodwill': () => ({
        response: { expirationDate: '2026-12-08T00:00:00.000Z', repeated: false },
      }),
    });
    renderAt('/customers/42');
    const form = await screen.findByRole('form', { name: 'Geste commercial sur Playz mensuel' });
    fireEvent.change(within(form).getByLabelText('Jours offerts'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Offrir' }));
    expect((await within(form).findByRole('status')).textContent).toMatch(/Accès prolongé jusqu’au 8 déc\.? 2026\./);
    fireEvent.click(within(form).getByRole('button', { name: 'Offrir' }));
    await waitFor(() => expect(api.calls.filter((c) => c.route === 'POST /customers/42/goodwill')).toHaveLength(2));
    const bodies = api.calls.filter((c) => c.route === 'POST /customers/42/goodwill').map((c) => c.body) as {
      subscriptionId: number;
      days: number;
      key: string;
    }[];
    expect(bodies[0]).toMatchObject({ subscriptionId: 5, days: 10 });
    expect(bodies[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodies[1]!.key).not.toBe(bodies[0]!.key);
  });

  it('refunds a payment after confirming; a store’s payment says where it is refunded and offers no button', async () => {
    let payments = MONEY.payments;
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /customers/42': () => ({ response: { customer: CUSTOMER, money: { ...MONEY, payments } } }),
      'POST /customers/42/refunds': () => {
        payments = [{ ...RENTAL, refundableCents: 0, refund: 'done' }, STORE_PAYMENT];
        return { response: { refundedCents: 299, currency: 'EUR', repeated: false } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/customers/42');
    const region = await screen.findByRole('region', { name: 'Paiements' });
    expect(region.textContent).toContain('Remboursement par GooglePlay (boutique ou opérateur)');
    expect(within(region).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(region).getByRole('button', { name: /Rembourser L’Été indien \(2,99\s€\)/ }));
    expect(confirm.mock.calls[0]![0]).toMatch(/^Rembourser 2,99\s€ pour L’Été indien \? Le client perd l’accès/);
    await within(region).findByText('Remboursé');
    expect(within(region).queryAllByRole('button')).toEqual([]);
    const [call] = api.calls.filter((c) => c.route === 'POST /customers/42/refunds');
    expect(call!.body).toMatchObject({ billingId: RENTAL.id, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // Finance refunds but does not act on the account, the sessions or the subscriptions.
    expect(screen.queryByRole('button', { name: 'Déverrouiller' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Arrêter la session/ })).toBeNull();
    expect(screen.queryByRole('form', { name: /Geste commercial/ })).toBeNull();
  });

  it('decision 109: refunds part of a renewal charge, typed in the operator’s way; more than what is left is refused before sending', async () => {
    let renewal = {
      ...RENTAL,
      id: 'renewal-77',
      kind: 'Renewal',
      label: 'Premium',
      amountCents: 999,
      refundableCents: 899,
    };
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /customers/42': () => ({ response: { customer: CUSTOMER, money: { ...MONEY, payments: [renewal] } } }),
      'POST /customers/42/refunds': () => {
        renewal = { ...renewal, refundableCents: 649 };
        return { response: { refundedCents: 250, currency: 'EUR', repeated: false } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/customers/42');
    const region = await screen.findByRole('region', { name: 'Paiements' });
    expect(region.textContent).toContain('Renouvellement · Premium');
    expect(region.textContent).toMatch(/Reste à rembourser : 8,99\s€/);
    const amount = within(region).getByLabelText('Montant à rembourser (EUR)');
    expect((amount as HTMLInputElement).value).toBe('8.99');
    fireEvent.change(amount, { target: { value: '9,00' } });
    fireEvent.click(within(region).getByRole('button', { name: /Rembourser Renouvellement · Premium/ }));
    expect((await within(region).findByRole('alert')).textContent).toMatch(/entre 0,01 et 8,99\s€/);
    expect(api.calls.filter((c) => c.route === 'POST /customers/42/refunds')).toEqual([]);
    fireEvent.change(amount, { target: { value: '2,5' } });
    fireEvent.click(within(region).getByRole('button', { name: /Rembourser Renouvellement · Premium/ }));
    expect(confirm.mock.calls.at(-1)![0]).toMatch(
      /^Rembourser 2,50\s€ sur Renouvellement · Premium \? Le client garde/,
    );
    await within(region).findByText(/2,50\s€ remboursés/);
    const [call] = api.calls.filter((c) => c.route === 'POST /customers/42/refunds');
    expect(call!.body).toMatchObject({ billingId: 'renewal-77', amountCents: 250 });
    // The card is read again: the amount offered is what is left now.
    await within(region).findByText(/Reste à rembourser : 6,49\s€/);
    expect((within(region).getByLabelText('Montant à rembourser (EUR)') as HTMLInputElement).value).toBe('6.49');
  });

  it('unlocks, sends a reset link, shows the alerts and mails sent, downloads the data', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: SUPPORT } }),
      'GET /customers/42': () => ({ response: { customer: CUSTOMER, money: MONEY } }),
      'POST /customers/42/unlock': () => ({ response: { unlocked: true } }),
      'POST /customers/42/mails/resend': () => ({ response: { sent: true } }),
      'GET /customers/42/messages': () => ({
        response: {
          alerts: [{ key: 'live-event:2', sentAt: '2026-11-27T18:00:00.000Z', mailDue: true }],
          mails: [{ sentAt: '2026-11-28T09:00:00.000Z', subject: 'Réinitialisez votre mot de passe' }],
        },
      }),
      'GET /customers/42/export': () => ({ response: { export: { account: { login: 'abonne@playz.fr' } } } }),
    });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:export'));
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt('/customers/42');
    const actions = await screen.findByRole('group', { name: 'Actions sur le compte' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Déverrouiller' }));
    expect((await within(actions).findByRole('status')).textContent).toBe(
      'Compte déverrouillé : le client peut se reconnecter.',
    );
    fireEvent.click(within(actions).getByRole('button', { name: 'Envoyer un lien de réinitialisation' }));
    await within(actions).findByText('Lien de réinitialisation envoyé à abonne@playz.fr.');
    expect(api.calls.find((c) => c.route === 'POST /customers/42/mails/resend')!.body).toEqual({
      kind: 'password-reset',
    });

    const messages = screen.getByRole('region', { name: 'Alertes et e-mails envoyés' });
    expect(api.calls.map((c) => c.route)).not.toContain('GET /customers/42/messages');
    fireEvent.click(within(messages).getByRole('button', { name: 'Afficher' }));
    expect((await within(messages).findByText(/live-event:2/)).parentElement!.textContent).toMatch(
      /live-event:2 · 27 nov\.? 2026 · e-mail à renvoyer/,
    );
    within(messages).getByText(/Réinitialisez votre mot de passe/);

    fireEvent.click(within(actions).getByRole('button', { name: 'Télécharger ses données (RGPD)' }));
    await within(actions).findByText('Données téléchargées.');
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(JSON.parse(await created[0]!.text())).toEqual({ account: { login: 'abonne@playz.fr' } });
  });

  it('deletes only once the operator typed the customer’s e-mail', async () => {
    let deleted = false;
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: SUPPORT } }),
      'GET /customers/42': () => ({ response: { customer: { ...CUSTOMER, deleted }, money: MONEY } }),
      'POST /customers/42/delete': () => {
        deleted = true;
        return { response: { deleted: true, keptForAccounting: true } };
      },
    });
    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce('oops').mockReturnValue(' Abonne@playz.fr ');
    renderAt('/customers/42');
    const actions = await screen.findByRole('group', { name: 'Actions sur le compte' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Supprimer le compte' }));
    expect(prompt.mock.calls[0]![0]).toMatch(/Pour confirmer, saisissez : abonne@playz.fr$/);
    expect(api.calls.map((c) => c.route)).not.toContain('POST /customers/42/delete');
    fireEvent.click(within(actions).getByRole('button', { name: 'Supprimer le compte' }));
    // Deleted: the card says so and offers no more actions on the account.
    await screen.findByText(/Compte supprimé$/);
    expect(screen.queryByRole('group', { name: 'Actions sur le compte' })).toBeNull();
    expect(api.calls.filter((c) => c.route === 'POST /customers/42/delete')).toHaveLength(1);
  });
});

describe('decision 084: request keys', () => {
  it('are UUID v4 made without randomUUID, which a console over plain HTTP does not have', () => {
    const randomUUID = vi.spyOn(crypto, 'randomUUID');
    const keys = new Set(Array.from({ length: 50 }, () => newKey()));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUUID).not.toHaveBeenCalled();
  });
});
