import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const summary = (id: number, title: string) => ({
  id,
  title,
  published: true,
  posterUrl: null,
  seasons: 1,
  episodes: 3,
});

afterEach(() => vi.unstubAllGlobals());

// Renders the whole console and goes through several answers on a shared machine: a limit, not a measure.
const LIMIT = { timeout: 20_000 };

describe('the console finds a series by a translated title (decision 117)', LIMIT, () => {
  it('spec console §Catalogue: the search sends q from the first page, lists what is found, and says when nothing is', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /series': (_body, url) => {
        const q = url.searchParams.get('q');
        if (q === null)
          return {
            response: {
              series: [summary(9002, 'Les Naufrageurs'), summary(9001, 'Les Gardiens du phare')],
              next: 9001,
            },
          };
        return { response: { series: q === 'lighthouse' ? [summary(9001, 'Les Gardiens du phare')] : [], next: null } };
      },
    });
    window.history.pushState({}, '', '/admin/series');
    render(<App locale="en" />);
    // The page's first answer: the route's code is loaded on first use (slow on a loaded machine).
    await screen.findByRole('link', { name: 'Les Naufrageurs' }, { timeout: 15_000 });
    // The next page first: a search then starts again at the first page, without the cursor.
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const search = screen.getByRole('search', { name: 'Find a series by its title (fr, en, nl or es)' });
    fireEvent.change(within(search).getByRole('searchbox'), { target: { value: ' lighthouse ' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Find' }));
    await screen.findByRole('link', { name: 'Les Gardiens du phare' });
    expect(screen.queryByRole('link', { name: 'Les Naufrageurs' })).toBeNull();
    const asked = api.calls.filter((c) => c.route === 'GET /series' && c.url.searchParams.has('q')).at(-1)!;
    expect(asked.url.searchParams.get('q')).toBe('lighthouse');
    expect(asked.url.searchParams.has('after')).toBe(false);

    fireEvent.change(within(search).getByRole('searchbox'), { target: { value: 'zeppelin' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Find' }));
    await screen.findByText('No series has this title.');
  });

  it('spec console §Catalogue: the search is labelled in French', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /series': () => ({ response: { series: [], next: null } }),
    });
    window.history.pushState({}, '', '/admin/series');
    render(<App locale="fr" />);
    const search = await screen.findByRole(
      'search',
      { name: 'Trouver une série par son titre (fr, en, nl ou es)' },
      { timeout: 15_000 },
    );
    expect(within(search).getByRole('button', { name: 'Trouver' })).toBeDefined();
    // No search asked: an empty list is not said to be a search that found nothing.
    expect(screen.queryByText('Aucune série ne porte ce titre.')).toBeNull();
  });
});
