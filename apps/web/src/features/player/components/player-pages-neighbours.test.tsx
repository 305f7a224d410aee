import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeApp, makeChannel, makeContent, makeList, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

vi.mock('@playz/player', async (original) => (await import('@/test/idle-player')).withIdlePlayer(await original()));

const stream = {
  response: {
    AdaptiveStream: {
      ...{ url: '/media/s/tok/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
      ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
    },
  },
};
const episode = (id: number, number: number, title: string, seasonId = 2101) =>
  makeContent(id, {
    contentType: 'Episode',
    contentListID: seasonId,
    episodeNumber: number,
    title,
    slug: `e${number}`,
  });
const season1 = {
  ...makeList(2101, { type: 'Season', number: 1, parentID: 2001, slug: 'saison-1' }),
  contents: [episode(21011, 1, 'Le Conteneur'), episode(21012, 2, 'La Relève')],
};
const season2 = {
  ...makeList(2102, { type: 'Season', number: 2, parentID: 2001, slug: 'saison-2' }),
  contents: [episode(21021, 1, 'Marée Basse', 2102), episode(21022, 2, 'Marée Haute', 2102)],
};
const series = {
  ...makeList(2001, { name: 'Brigade du Port', slug: 'brigade' }),
  contents: [],
  seasons: [season1, season2],
};
const listContents = [makeContent(1, { title: 'Film 1' }), makeContent(2, { title: 'Film 2' })];
const channels = [
  { ...makeChannel(501, { name: 'Playz Kids' }), schedules: [] },
  { ...makeChannel(502, { name: 'Playz Docs' }), schedules: [] },
];

function server(): Record<string, MockHandler> {
  const handlers: Record<string, MockHandler> = {
    'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
    'GET /channels': { response: { Channels: channels } },
    'GET /series/2001': { response: { Series: series } },
    'GET /season/2101': { response: { Season: season1 } },
    'GET /season/2102': { response: { Season: season2 } },
    'GET /content-list/77': {
      response: { ContentList: { ...makeList(77, { name: 'Nos coups de cœur' }), contents: listContents } },
    },
    // A list played as one answers which content plays (spec 2 §7 /content-list/{id}/url/adaptive).
    'GET /content-list/77/url/adaptive': ({ query }) => ({
      response: { ...stream.response, Content: makeContent(Number(query.get('content_id') ?? 1)) },
    }),
    'GET /content-list/77/related': { response: { Collection: [] } },
  };
  for (const content of [...season1.contents, ...season2.contents, ...listContents]) {
    const id = content.contentID;
    handlers[`GET /content/${id}`] = { response: { Content: content } };
    handlers[`GET /content/${id}/related`] = { response: { Collection: [] } };
    handlers[`GET /content/${id}/url/adaptive`] = stream;
  }
  return handlers;
}
const player = () => within(screen.getByTestId('video-player'));
const episodePath = (season: number, slug: string, id: number, n: number) =>
  `/series/2001/brigade/season/${season}/${slug}/episode/${id}/e${n}`;

describe('spec 2 §2 previous and next in the player pages', () => {
  it('goes to the previous and next episode, across seasons', async () => {
    const app = renderApp(episodePath(2101, 'saison-1', 21012, 2), server());
    await screen.findByTestId('video-player');
    await screen.findByRole('region', { name: 'Saison 1' });
    fireEvent.click(player().getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(episodePath(2101, 'saison-1', 21011, 1)));
    await screen.findByRole('heading', { level: 1, name: 'Le Conteneur' });
    await screen.findByTestId('video-player');
    // The first episode of the series has nothing before it.
    await waitFor(() => expect(player().getByRole('button', { name: 'Précédent' })).toBeDisabled());

    await app.router.navigate(episodePath(2101, 'saison-1', 21012, 2));
    await screen.findByRole('heading', { level: 1, name: 'La Relève' });
    await screen.findByTestId('video-player');
    fireEvent.click(await player().findByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(episodePath(2102, 'saison-2', 21021, 1)));
    await screen.findByRole('heading', { level: 1, name: 'Marée Basse' });
    await screen.findByRole('region', { name: 'Saison 2' });
    await screen.findByTestId('video-player');
    fireEvent.click(player().getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(episodePath(2101, 'saison-1', 21012, 2)));
  });

  it('goes to the previous and next content of a list', async () => {
    renderApp('/content-list/77/nos-coups-de-coeur', server());
    // The page is made again for each content: its queue is looked up each time.
    const playing = () =>
      within(screen.getByRole('region', { name: 'Nos coups de cœur' })).getByRole('button', { current: true });
    await screen.findByRole('region', { name: 'Nos coups de cœur' });
    await screen.findByTestId('video-player');
    expect(playing()).toHaveTextContent('Film 1');
    expect(player().getByRole('button', { name: 'Précédent' })).toBeDisabled();
    fireEvent.click(player().getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(playing()).toHaveTextContent('Film 2'));
    await screen.findByTestId('video-player');
    await waitFor(() => expect(player().getByRole('button', { name: 'Suivant' })).toBeDisabled());
    fireEvent.click(player().getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(playing()).toHaveTextContent('Film 1'));
  });
});

describe('spec 1 §2 player pages have a channel side panel', () => {
  it('shows the channels beside a content player, none marked as playing', async () => {
    renderApp('/content/1/film-1', server());
    await screen.findByTestId('video-player');
    const panel = await screen.findByRole('navigation', { name: 'Chaînes' });
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/channel/501/chaine-501', '/channel/502/chaine-502']);
    expect(within(panel).queryByRole('link', { current: 'page' })).toBeNull();
  });
});
