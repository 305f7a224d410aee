import type * as PlayerModule from '@playz/player';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeApp, makeContent, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';
import { openings } from '@playz/player';

vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  const state = {
    paused: true,
    loading: false,
    seeking: false,
    muted: false,
    ended: false,
    currentTime: 0,
    duration: 0,
    quality: 'auto' as const,
    activeHeight: null,
  };
  return {
    ...actual,
    // Decision 044: what the page asks of the openings is recorded.
    openings: { ...actual.openings, drop: vi.fn(), take: () => null },
    createPlayer: () => ({
      load: async () => {},
      play: async () => 'playing' as const,
      pause: () => {},
      seek: () => {},
      setMuted: () => {},
      setQuality: () => {},
      getTracks: () => [],
      getState: () => state,
      destroy: async () => {},
    }),
  };
});

const film = makeContent(1, { title: 'Le Grand Départ', description: 'Un voyage.', metadata: { Year: 2023 } });
const stream = (usage: 'View' | 'Preview') => ({
  response: {
    AdaptiveStream: {
      url: usage === 'View' ? '/media/s/tok/c/1/manifest.mpd' : '/media/c/1/preview.mp4',
      type: usage === 'View' ? 'dash' : 'video',
      usage,
      tracks: [],
      thumbnails: [],
      signingCookies: null,
      contentProtection: null,
      expiresAt: '2030-01-01T00:00:00.000Z',
    },
  },
});

function server(customer = makeCustomer(), extra: Record<string, MockHandler> = {}) {
  return {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /content/1': { response: { Content: film } },
    'GET /content/1/related': { response: { Collection: [makeContent(2, { title: 'Le Retour' })] } },
    'GET /content/1/url/adaptive': (request) =>
      stream(request.query.get('product_usage') === 'Preview' ? 'Preview' : 'View'),
    ...extra,
  } satisfies Record<string, MockHandler>;
}

describe('content player page (spec 2 §2, §4)', () => {
  it('asks a subscriber for the View stream (DASH) and shows the player, details and related row', async () => {
    const app = renderApp('/content/1/le-grand-depart', server(subscriber()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Le Grand Départ' })).toBeInTheDocument();
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    const [call] = app.callsTo('GET', '/content/1/url/adaptive');
    expect(call?.query.get('product_usage')).toBe('View');
    expect(call?.query.get('target')).toBe('player_dash');
    expect(screen.getByText('2023')).toBeInTheDocument();
    const related = await screen.findByRole('region', { name: 'À voir aussi' });
    expect(within(related).getByRole('link', { name: /^Le Retour( |$)/ })).toHaveAttribute('href', '/content/2/film-2');
  });

  it('asks a visitor for the Preview usage and says it is an excerpt', async () => {
    const app = renderApp('/content/1/le-grand-depart', server());
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(app.callsTo('GET', '/content/1/url/adaptive')[0]?.query.get('product_usage')).toBe('Preview');
    expect(screen.getByRole('note')).toHaveTextContent('Aperçu');
  });

  it('shows the locked poster leading to /service/inter with the current path when access is refused', async () => {
    renderApp(
      '/content/1/le-grand-depart',
      server(makeCustomer(), { 'GET /content/1/url/adaptive': { error: 4, status: 403 } }),
    );
    const locked = await screen.findByRole('region', { name: 'Abonnez-vous pour regarder' });
    expect(within(locked).getByRole('link', { name: "S'abonner" })).toHaveAttribute(
      'href',
      '/service/inter?requested_url=%2Fcontent%2F1%2Fle-grand-depart',
    );
    expect(within(locked).getByRole('link', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.queryByTestId('video-player')).toBeNull();
  });

  it('opens the devices-limit dialog by itself when the account plays on too many devices; OK goes back (spec 1 §6)', async () => {
    const refusal = {
      raw: JSON.stringify({
        Response: null,
        Error: { Number: 4, Message: 'Vous semblez connecté sur plusieurs appareils.', Reason: 'DevicesLimitReached' },
      }),
      status: 403,
    };
    let refuse = true;
    vi.mocked(openings.drop).mockClear();
    const app = renderApp(
      '/content/1/le-grand-depart',
      server(subscriber(), { 'GET /content/1/url/adaptive': () => (refuse ? refusal : stream('View')) }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Connexions multiples' });
    expect(dialog).toHaveTextContent('Déconnectez-vous des autres appareils ou patientez quelques minutes.');
    // An opening the press launched stops: this page will not play it (decision 044).
    expect(openings.drop).toHaveBeenCalled();
    expect(app.router.state.location.hash).toBe('#/devices-limit-reached');
    // Not the subscribe poster: the customer has access, only too many devices.
    expect(screen.queryByRole('region', { name: 'Abonnez-vous pour regarder' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.router.state.location).toMatchObject({ pathname: '/content/1/le-grand-depart', hash: '' });
    // Back on the player page the dialog stays closed; the stage says why and offers a retry.
    const notice = screen.getByRole('region', { name: 'Connexions multiples' });
    refuse = false;
    fireEvent.click(within(notice).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('frees the device place when the viewer leaves a full stream (POST /customer/playback/stop)', async () => {
    const app = renderApp(
      '/content/1/le-grand-depart',
      server(subscriber(), { 'POST /customer/playback/stop': { response: { Success: true } } }),
    );
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(app.callsTo('POST', '/customer/playback/stop')).toHaveLength(0);
    await act(() => app.router.navigate('/'));
    await waitFor(() => expect(app.callsTo('POST', '/customer/playback/stop')).toHaveLength(1));
  });

  it('shows the not-found page for an unknown content (error 20)', async () => {
    renderApp('/content/999/nothing', server(subscriber(), { 'GET /content/999': { error: 20, status: 404 } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeInTheDocument();
  });

  it('shows the not-found page for a non-numeric id without calling the API', async () => {
    const app = renderApp('/content/abc/nothing', server(subscriber()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeInTheDocument();
    expect(app.requests.filter((request) => request.path.startsWith('/content'))).toHaveLength(0);
  });
});

describe('a programme of the guide on the content player (spec 2 §2 players; decision 022)', () => {
  it('one that has not aired yet says when: the scheduled time and the time left', async () => {
    const inTwoHours = new Date(Date.now() + 2 * 3600 * 1000 + 10_000);
    const programme = makeContent(1, { title: 'Le Journal', contentType: 'Programme', channelID: 1 });
    renderApp(
      '/content/1/le-journal',
      server(subscriber(), {
        'GET /content/1': { response: { Content: programme } },
        'GET /channel/1/schedule': {
          response: {
            Schedules: [{ scheduleID: 9, dateScheduled: inTwoHours.toISOString(), duration: 1800, content: programme }],
          },
        },
      }),
    );
    const time = new Intl.DateTimeFormat('fr', { hour: '2-digit', minute: '2-digit' }).format(inTwoHours);
    expect(await screen.findByText(`Programmé à ${time} · Commence dans 2 h 00`)).toBeInTheDocument();
  });
});
