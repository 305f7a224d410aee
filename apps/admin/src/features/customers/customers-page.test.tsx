import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const SUPPORT = { ...ANA, id: 3, email: 'sam@playz.fr', name: 'Sam', roles: ['support'] };
const FINANCE = { ...ANA, id: 4, email: 'fin@playz.fr', name: 'Fin', roles: ['finance'] };
const SUMMARY = {
  id: 42,
  uid: 'u-42',
  login: 'abonne@playz.fr',
  name: 'Alex Abonné',
  phone: '0612345678',
  createdAt: '2026-10-01T00:00:00.000Z',
  deleted: false,
};
const CARD = {
  customer: {
    ...SUMMARY,
    locale: 'fr',
    country: 'FR',
    loggedWith: null,
    profiles: [
      { id: 1, name: 'Alex', kids: false },
      { id: 2, name: 'Léo', kids: true },
    ],
    devices: [{ id: 9, platform: 'Tizen', vendor: 'Samsung', model: 'QE55', lastSeenAt: '2026-11-28T20:00:00.000Z' }],
    sessions: [
      {
        ref: 'abcdef012345',
        platform: 'Tizen',
        createdAt: '2026-11-01T00:00:00.000Z',
        lastSeenAt: '2026-11-28T20:00:00.000Z',
        expiresAt: '2027-05-01T00:00:00.000Z',
        deviceId: 9,
      },
    ],
  },
  money: {
    subscriptions: [
      {
        id: 5,
        offer: 'Playz mensuel',
        billingType: 'CreditCard',
        status: 'Active',
        createdAt: '2026-10-01T00:00:00.000Z',
        expirationDate: '2026-12-01T00:00:00.000Z',
        cancelledAt: null,
        priceCents: 699,
        currency: 'EUR',
      },
    ],
    purchases: [],
    payments: [],
    ledger: [
      {
        id: 8,
        entry: 'payment',
        billingType: 'CreditCard',
        billingId: 'b0b0b0b0b0b0b0b0b0b0b0b0',
        amountCents: 699,
        currency: 'EUR',
        detail: null,
        createdAt: '2026-11-01T00:00:00.000Z',
      },
    ],
  },
};

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}

describe('support finds and helps a customer (decision 080)', () => {
  it('searches, opens the card with profiles, sessions, subscription and ledger, and signs the customer out everywhere', async () => {
    let sessions = CARD.customer.sessions;
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: SUPPORT } }),
      'GET /customers': (_, url) => ({
        response: { customers: url.searchParams.get('q') === 'abonne' ? [SUMMARY] : [] },
      }),
      'GET /customers/42': () => ({ response: { ...CARD, customer: { ...CARD.customer, sessions } } }),
      'POST /customers/42/sessions/end': () => {
        sessions = [];
        return { response: { ended: 1 } };
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/customers');
    fireEvent.change(await screen.findByLabelText(/E-mail, numéro de mobile/), { target: { value: 'abonne' } });
    fireEvent.click(screen.getByRole('button', { name: 'Chercher' }));
    fireEvent.click(await screen.findByRole('link', { name: /abonne@playz.fr/ }));

    const card = await screen.findByRole('article', { name: 'Alex Abonné' });
    expect(card.textContent).toContain('Léo (enfant)');
    expect(within(card).getByRole('region', { name: 'Sessions ouvertes' }).textContent).toContain(
      'Tizen · Samsung QE55',
    );
    expect(within(card).getByRole('region', { name: 'Abonnements' }).textContent).toMatch(
      /Playz mensuel · CreditCard · Active · 6,99\s€/,
    );
    expect(within(card).getByRole('region', { name: 'Mouvements' }).textContent).toContain('b0b0b0b0b0b0b0b0b0b0b0b0');
    expect(window.location.search).toBe('?q=abonne');

    fireEvent.click(within(card).getByRole('button', { name: 'Déconnecter de tous les appareils' }));
    expect((await screen.findByRole('status')).textContent).toBe('1 session(s) fermée(s).');
    await within(card).findByText('Aucune session ouverte.');
    expect(within(card).queryByRole('button', { name: 'Déconnecter de tous les appareils' })).toBeNull();
    expect(api.calls.map((c) => c.route)).toContain('POST /customers/42/sessions/end');
  });

  it('finance reads the card but is offered no sign-out; nothing found says so', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /customers': () => ({ response: { customers: [] } }),
      'GET /customers/42': () => ({ response: CARD }),
    });
    renderAt('/customers/42?q=zzz');
    await screen.findByText('Aucun client ne correspond.');
    expect(screen.queryAllByRole('link', { name: /@/ })).toEqual([]);
    await screen.findByRole('article', { name: 'Alex Abonné' });
    expect(screen.queryByRole('button', { name: 'Déconnecter de tous les appareils' })).toBeNull();
  });
});
