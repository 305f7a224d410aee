import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { renderTv, type Handler } from '@/test/render-tv';

// Decision 060: the other catalogue on the TV, reached from the menu's Explore entry and by D-pad.

const images = { landscape: null, portrait: null, backdrop: null };
const content = (id: number, title: string) => ({
  contentID: id,
  contentListID: null,
  channelID: null,
  provider: 'CMS',
  providerID: null,
  contentType: 'Film',
  enabled: true,
  title,
  description: '',
  shareUrl: '',
  thumbnailUrl: null,
  previewUrl: null,
  posterUrl: null,
  images,
  duration: 600,
  aspectRatio: '16:9',
  expirationDate: null,
  status: null,
  playbackTime: null,
  percentage: null,
  metadata: {},
  productPriceID: null,
  episodeNumber: null,
  slug: 'x',
  seriesID: null,
  seriesSlug: null,
  seasonSlug: null,
});

const API: Record<string, Handler> = {
  'GET /data': {
    response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: { logged: false, consent: null } },
  },
  'GET /categories/': {
    response: {
      Categories: [
        { ID: 1, name: 'Comédie', slug: 'comedie' },
        { ID: 2, name: 'Documentaire', slug: 'documentaire' },
      ],
    },
  },
  'GET /characters/': {
    response: {
      Characters: [{ ID: 1, name: 'Lina Roux', description: 'Commissaire.', imageUrl: null, contentListID: 2001 }],
    },
  },
  'GET /comedy/show': {
    response: {
      ContentCollection: {
        ID: 2,
        name: 'Sketches',
        channelID: null,
        items: [{ type: 'Content', Content: content(3001, 'Le Répondeur') }],
      },
      Collection: [content(1005, 'Les Copains')],
    },
  },
  'GET /games': { response: { Games: [{ ID: 1, name: '2048', url: 'https://play2048.co/', preview: null }] } },
  'GET /category/2': {
    response: {
      Category: { ID: 2, name: 'Documentaire', slug: 'documentaire', contents: [content(1003, 'Les Aurores')] },
    },
  },
  'GET /category/9': { error: 23 },
  'GET /content-collection/1': {
    response: {
      ContentCollection: {
        ID: 1,
        name: 'À la une',
        channelID: null,
        items: [
          { type: 'Content', Content: content(1003, 'Les Aurores') },
          { type: 'Category', Category: { ID: 2, name: 'Documentaire' } },
          { type: 'ContentCollection', ContentCollection: { ID: 2, name: 'Sketches' } },
        ],
      },
    },
  },
  'GET /character/1': {
    response: {
      Character: {
        ID: 1,
        name: 'Lina Roux',
        description: 'Commissaire de la brigade.',
        imageUrl: null,
        contentListID: 2001,
        contents: [content(21011, 'Le Conteneur')],
      },
    },
  },
};

const press = (key: string, keyCode: number) =>
  act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode, key })));
const focusedName = () => document.querySelector('[data-focused]')?.getAttribute('aria-label');

describe('the other catalogue on the TV (spec 2 §7 Other catalogue; decision 060)', () => {
  beforeEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/'));
  afterEach(() => void (document.cookie = 'hasClosedCookieDefaultDialog=; Max-Age=0; Path=/'));

  it('spec 2 §7: Explore shows categories, characters, comedy and games in rows; OK on a category opens it', async () => {
    const { router } = renderTv('/explore', API);
    expect(await screen.findByRole('heading', { level: 1, name: 'Explorer' })).toBeTruthy();
    const rows = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(rows).toEqual(['Catégories', 'Personnages', 'Humour', 'Jeux, à ouvrir sur un téléphone ou un ordinateur']);
    // The game's card shows where to play it.
    expect(screen.getByText('play2048.co')).toBeTruthy();
    // The focus lands on the first category; right moves to the next, OK opens it.
    await waitFor(() => expect(focusedName()).toBe('Comédie'));
    press('ArrowRight', 39);
    await waitFor(() => expect(focusedName()).toBe('Documentaire'));
    press('Enter', 13);
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentaire' })).toBeTruthy();
    await waitFor(() => expect(focusedName()).toBe('Les Aurores'));
  });

  it('spec 2 §3 Content collection: a collection shows every typed item, categories and collections included', async () => {
    renderTv('/content-collection/1', API);
    expect(await screen.findByRole('heading', { level: 1, name: 'À la une' })).toBeTruthy();
    const cards = document.querySelectorAll('.tile');
    expect([...cards].map((card) => card.getAttribute('aria-label'))).toEqual([
      'Les Aurores',
      'Documentaire',
      'Sketches',
    ]);
  });

  it('spec 2 §7 /character/{id}: a character’s page says who they are and lists their episodes', async () => {
    renderTv('/character/1', API);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lina Roux' })).toBeTruthy();
    expect(screen.getByText('Commissaire de la brigade.')).toBeTruthy();
    await waitFor(() => expect(focusedName()).toBe('Le Conteneur'));
  });

  it('spec 2 §8 error 23: an unknown category is the not-found page', async () => {
    renderTv('/category/9', API);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cette page n’existe pas.' })).toBeTruthy();
  });

  it('the menu rail has an Explore entry, and OK on it opens Explore (spec 2 §7 Other catalogue)', async () => {
    const { router } = renderTv('/category/2', API);
    const entry = await screen.findByRole('link', { name: 'Explorer' });
    expect(entry.getAttribute('aria-current')).toBeNull();
    await waitFor(() => expect(focusedName()).toBe('Les Aurores'));
    act(() => void setFocus('menu-/explore'));
    await waitFor(() => expect(entry.hasAttribute('data-focused')).toBe(true));
    press('Enter', 13);
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Explorer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explorer' }).getAttribute('aria-current')).toBe('page');
  });

  it('spec 2 §3 Game: a game is a card with its artwork and name; OK shows where to play it, Back closes', async () => {
    const games = [{ ID: 1, name: '2048', url: 'https://play2048.co/', preview: '/media/g/1.jpg' }];
    const { router } = renderTv('/explore', { ...API, 'GET /games': { response: { Games: games } } });
    await waitFor(() => expect(document.querySelector('.tile[aria-label="2048"]')).not.toBeNull());
    const card = document.querySelector('.tile[aria-label="2048"]')!;
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/g/1.jpg');
    act(() => void setFocus('explore-games-game-1'));
    await waitFor(() => expect(focusedName()).toBe('2048'));
    press('Enter', 13);
    const dialog = await screen.findByRole('dialog', { name: '2048' });
    expect(within(dialog).getByRole('heading', { level: 2, name: '2048' })).toBeTruthy();
    expect(within(dialog).getByText('play2048.co')).toBeTruthy();
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/media/g/1.jpg');
    await waitFor(() => expect(document.querySelector('[data-focused]')?.textContent).toBe('Fermer'));
    // The page stays where it was: a game opens no page on a TV.
    expect(router.state.location.pathname).toBe('/explore');
    press('Escape', 27);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '2048' })).toBeNull());
    await waitFor(() => expect(focusedName()).toBe('2048'));
  });
});
