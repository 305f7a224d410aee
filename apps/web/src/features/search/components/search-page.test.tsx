import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Content } from '@playz/api-contract';
import { makeApp, makeChannel, makeContent, makeCustomer, makeList } from '@/test/fixtures';
import { renderApp, type MockHandler, type MockReply } from '@/test/render-app';

const data = { response: { App: makeApp(), Customer: makeCustomer() } };
const summer = makeContent(1001, { title: "L'Été indien", slug: 'l-ete-indien' });

function page(contents: Content[]): MockReply {
  return {
    response: {
      Collection: contents,
      Results: contents.map((Content) => ({ type: 'Content' as const, Content })),
      Total: contents.length,
      Page: 1,
      PageSize: 24,
    },
  };
}

function render(path: string, search: MockHandler) {
  return renderApp(path, { 'GET /data': data, 'GET /search': search });
}

const field = () => screen.findByRole('searchbox', { name: 'Rechercher un programme' });

describe('search page (spec 2 §2, §7 GET /search)', () => {
  it('asks nothing until the viewer types, and says what to do', async () => {
    const app = render('/search', page([]));
    expect(await screen.findByRole('heading', { name: 'Que voulez-vous regarder ?' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(app.callsTo('GET', '/search')).toHaveLength(0);
  });

  it('waits for the typing to pause: one request for "ete", none for "e" and "et"', async () => {
    const app = render('/search', (request) => page(request.query.get('keywords') === 'ete' ? [summer] : []));
    const input = await field();
    fireEvent.change(input, { target: { value: 'e' } });
    fireEvent.change(input, { target: { value: 'et' } });
    fireEvent.change(input, { target: { value: 'ete' } });
    expect(await screen.findByRole('link', { name: /L'Été indien/ })).toHaveAttribute(
      'href',
      '/content/1001/l-ete-indien',
    );
    expect(app.callsTo('GET', '/search').map((request) => request.query.get('keywords'))).toEqual(['ete']);
  });

  it('keeps the query in the URL and announces the count in a live region', async () => {
    const app = render('/search', page([summer]));
    fireEvent.change(await field(), { target: { value: 'ete' } });
    await waitFor(() => expect(app.router.state.location.search).toBe('?q=ete'));
    const status = await screen.findByText('1 résultat pour « ete »');
    expect(status).toHaveAttribute('role', 'status');
  });

  it('opens with the results of the query in the URL', async () => {
    render('/search?q=ete', page([summer]));
    expect(await field()).toHaveProperty('value', 'ete');
    expect(await screen.findByRole('link', { name: /L'Été indien/ })).toBeInTheDocument();
  });

  it('never lets a late answer for older keywords replace the newer results', async () => {
    let releaseStale: () => void = () => {};
    const staleHeld = new Promise<void>((resolve) => (releaseStale = resolve));
    const app = render('/search', async (request) => {
      if (request.query.get('keywords') === 'et') {
        await staleHeld;
        return page([makeContent(9, { title: 'Réponse périmée' })]);
      }
      return page([summer]);
    });
    const input = await field();
    fireEvent.change(input, { target: { value: 'et' } });
    await waitFor(() => expect(app.callsTo('GET', '/search')).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'ete' } });
    expect(await screen.findByRole('link', { name: /L'Été indien/ })).toBeInTheDocument();
    releaseStale();
    // The late answer has come and been taken by the query cache: then it is known not shown.
    await waitFor(() => expect(app.queryClient.getQueryState(['search', 'et'])?.fetchStatus).toBe('idle'));
    expect(screen.queryByText('Réponse périmée')).toBeNull();
    expect(screen.getByRole('link', { name: /L'Été indien/ })).toBeInTheDocument();
  });

  it('shows every result type in one ranked grid with its badge', async () => {
    render('/search?q=playz', {
      response: {
        Collection: [summer],
        Results: [
          { type: 'Channel', Channel: makeChannel(1, { name: 'Playz Info', slug: 'playz-info' }) },
          { type: 'Content', Content: summer },
          { type: 'ContentList', ContentList: makeList(7, { name: 'Les Voisins' }) },
        ],
        Total: 3,
        Page: 1,
        PageSize: 24,
      },
    });
    const grid = (await screen.findByRole('heading', { name: 'Résultats' })).parentElement!;
    const links = await within(grid).findAllByRole('link');
    // The parts are spaced, so a screen reader says "Film L'Été indien 2024", not one run-together word.
    expect(links.map((link) => link.textContent)).toEqual([
      'Chaîne Playz Info',
      "Film L'Été indien 2024",
      'Série Les Voisins',
    ]);
    expect(within(grid).getByRole('link', { name: "Film L'Été indien 2024" })).toBe(links[1]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/channel/1/playz-info',
      '/content/1001/l-ete-indien',
      '/series/7/serie-7',
    ]);
  });

  it('says when nothing matches', async () => {
    render('/search?q=zzz', page([]));
    expect(await screen.findByRole('heading', { name: 'Aucun résultat pour « zzz »' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the server refuses the query', async () => {
    render('/search?q=ete', { error: 3, message: 'Paramètre invalide', status: 400 });
    expect(await screen.findByRole('alert')).toHaveTextContent('La recherche n’a pas abouti');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
