import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeApp, makeContent, makeCustomer, makeList, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const season1 = makeList(2101, {
  name: 'Brigade, saison 1',
  type: 'Season',
  number: 1,
  parentID: 2001,
  slug: 'saison-1',
});
const season2 = makeList(2102, {
  name: 'Brigade, saison 2',
  type: 'Season',
  number: 2,
  parentID: 2001,
  slug: 'saison-2',
});
const series = {
  ...makeList(2001, { name: 'Brigade du Port', description: 'Des enquêtes sur les quais.', slug: 'brigade-du-port' }),
  contents: [],
  seasons: [season1, season2],
};
const episode = (id: number, number: number, title: string, percentage: number | null = null) =>
  makeContent(id, {
    contentType: 'Episode',
    contentListID: Math.floor(id / 10),
    episodeNumber: number,
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    duration: 1500,
    percentage,
  });

function server(customer = subscriber(), extra: Record<string, MockHandler> = {}) {
  return {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /series': {
      response: { Series: [makeList(2001, { name: 'Brigade du Port' }), makeList(2002, { name: 'Grand Nord' })] },
    },
    'GET /series/2001': { response: { Series: series } },
    'GET /season/2101': {
      response: {
        Season: { ...season1, contents: [episode(21012, 2, 'La Relève'), episode(21011, 1, 'Le Conteneur', 40)] },
      },
    },
    'GET /season/2102': { response: { Season: { ...season2, contents: [episode(21021, 1, 'Marée Basse')] } } },
    'GET /content-list/2001/is-favorite': { response: { IsFavorite: false } },
    ...extra,
  } satisfies Record<string, MockHandler>;
}

describe('series catalogue (spec 2 §2)', () => {
  it('shows every series as a portrait poster leading to its page', async () => {
    renderApp('/series', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Séries' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Brigade du Port' })).toHaveAttribute(
      'href',
      '/series/2001/serie-2001',
    );
    expect(screen.getByRole('link', { name: 'Grand Nord' })).toHaveAttribute('href', '/series/2002/serie-2002');
  });
});

describe('series page with season tabs (spec 2 §2)', () => {
  it('opens on the first season with its episodes in order, their duration and progress', async () => {
    renderApp('/series/2001/brigade-du-port', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Brigade du Port' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Saison 1' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Le Conteneur'),
      expect.stringContaining('La Relève'),
    ]);
    expect(links[0]).toHaveAttribute(
      'href',
      '/series/2001/brigade-du-port/season/2101/saison-1/episode/21011/le-conteneur',
    );
    expect(links[0]).toHaveTextContent('Épisode 1');
    expect(links[0]).toHaveTextContent('25 min');
    expect(within(links[0]!).getByRole('progressbar', { name: 'Vu à 40 %' })).toBeInTheDocument();
    expect(within(links[1]!).queryByRole('progressbar')).toBeNull();
    // The started episode is the one the hero offers to resume.
    expect(screen.getByRole('link', { name: "Reprendre l'épisode 1" })).toBeInTheDocument();
  });

  it('selecting a season tab goes to the season route and lists that season', async () => {
    const app = renderApp('/series/2001/brigade-du-port', server());
    fireEvent.click(await screen.findByRole('tab', { name: 'Saison 2' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe('/series/2001/brigade-du-port/season/2102/saison-2'),
    );
    expect(screen.getByRole('tab', { name: 'Saison 2' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(screen.getByRole('tabpanel')).findByRole('link', { name: /Marée Basse/ })).toBeInTheDocument();
    expect(screen.queryByText('Le Conteneur')).toBeNull();
  });

  it('moves between seasons with the arrow keys', async () => {
    const app = renderApp('/series/2001/brigade-du-port/season/2102/saison-2', server());
    const tab = await screen.findByRole('tab', { name: 'Saison 2' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe('/series/2001/brigade-du-port/season/2101/saison-1'),
    );
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Saison 1' }));
  });

  it('shows the not-found page for a season of another series', async () => {
    renderApp('/series/2001/brigade-du-port/season/9999/autre', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeInTheDocument();
  });
});

describe('favourite toggle (spec 2 §4)', () => {
  it('shows loading while the server answers, then the new flag', async () => {
    let answer: (value: { response: unknown }) => void = () => {};
    const app = renderApp(
      '/series/2001/brigade-du-port',
      server(subscriber(), {
        'GET /content-list/2001/set-favorite': () => new Promise((resolve) => (answer = resolve)),
      }),
    );
    const toggle = await screen.findByRole('button', { name: 'Ajouter aux favoris' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-busy', 'true'));
    expect(toggle).toBeDisabled();
    expect(app.callsTo('GET', '/content-list/2001/set-favorite')[0]?.query.get('is_favorite')).toBe('1');
    answer({ response: { IsFavorite: true } });
    const on = await screen.findByRole('button', { name: 'Retirer des favoris' });
    expect(on).not.toBeDisabled();
    expect(on).not.toHaveAttribute('aria-busy');
  });

  it('keeps the flag and says so when the server refuses', async () => {
    renderApp(
      '/series/2001/brigade-du-port',
      server(subscriber(), { 'GET /content-list/2001/set-favorite': { error: 21, status: 404 } }),
    );
    const toggle = await screen.findByRole('button', { name: 'Ajouter aux favoris' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    fireEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent("Le favori n'a pas pu être enregistré");
    expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).not.toBeDisabled();
  });

  it('sends a visitor to log in, back to the series afterwards', async () => {
    const app = renderApp('/series/2001/brigade-du-port', server(makeCustomer()));
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter aux favoris' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/customer/login'));
    expect(app.router.state.location.search).toBe('?requested_url=%2Fseries%2F2001%2Fbrigade-du-port');
    expect(app.callsTo('GET', '/content-list/2001/is-favorite')).toHaveLength(0);
  });
});
