import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
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
};

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}

describe('offers in the console (decision 090; spec 3)', () => {
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
    ).toBeTruthy();
  });

  it('an editor is refused the section and not shown it', async () => {
    const api = fakeConsoleApi({ 'GET /session': () => ({ response: { staff: EDITOR } }) });
    renderAt('/offers');
    await screen.findByText('Cette section n’est pas ouverte à vos rôles.');
    expect(screen.queryByRole('link', { name: 'Offres' })).toBeNull();
    expect(api.calls.map((c) => c.route)).toEqual(['GET /session']);
  });
});
