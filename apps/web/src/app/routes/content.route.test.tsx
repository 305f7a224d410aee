import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeApp, makeContent, subscriber } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const episode = makeContent(21021, {
  contentType: 'Episode',
  contentListID: 2102,
  episodeNumber: 1,
  title: 'Retour au Port',
  slug: 'retour-au-port',
  seriesID: 2001,
  seriesSlug: 'brigade-du-port',
  seasonSlug: 'saison-2',
});

describe('content route (spec 2 §2 route table)', () => {
  it('moves an episode reached by a content link to its episode route, keeping no history entry', async () => {
    const app = renderApp('/content/21021/retour-au-port.html', {
      'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
      'GET /content/21021': { response: { Content: episode } },
    });
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(
        '/series/2001/brigade-du-port/season/2102/saison-2/episode/21021/retour-au-port',
      ),
    );
    expect(app.router.state.historyAction).toBe('REPLACE');
    // Nothing asked for a stream on the content route before moving.
    expect(app.requests.some((r) => r.path.startsWith('/content/21021/url'))).toBe(false);
  });

  it('plays a film where it is', async () => {
    const app = renderApp('/content/1001/film-1001', {
      'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
      'GET /content/1001': { response: { Content: makeContent(1001) } },
    });
    expect(await screen.findByRole('heading', { name: 'Film 1001' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/content/1001/film-1001');
  });
});
