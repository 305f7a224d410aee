import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const SUPPORT = { ...ANA, id: 3, email: 'sam@playz.fr', name: 'Sam', roles: ['support'] };
const FINANCE = { ...ANA, id: 4, email: 'fin@playz.fr', name: 'Fin', roles: ['finance'] };

const customer = (id: number, login: string) => ({
  id,
  uid: `u-${id}`,
  login,
  name: `Client ${id}`,
  phone: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  deleted: false,
});

/** Two pages per list: the first answers `next: 'p2'`, the second (after=p2) `next: null`. */
const CUSTOMER_PAGES: Record<string, { customers: ReturnType<typeof customer>[]; next: string | null }> = {
  '|': { customers: [customer(9, 'neuf@playz.fr'), customer(8, 'huit@playz.fr')], next: 'p2' },
  '|p2': { customers: [customer(7, 'sept@playz.fr')], next: null },
  'jean|': { customers: [customer(6, 'jean.6@playz.fr')], next: 'j2' },
  'jean|j2': { customers: [customer(2, 'jean.2@playz.fr')], next: null },
};

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('console lists paged by keyset (decision 110)', () => {
  it('spec 1 §8 customers: the newest accounts page by page, next and previous; a search starts again at its first page and keeps its words', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: SUPPORT } }),
      'GET /customers': (_, url) => ({
        response: CUSTOMER_PAGES[`${url.searchParams.get('q') ?? ''}|${url.searchParams.get('after') ?? ''}`],
      }),
    });
    renderAt('/customers');
    expect(await screen.findByRole('heading', { name: 'Derniers comptes créés' })).toBeInTheDocument();
    await screen.findByRole('link', { name: /neuf@playz.fr/ });
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager.textContent).toContain('Page 1');
    expect((screen.getByRole('button', { name: 'Page précédente' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await screen.findByRole('link', { name: /sept@playz.fr/ });
    expect(screen.queryByRole('link', { name: /neuf@playz.fr/ })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 2');
    expect((screen.getByRole('button', { name: 'Page suivante' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    await screen.findByRole('link', { name: /neuf@playz.fr/ });

    // A search: its first page (no cursor of the unfiltered list), then its own next page with its words.
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await screen.findByRole('link', { name: /sept@playz.fr/ });
    fireEvent.change(screen.getByLabelText(/E-mail, numéro de mobile/), { target: { value: 'jean' } });
    fireEvent.click(screen.getByRole('button', { name: 'Chercher' }));
    await screen.findByRole('link', { name: /jean.6@playz.fr/ });
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 1');
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await screen.findByRole('link', { name: /jean.2@playz.fr/ });
    expect(window.location.search).toBe('?q=jean');
    const asked = api.calls.filter((c) => c.route === 'GET /customers').map((c) => c.url.search);
    // Each page asked with its own cursor and the search's words (a page shown again may be asked again).
    expect([...new Set(asked)]).toEqual(['', '?after=p2', '?q=jean', '?q=jean&after=j2']);
  });

  it('spec 1 §2 promo codes: the list pages by cursor; a single page shows no pager', async () => {
    const code = (name: string) => ({
      code: name,
      campaign: { id: 1, name: `Code ${name}`, days: 7, endsAt: null },
      maxRedemptions: null,
      redeemed: 0,
      expiresAt: null,
      disabledAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      createdBy: null,
      state: 'live',
    });
    let pages = true;
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /promo-codes': (_, url) => ({
        response: !pages
          ? { promoCodes: [code('SEUL')], next: null }
          : url.searchParams.get('after') === 'c2'
            ? { promoCodes: [code('HIVER')], next: null }
            : { promoCodes: [code('NOEL')], next: 'c2' },
      }),
    });
    renderAt('/promo-codes');
    await screen.findByRole('link', { name: 'NOEL' });
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await screen.findByRole('link', { name: 'HIVER' });
    expect(screen.queryByRole('link', { name: 'NOEL' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    await screen.findByRole('link', { name: 'NOEL' });
    cleanup();
    pages = false;
    renderAt('/promo-codes');
    await screen.findByRole('link', { name: 'SEUL' });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull());
  });
});
