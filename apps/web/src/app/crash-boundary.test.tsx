import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { makeApp, makeCustomer } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// A page that throws while rendering: the testimonials page stands for any of them.
vi.mock('@/features/testimonials/components/testimonials-page', () => ({
  TestimonialsPage: () => {
    throw new Error('the page broke');
  },
}));

const server = { 'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } } };

afterEach(() => vi.restoreAllMocks());

describe('a page that crashes while rendering (spec 1 §2 error pages, decision 132)', () => {
  it('shows the server-error page and logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/temoignages', server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Erreur serveur' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('[web] page crashed', expect.objectContaining({ message: 'the page broke' }));
  });

  it('another location renders the pages again (back, a link)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderApp('/temoignages', server);
    await screen.findByRole('heading', { level: 1, name: 'Erreur serveur' });
    await act(() => app.router.navigate('/error/not-found'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeInTheDocument();
  });
});
