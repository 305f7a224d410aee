import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeApp, makeContent, makeList, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const episode = (id: number, title: string) =>
  makeContent(id, {
    contentType: 'Episode',
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    contentListID: 2101,
    seriesID: 2001,
    seriesSlug: 'brigade-du-port',
    seasonSlug: 'saison-1',
  });

function server(extra: Record<string, MockHandler> = {}) {
  return {
    'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
    'GET /categories/': {
      response: {
        Categories: [
          { ID: 1, name: 'Comédie', slug: 'comedie' },
          { ID: 2, name: 'Documentaire', slug: 'documentaire' },
        ],
      },
    },
    'GET /category/2': {
      response: {
        Category: {
          ID: 2,
          name: 'Documentaire',
          slug: 'documentaire',
          contents: [makeContent(1003, { title: 'Les Aurores' }), makeContent(1007, { title: 'Grand Large' })],
        },
      },
    },
    'GET /category/99': { error: 23, message: 'category not found', status: 404 },
    'GET /content-collection/1': {
      response: {
        ContentCollection: {
          ID: 1,
          name: 'À la une',
          channelID: null,
          items: [
            { type: 'Content', Content: makeContent(1003, { title: 'Les Aurores' }) },
            { type: 'ContentList', ContentList: makeList(2002, { name: 'Grand Nord' }) },
            { type: 'Category', Category: { ID: 2, name: 'Documentaire' } },
            { type: 'ContentCollection', ContentCollection: { ID: 2, name: 'Sketches' } },
          ],
        },
      },
    },
    'GET /characters/': {
      response: {
        Characters: [
          { ID: 1, name: 'Lina Roux', description: 'Commissaire.', imageUrl: '/media/c/1.jpg', contentListID: 2001 },
          { ID: 3, name: 'Aputsiaq', description: 'Guide inuit.', imageUrl: null, contentListID: 2002 },
        ],
      },
    },
    'GET /character/1': {
      response: {
        Character: {
          ID: 1,
          name: 'Lina Roux',
          description: 'Commissaire de la brigade, née sur le Vieux-Port.',
          imageUrl: '/media/c/1.jpg',
          contentListID: 2001,
          contents: [episode(21011, 'Le Conteneur'), episode(21012, 'La Relève')],
        },
      },
    },
    'GET /games': {
      response: {
        Games: [
          { ID: 1, name: '2048', url: 'https://play2048.co/', preview: null },
          { ID: 2, name: 'Sudoku', url: 'https://sudoku.com/', preview: '/media/g/2.jpg' },
        ],
      },
    },
    'GET /comedy/show': {
      response: {
        ContentCollection: {
          ID: 2,
          name: 'Sketches',
          channelID: 12,
          items: [{ type: 'Content', Content: makeContent(3001, { title: 'Le Répondeur' }) }],
        },
        Collection: [makeContent(1005, { title: 'Les Copains' })],
      },
    },
    ...extra,
  } satisfies Record<string, MockHandler>;
}

describe('categories (spec 2 §7 /categories/, /category/{id})', () => {
  it('spec 2 §7 /categories/: lists every category as a tile opening its page', async () => {
    renderApp('/categories', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Catégories' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Comédie' })).toHaveAttribute('href', '/category/1');
    expect(screen.getByRole('link', { name: 'Documentaire' })).toHaveAttribute('href', '/category/2');
    // Every card a viewer can follow, in the API's order, and nothing else in the grid.
    const grid = screen.getByRole('link', { name: 'Comédie' }).closest('ul')!;
    expect(
      within(grid)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/category/1', '/category/2']);
  });

  it('spec 2 §7 /category/{id}: shows the category’s contents, each opening its player', async () => {
    renderApp('/category/2', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentaire' })).toBeInTheDocument();
    expect(screen.getByText('2 programmes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Les Aurores 2024' })).toHaveAttribute('href', '/content/1003/film-1003');
    expect(screen.getByRole('link', { name: 'Grand Large 2024' })).toHaveAttribute('href', '/content/1007/film-1007');
  });

  it('spec 2 §7 /category/{id}: holds the grid’s place while the category loads', async () => {
    renderApp('/category/2', server({ 'GET /category/2': () => new Promise(() => undefined) }));
    const grid = await screen.findByRole('list', { busy: true });
    expect(within(grid).queryAllByRole('link')).toHaveLength(0);
  });

  it('spec 2 §8 error 23: an unknown category shows the not-found page', async () => {
    renderApp('/category/99', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeInTheDocument();
  });

  it('a category path without a numeric id shows the not-found page without calling the API', async () => {
    const app = renderApp('/category/comedie', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeInTheDocument();
    expect(app.requests.some((request) => request.path.startsWith('/category/'))).toBe(false);
  });
});

describe('content collection (spec 2 §3, §7 /content-collection/{id})', () => {
  it('spec 2 §7 /content-collection/{id}: shows every typed item in order, lists, categories and collections included', async () => {
    renderApp('/content-collection/1', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'À la une' })).toBeInTheDocument();
    const links = within(screen.getByRole('list', { name: 'À la une' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Les Aurores 2024', '/content/1003/film-1003'],
      ['Grand Nord', '/series/2002/serie-2002'],
      ['Documentaire Catégorie', '/category/2'],
      ['Sketches Sélection', '/content-collection/2'],
    ]);
    // The tile bears the name once, the caption under it says what it is (decision 060).
    const category = screen.getByRole('link', { name: 'Documentaire Catégorie' });
    expect(within(category).getAllByText('Documentaire')).toHaveLength(1);
    expect(within(category).getByText('Catégorie')).toBeInTheDocument();
  });
});

describe('characters (spec 2 §7 /characters/, /character/{id})', () => {
  it('spec 2 §7 /characters/: lists every character as a portrait opening their page', async () => {
    renderApp('/characters', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Personnages' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Lina Roux' })).toHaveAttribute('href', '/character/1');
    expect(screen.getByRole('link', { name: 'Aputsiaq' })).toHaveAttribute('href', '/character/3');
  });

  it('spec 2 §7 /character/{id}: shows who they are, their series and the episodes they appear in', async () => {
    renderApp('/character/1', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Lina Roux' })).toBeInTheDocument();
    expect(screen.getByText('Commissaire de la brigade, née sur le Vieux-Port.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir la série' })).toHaveAttribute('href', '/series/2001/brigade-du-port');
    const episodes = within(screen.getByRole('region', { name: 'Où le retrouver' })).getAllByRole('link');
    expect(episodes.map((link) => link.getAttribute('href'))).toEqual([
      '/series/2001/brigade-du-port/season/2101/saison-1/episode/21011/le-conteneur',
      '/series/2001/brigade-du-port/season/2101/saison-1/episode/21012/la-relève',
    ]);
  });

  it('spec 2 §8 error 25: an unknown character shows the not-found page', async () => {
    renderApp(
      '/character/7',
      server({ 'GET /character/7': { error: 25, message: 'character not found', status: 404 } }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeInTheDocument();
  });
});

describe('games (spec 2 §3 Game, §7 /games)', () => {
  it('spec 2 §7 /games: each game opens its own site in a new tab, without a handle on the page', async () => {
    renderApp('/games', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Jeux' })).toBeInTheDocument();
    const game = await screen.findByRole('link', { name: '2048 Nouvel onglet' });
    expect(game).toHaveAttribute('href', 'https://play2048.co/');
    expect(game).toHaveAttribute('target', '_blank');
    expect(game).toHaveAttribute('rel', 'noopener noreferrer');
    const sudoku = screen.getByRole('link', { name: 'Sudoku Nouvel onglet' });
    expect(sudoku.querySelector('img')).toHaveAttribute('src', '/media/g/2.jpg');
  });

  it('spec 2 §7 /games: says so when the API fails', async () => {
    renderApp('/games', server({ 'GET /games': { networkError: true } }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    // No card to follow: no game's link, no address of another site on the page.
    expect(screen.queryAllByRole('link', { name: /Nouvel onglet/ })).toHaveLength(0);
    expect(document.querySelector('a[href^="https://"]')).toBeNull();
  });
});

describe('comedy (spec 2 §1 comedy genre, §7 /comedy/show)', () => {
  it('spec 2 §7 /comedy/show: shows the sketches as a row opening their collection, then every comedy', async () => {
    renderApp('/comedy', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Humour' })).toBeInTheDocument();
    const sketches = await screen.findByRole('region', { name: 'Sketches' });
    expect(within(sketches).getByRole('link', { name: 'Sketches' })).toHaveAttribute('href', '/content-collection/2');
    expect(within(sketches).getByRole('link', { name: 'Le Répondeur 2024' })).toHaveAttribute(
      'href',
      '/content/3001/film-3001',
    );
    const all = screen.getByRole('region', { name: 'Toutes les comédies' });
    expect(within(all).getByRole('link', { name: 'Les Copains 2024' })).toHaveAttribute(
      'href',
      '/content/1005/film-1005',
    );
  });
});

describe('in English (CONVENTIONS §11)', () => {
  it('names the pages in the viewer’s language', async () => {
    renderApp('/characters', {
      ...server(),
      'GET /data': { response: { App: makeApp(), Customer: subscriber({ locale: 'en' }) } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Characters' })).toBeInTheDocument();
    // The cards are the same links in any language.
    expect(await screen.findByRole('link', { name: 'Lina Roux' })).toHaveAttribute('href', '/character/1');
    expect(screen.getByRole('link', { name: 'Aputsiaq' })).toHaveAttribute('href', '/character/3');
  });
});
