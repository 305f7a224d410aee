import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const FINANCE = { ...ANA, id: 4, email: 'fin@playz.fr', name: 'Fin', roles: ['finance'] };
const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const MONTHLY = {
  id: 11,
  productId: 1,
  product: 'Playz',
  name: 'Playz mensuel',
  type: 'Subscription',
  billingType: 'CreditCard',
  priceCents: 699,
  currency: 'EUR',
  durationUnit: 'Month',
  durationCount: 1,
  freeTrialDays: 7,
  promo: {
    priceCents: 399,
    startDate: '2026-12-01T00:00:00.000Z',
    endDate: '2026-12-31T00:00:00.000Z',
    durationDays: 30,
  },
  sku: null,
  purchaseHours: null,
  hiddenAt: null,
  replacedBy: null,
};

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}

describe('offers in the console (decision 090; spec 3)', () => {
  it('spec 3 §3: finance gives new terms to an offer: a new offer for new subscribers, the old one shown replaced (decision 099)', async () => {
    let offers: object[] = [MONTHLY];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /offers': () => ({ response: { offers } }),
      'POST /offers/11/replace': (body) => {
        const made = { ...MONTHLY, id: 21, priceCents: 799, freeTrialDays: 0, promo: null };
        const replaced = { ...MONTHLY, hiddenAt: '2026-11-29T10:00:00.000Z', replacedBy: 21 };
        offers = [made, replaced];
        expect(body).toEqual({
          name: 'Playz mensuel',
          priceCents: 799,
          durationUnit: 'Month',
          durationCount: 1,
          freeTrialDays: 0,
          promo: null,
          sku: null,
        });
        return { response: { offer: made, replaced } };
      },
    });
    renderAt('/offers');
    const row = await screen.findByRole('row', { name: /Playz mensuel/ });
    expect(row.textContent).toContain('En vente');
    fireEvent.click(within(row).getByRole('button', { name: 'Nouvelles conditions' }));
    const form = screen.getByRole('form', { name: 'Nouvelles conditions pour Playz mensuel (#11)' });
    fireEvent.change(within(form).getByLabelText('Prix (EUR)'), { target: { value: '7,99' } });
    fireEvent.change(within(form).getByLabelText('Jours d’essai gratuit'), { target: { value: '0' } });
    fireEvent.click(within(form).getByLabelText('Prix promotionnel'));
    fireEvent.click(within(form).getByRole('button', { name: 'Créer la nouvelle offre' }));
    expect((await screen.findByRole('status')).textContent).toBe('L’offre #21 est en vente ; #11 est masquée.');
    await waitFor(() => expect(screen.getAllByRole('row', { name: /Playz mensuel/ })).toHaveLength(2));
    expect(screen.getByRole('row', { name: /#11/ }).textContent).toContain('Remplacée par #21');
    // A replaced offer is neither given new terms again nor put back on sale.
    expect(within(screen.getByRole('row', { name: /#11/ })).queryByRole('button')).toBeNull();
    expect(api.calls.filter((c) => c.route === 'POST /offers/11/replace')).toHaveLength(1);
    // Role queries over a wide table are slow in jsdom on a loaded machine: more room than the default 5 s.
  }, 30_000);

  it('spec 3 §3: finance hides an offer and puts it back on sale (decision 099)', async () => {
    let hiddenAt: string | null = null;
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /offers': () => ({ response: { offers: [{ ...MONTHLY, hiddenAt }] } }),
      'POST /offers/11/hide': () => {
        hiddenAt = '2026-11-29T10:00:00.000Z';
        return { response: { offer: { ...MONTHLY, hiddenAt }, repeated: false } };
      },
      'POST /offers/11/show': () => {
        hiddenAt = null;
        return { response: { offer: MONTHLY, repeated: false } };
      },
    });
    renderAt('/offers');
    fireEvent.click(await screen.findByRole('button', { name: 'Masquer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remettre en vente' }));
    await screen.findByRole('button', { name: 'Masquer' });
    expect(screen.getByRole('row', { name: /Playz mensuel/ }).textContent).toContain('En vente');
  });

  it('spec 3: finance sees each offer with its product, price, term, free trial and promotional price', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /offers': () => ({
        response: {
          offers: [
            MONTHLY,
            {
              ...MONTHLY,
              id: 12,
              name: 'Playz annuel',
              priceCents: 6990,
              durationUnit: 'Year',
              freeTrialDays: 0,
              promo: null,
              billingType: 'AppStore',
              sku: 'playz.annual',
            },
          ],
        },
      }),
    });
    renderAt('/offers');
    const monthly = await screen.findByRole('row', { name: /Playz mensuel/ });
    expect(monthly.textContent).toMatch(/6,99\s€/);
    expect(monthly.textContent).toContain('1 mois');
    expect(monthly.textContent).toContain('7 jours');
    expect(monthly.textContent).toMatch(/3,99\s€ du 1 déc\. 2026 au 31 déc\. 2026/);
    const annual = screen.getByRole('row', { name: /Playz annuel/ });
    expect(annual.textContent).toContain('1 an(s)');
    expect(annual.textContent).toContain('Aucun');
    expect(annual.textContent).toContain('AppStore · playz.annual');
    expect(
      within(screen.getByRole('navigation', { name: 'Sections de la console' })).getByRole('link', { name: 'Offres' }),
    ).toBeInTheDocument();
  });

  it('an editor is refused the section and not shown it', async () => {
    const api = fakeConsoleApi({ 'GET /session': () => ({ response: { staff: EDITOR } }) });
    renderAt('/offers');
    await screen.findByText('Cette section n’est pas ouverte à vos rôles.');
    expect(screen.queryByRole('link', { name: 'Offres' })).toBeNull();
    expect(api.calls.map((c) => c.route)).toEqual(['GET /session']);
  });
});
