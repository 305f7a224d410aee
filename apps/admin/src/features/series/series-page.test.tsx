import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const text = (title: string) => ({ title, synopsis: '' });
const texts = (fr: string) => ({ fr: text(fr), en: text(''), nl: text(''), es: text('') });
const episode = (contentId: number, number: number, title: string, live = true) => ({
  contentId,
  number,
  title,
  duration: 1500,
  posterUrl: null,
  live,
});
type Series = {
  id: number;
  texts: ReturnType<typeof texts>;
  rating: number;
  published: boolean;
  posterUrl: string | null;
  seasons: { id: number; number: number; name: string; episodes: ReturnType<typeof episode>[] }[];
};
const veilleurs = (): Series => ({
  id: 9001,
  texts: texts('Les Veilleurs'),
  rating: 12,
  published: false,
  posterUrl: null,
  seasons: [
    {
      id: 9101,
      number: 1,
      name: 'Saison 1',
      episodes: [
        episode(11, 1, 'Le Phare', false),
        episode(12, 2, 'La Digue', false),
        episode(13, 3, 'Le Port', false),
      ],
    },
  ],
});

function renderAt(path: string, locale: 'fr' | 'en' = 'fr') {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale={locale} />);
}
const episodeTitles = () =>
  within(screen.getByRole('region', { name: 'Saison 1' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.episode-title')!.firstChild!.textContent!.trim());

afterEach(() => vi.unstubAllGlobals());

// Each test renders the whole console and goes through several answers: on the shared two-core
// machine that came near vitest's default 5 s. A limit, not a measure.
const LIMIT = { timeout: 20_000 };

describe('series in the console (decision 105; spec 2 §7 Series)', LIMIT, () => {
  it('spec 2 GET /season/{id}: an editor moves an episode with the keyboard; the new order is sent, announced, the focus stays', async () => {
    let series = veilleurs();
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /series/9001': () => ({ response: { series } }),
      'POST /seasons/9101/episodes/order': (body) => {
        const ids = (body as { contentIds: number[] }).contentIds;
        const old = series.seasons[0]!.episodes;
        series = {
          ...series,
          seasons: [
            {
              ...series.seasons[0]!,
              episodes: ids.map((id, i) => ({ ...old.find((e) => e.contentId === id)!, number: i + 1 })),
            },
          ],
        };
        return { response: { series } };
      },
    });
    renderAt('/series/9001');
    await screen.findByRole('heading', { name: 'Les Veilleurs' });
    expect(episodeTitles()).toEqual(['Le Phare', 'La Digue', 'Le Port']);
    expect(screen.getByRole('button', { name: 'Avancer Le Phare' })).toHaveProperty('disabled', true);

    const later = screen.getByRole('button', { name: 'Reculer Le Phare' });
    later.focus();
    fireEvent.click(later);
    await waitFor(() => expect(episodeTitles()).toEqual(['La Digue', 'Le Phare', 'Le Port']));
    expect(api.calls.find((c) => c.route === 'POST /seasons/9101/episodes/order')?.body).toEqual({
      contentIds: [12, 11, 13],
    });
    expect(screen.getByRole('status').textContent).toBe('Le Phare est maintenant l’épisode 2.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reculer Le Phare' })));
  });

  it('spec 2 §8: a content already in another series is refused, said in the editor’s language; publishing shows the new state', async () => {
    let series = veilleurs();
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /series/9001': () => ({ response: { series } }),
      'GET /schedule/contents': () => ({
        response: { contents: [{ id: 2201, title: 'Pilote', type: 'Episode', duration: 1500, rating: 0 }] },
      }),
      'POST /seasons/9101/episodes': () => ({ status: 400, number: 3, message: 'series.taken' }),
      'POST /series/9001/publish': () => {
        series = {
          ...series,
          published: true,
          seasons: series.seasons.map((s) => ({ ...s, episodes: s.episodes.map((e) => ({ ...e, live: true })) })),
        };
        return { response: { series } };
      },
    });
    renderAt('/series/9001', 'en');
    await screen.findByRole('heading', { name: 'Les Veilleurs' });
    const search = screen.getByRole('search', { name: 'Add an episode to season 1 (title)' });
    fireEvent.change(within(search).getByRole('searchbox'), { target: { value: 'pilote' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Pilote' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'This content is already an episode (of this series or another) or part of a list.',
      ),
    );
    expect(api.calls.find((c) => c.route === 'POST /seasons/9101/episodes')?.body).toEqual({ contentId: 2201 });

    expect(screen.getByText('Not published')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Publish the series' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('The series is published: the apps show it.'),
    );
    expect(screen.getByRole('button', { name: 'Unpublish the series' })).toBeInTheDocument();
  });

  it('decision 105: the texts are sent in four languages with the rating', async () => {
    const series = veilleurs();
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /series/9001': () => ({ response: { series } }),
      'POST /series/9001': (body) => ({ response: { series: { ...series, ...(body as object) } } }),
    });
    renderAt('/series/9001');
    await screen.findByRole('heading', { name: 'Les Veilleurs' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Titre (Néerlandais)' }), {
      target: { value: 'De Wachters' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Série enregistrée.'));
    const sent = api.calls.find((c) => c.route === 'POST /series/9001')?.body as {
      texts: { nl: { title: string }; fr: { title: string } };
      rating: number;
    };
    expect(sent).toMatchObject({ rating: 12, texts: { fr: { title: 'Les Veilleurs' }, nl: { title: 'De Wachters' } } });
  });
});

describe('collections in the console (decision 105; spec 2 §7 GET /content-collection/{id})', LIMIT, () => {
  it('the list pages by its numeric cursor, and a new collection is made with its French title only, then opened', async () => {
    const row = (id: number, title: string) => ({ id, title, hiddenAt: null, items: 2 });
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /collections': (_body, url) =>
        url.searchParams.get('after') === '40'
          ? { response: { collections: [row(39, 'Polars')], next: null } }
          : { response: { collections: [row(41, 'Nuits blanches'), row(40, 'Comédies')], next: 40 } },
      'POST /collections': (body) => ({ response: { collection: { id: 42, ...(body as object), hiddenAt: null } } }),
      'GET /collections/42': () => ({
        response: { collection: { id: 42, texts: texts('Documentaires'), hiddenAt: null, items: [] } },
      }),
    });
    window.history.pushState({}, '', '/admin/collections');
    render(<App locale="fr" />);
    await screen.findByRole('link', { name: 'Nuits blanches' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await screen.findByRole('link', { name: 'Polars' });
    expect(
      api.calls
        .filter((c) => c.route === 'GET /collections')
        .at(-1)!
        .url.searchParams.get('after'),
    ).toBe('40');

    fireEvent.change(screen.getByLabelText('Titre en français de la nouvelle collection'), {
      target: { value: 'Documentaires' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la collection' }));
    await screen.findByRole('link', { name: '← Toutes les collections' });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/collections/42'));
    expect(api.calls.find((c) => c.route === 'POST /collections')!.body).toEqual({
      texts: texts('Documentaires'),
      items: [],
    });
  });

  it('an editor reorders and adds items, then saves them in one call; a refusal is said', async () => {
    let collection = {
      id: 41,
      texts: texts('Nuits blanches'),
      hiddenAt: null as string | null,
      items: [
        { type: 'Content', id: 1001, title: 'Le Train', posterUrl: null, live: true },
        { type: 'ContentList', id: 2001, title: 'Les Enquêtes', posterUrl: null, live: true },
      ],
    };
    let refuse = true;
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /collections/41': () => ({ response: { collection } }),
      'GET /schedule/contents': () => ({
        response: { contents: [{ id: 1003, title: 'La Nuit', type: 'Film', duration: 5400, rating: 0 }] },
      }),
      'POST /collections/41': (body) => {
        if (refuse) {
          refuse = false;
          return { status: 400, number: 3, message: 'collection.repeated' };
        }
        const sent = body as { items: { type: string; id: number }[] };
        collection = {
          ...collection,
          items: sent.items.map((i) => ({ ...i, title: i.id === 1003 ? 'La Nuit' : 'x', posterUrl: null, live: true })),
        };
        return { response: { collection } };
      },
      'POST /collections/41/hide': () => {
        collection = { ...collection, hiddenAt: '2026-11-29T10:00:00.000Z' };
        return { response: { collection } };
      },
    });
    renderAt('/collections/41');
    await screen.findByRole('heading', { name: 'Nuits blanches' });
    const down = screen.getByRole('button', { name: 'Reculer Le Train' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Avancer Le Train' })));
    expect(screen.getByRole('status').textContent).toBe('Le Train est maintenant à la place 2 (à enregistrer).');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nuit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Chercher' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter La Nuit' }));
    expect(screen.getByText('Modifications non enregistrées.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Un même contenu figure deux fois dans la collection.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Collection enregistrée : les applications la montrent ainsi.',
      ),
    );
    const saves = api.calls.filter((c) => c.route === 'POST /collections/41');
    expect((saves[1]!.body as { items: unknown }).items).toEqual([
      { type: 'ContentList', id: 2001 },
      { type: 'Content', id: 1001 },
      { type: 'Content', id: 1003 },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Masquer la collection' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'La collection est masquée : elle a quitté les applications.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Afficher la collection' })).toBeInTheDocument();
  });
});
