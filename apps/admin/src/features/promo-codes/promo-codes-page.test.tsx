import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const FINANCE = { ...ANA, id: 4, email: 'fin@playz.fr', name: 'Fin', roles: ['finance'] };
const SUPPORT = { ...ANA, id: 3, email: 'sam@playz.fr', name: 'Sam', roles: ['support'] };

const code = (over: Record<string, unknown>) => ({
  code: 'BIENVENUE',
  campaign: { id: 2, name: 'Code BIENVENUE', days: 7, endsAt: null },
  maxRedemptions: null,
  redeemed: 12,
  expiresAt: null,
  disabledAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  state: 'live',
  ...over,
});

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}

describe('promo codes in the console (decision 090; spec 1 §2)', () => {
  it('spec 1 §2: an editor sees each code with its use, creates a capped code with an expiry and disables one', async () => {
    let codes = [code({})];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /promo-codes': () => ({ response: { promoCodes: codes } }),
      'POST /promo-codes': (body) => {
        const made = code({
          code: 'NOEL-2026',
          maxRedemptions: 500,
          redeemed: 0,
          campaign: { id: 3, name: 'x', days: 14, endsAt: null },
        });
        codes = [made, ...codes];
        return { response: { promoCode: made, body } };
      },
      'POST /promo-codes/BIENVENUE/disable': () => {
        codes = codes.map((c) => (c.code === 'BIENVENUE' ? { ...c, state: 'disabled' } : c));
        return { response: { promoCode: codes[1], repeated: false } };
      },
    });
    renderAt('/promo-codes');
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /BIENVENUE/ });
    expect(row.textContent).toContain('7 jours');
    expect(row.textContent).toContain('12');
    expect(row.textContent).toContain('Jamais');
    expect(row.textContent).toContain('Actif');

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'noel-2026' } });
    fireEvent.change(screen.getByLabelText('Jours gratuits'), { target: { value: '14' } });
    fireEvent.change(screen.getByLabelText('Nombre maximum d’utilisations'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Dernier jour de validité (facultatif)'), {
      target: { value: '2027-01-06' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Créer le code' }));
    expect((await screen.findByRole('status')).textContent).toBe('Code NOEL-2026 créé.');
    expect(api.calls.find((c) => c.route === 'POST /promo-codes')?.body).toEqual({
      code: 'NOEL-2026',
      days: 14,
      maxRedemptions: 500,
      expiresAt: '2027-01-06T23:59:59Z',
    });
    expect((await screen.findByRole('row', { name: /NOEL-2026/ })).textContent).toContain('0 / 500');

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(within(screen.getByRole('row', { name: /BIENVENUE/ })).getByRole('button', { name: 'Désactiver' }));
    await within(table).findByText('Désactivé');
    expect(within(screen.getByRole('row', { name: /BIENVENUE/ })).queryByRole('button')).toBeNull();
  });

  it('spec 1 §2: a refused code says why; finance opens a code and goes from a redeemer to the customer card', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /promo-codes': () => ({ response: { promoCodes: [code({})] } }),
      'POST /promo-codes': () => ({ status: 400, number: 3 }),
      'GET /promo-codes/BIENVENUE': () => ({
        response: {
          promoCode: code({ maxRedemptions: 20 }),
          redeemers: [
            {
              customerId: 42,
              login: 'abonne@playz.fr',
              name: 'Alex',
              redeemedAt: '2026-11-20T10:00:00.000Z',
              deleted: false,
            },
            { customerId: 43, login: null, name: '', redeemedAt: '2026-11-19T10:00:00.000Z', deleted: true },
          ],
        },
      }),
    });
    renderAt('/promo-codes');
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: 'BIENVENUE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer le code' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/il existe déjà/);

    fireEvent.click(screen.getByRole('link', { name: 'BIENVENUE' }));
    const card = await screen.findByRole('article', { name: 'BIENVENUE' });
    expect(card.textContent).toContain('12 / 20');
    const redeemers = within(card).getByRole('region', { name: 'Comptes qui l’ont utilisé' });
    expect(within(redeemers).getByRole('link', { name: 'abonne@playz.fr' }).getAttribute('href')).toBe(
      '/admin/customers/42',
    );
    // A deleted account is named as such, without a link.
    expect(redeemers.textContent).toContain('Compte supprimé');
    expect(within(redeemers).getAllByRole('link')).toHaveLength(1);
  });

  it('an editor sees redeemers without a link to the customer card (support and finance only); support cannot open the section', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /promo-codes/BIENVENUE': () => ({
        response: {
          promoCode: code({}),
          redeemers: [{ customerId: 42, login: 'abonne@playz.fr', name: 'Alex', redeemedAt: null, deleted: false }],
        },
      }),
    });
    const { unmount } = renderAt('/promo-codes/BIENVENUE');
    const card = await screen.findByRole('article', { name: 'BIENVENUE' });
    expect(card.textContent).toContain('abonne@playz.fr');
    expect(within(card).queryByRole('link', { name: 'abonne@playz.fr' })).toBeNull();
    unmount();

    fakeConsoleApi({ 'GET /session': () => ({ response: { staff: SUPPORT } }) });
    renderAt('/promo-codes');
    await screen.findByText('Cette section n’est pas ouverte à vos rôles.');
    expect(screen.queryByRole('link', { name: 'Codes promo' })).toBeNull();
  });
});
