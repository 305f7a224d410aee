import type * as PlayerModule from '@playz/player';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlayerOptions, PlayerState } from '@playz/player';
import { makeApp, makeContent, makeCustomer, makeList, subscriber, makeAdaptiveStream } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

// A fake adapter whose state the test drives: playing, pausing and ending without media.
const fake = vi.hoisted(() => ({
  options: null as PlayerOptions | null,
  state: null as unknown as PlayerState,
  startTime: undefined as number | undefined,
}));

vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  return {
    ...actual,
    createPlayer: (_video: HTMLVideoElement, options: PlayerOptions) => {
      fake.options = options;
      fake.state = { ...fake.state, paused: true, ended: false, currentTime: 0 };
      const emit = () => options.onState?.({ ...fake.state });
      return {
        load: async (_stream: unknown, start?: number) => {
          fake.startTime = start;
        },
        play: async () => {
          fake.state = { ...fake.state, paused: false, loading: false };
          emit();
          return 'playing' as const;
        },
        pause: () => {
          fake.state = { ...fake.state, paused: true };
          emit();
        },
        seek: () => {},
        setMuted: () => {},
        setQuality: () => {},
        getTracks: () => [],
        getState: () => ({ ...fake.state }),
        destroy: async () => {},
      };
    },
  };
});

beforeEach(() => {
  fake.options = null;
  fake.startTime = undefined;
  fake.state = {
    paused: true,
    loading: false,
    seeking: false,
    muted: false,
    ended: false,
    currentTime: 0,
    duration: 32,
    quality: 'auto',
    activeHeight: null,
    live: false,
    seekStart: 0,
    seekEnd: 32,
  };
});

function drive(patch: Partial<PlayerState>) {
  fake.state = { ...fake.state, ...patch };
  act(() => fake.options?.onState?.({ ...fake.state }));
}

const stream = {
  response: {
    AdaptiveStream: makeAdaptiveStream('/media/s/tok/manifest.mpd'),
  },
};
const episode = (id: number, number: number, title: string) =>
  makeContent(id, { contentType: 'Episode', contentListID: 2101, episodeNumber: number, title, slug: `e${number}` });
const episodes = [episode(21011, 1, 'Le Conteneur'), episode(21012, 2, 'La Relève'), episode(21013, 3, 'Le Phare')];
const season = {
  ...makeList(2101, { type: 'Season', number: 1, parentID: 2001, slug: 'saison-1' }),
  contents: episodes,
};
const series = { ...makeList(2001, { name: 'Brigade du Port', slug: 'brigade' }), contents: [], seasons: [season] };
const episodeRoute = (id: number, n: number) => `/series/2001/brigade/season/2101/saison-1/episode/${id}/e${n}`;
const saved = (id: number) => ({ response: { Content: makeContent(id, { playbackTime: 12, percentage: 37.5 }) } });

function server(customer = subscriber(), extra: Record<string, MockHandler> = {}) {
  const handlers: Record<string, MockHandler> = {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /series/2001': { response: { Series: series } },
    'GET /season/2101': { response: { Season: season } },
    'GET /content-list/77': {
      response: {
        ContentList: {
          ...makeList(77, { type: 'Default', name: 'Nos coups de cœur' }),
          contents: [makeContent(1), makeContent(2)],
        },
      },
    },
    // The list plays as one (decision 057): its stream says which content plays.
    'GET /content-list/77/url/adaptive': ({ query }) => ({
      response: { ...stream.response, Content: makeContent(Number(query.get('content_id') ?? 1)) },
    }),
    'GET /content-list/77/related': { response: { Collection: [makeContent(9, { title: 'Film 9' })] } },
    'GET /content-list/77/playback/status': ({ query }) => ({
      response: { Content: makeContent(2, { playbackTime: Number(query.get('playback_time')) - 100 }) },
    }),
    ...extra,
  };
  for (const content of [...episodes, makeContent(1), makeContent(2)]) {
    const id = content.contentID;
    handlers[`GET /content/${id}`] ??= { response: { Content: content } };
    handlers[`GET /content/${id}/related`] ??= { response: { Collection: [] } };
    handlers[`GET /content/${id}/url/adaptive`] ??= stream;
    handlers[`GET /content/${id}/is-favorite`] ??= { response: { IsFavorite: false } };
    handlers[`GET /content/${id}/playback/status`] ??= saved(id);
    handlers[`GET /episode/${id}/playback/status`] ??= saved(id);
  }
  return handlers;
}

describe('episode player (spec 2 §2, §4)', () => {
  it('plays the episode with the season listed under it, the current one marked', async () => {
    const app = renderApp(episodeRoute(21012, 2), server());
    expect(await screen.findByRole('heading', { level: 1, name: 'La Relève' })).toBeInTheDocument();
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(app.callsTo('GET', '/content/21012/url/adaptive')[0]?.query.get('product_usage')).toBe('View');
    const list = await screen.findByRole('region', { name: 'Saison 1' });
    expect(within(list).getByRole('link', { current: 'page' })).toHaveTextContent('La Relève');
    expect(await screen.findByText('Brigade du Port · S1 É2')).toBeInTheDocument();
  });

  it('needs service or video access: replay-only customers get the preview', async () => {
    const app = renderApp(episodeRoute(21012, 2), server(subscriber({ productAccess: ['replay'] })));
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(app.callsTo('GET', '/content/21012/url/adaptive')[0]?.query.get('product_usage')).toBe('Preview');
  });

  it('auto-advances to the next episode of the season at the end', async () => {
    const app = renderApp(episodeRoute(21012, 2), server());
    await screen.findByTestId('video-player');
    await screen.findByRole('region', { name: 'Saison 1' });
    drive({ paused: true, ended: true, currentTime: 32 });
    await waitFor(() => expect(app.router.state.location.pathname).toBe(episodeRoute(21013, 3)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Le Phare' })).toBeInTheDocument();
  });

  it('goes on to the first episode of the next season after the last one of a season', async () => {
    const season2 = {
      ...makeList(2102, { type: 'Season', number: 2, parentID: 2001, slug: 'saison-2' }),
      contents: [makeContent(21021, { contentType: 'Episode', episodeNumber: 1, title: 'Marée Basse', slug: 'maree' })],
    };
    const app = renderApp(
      episodeRoute(21013, 3),
      server(subscriber(), {
        'GET /series/2001': { response: { Series: { ...series, seasons: [season, season2] } } },
        'GET /season/2102': { response: { Season: season2 } },
      }),
    );
    await screen.findByTestId('video-player');
    await screen.findByRole('region', { name: 'Saison 1' });
    drive({ paused: true, ended: true, currentTime: 32 });
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe('/series/2001/brigade/season/2102/saison-2/episode/21021/maree'),
    );
  });

  it('stops after the last episode of the series', async () => {
    const app = renderApp(episodeRoute(21013, 3), server());
    await screen.findByTestId('video-player');
    await screen.findByRole('region', { name: 'Saison 1' });
    drive({ paused: true, ended: true, currentTime: 32 });
    // The end is handled (its resume point saved, in the same step that would go on to a next
    // episode): the page stays.
    await waitFor(() => expect(app.callsTo('GET', '/episode/21013/playback/status')).toHaveLength(1));
    expect(app.router.state.location.pathname).toBe(episodeRoute(21013, 3));
  });

  it('saves the resume point through /episode/{id}/playback/status when paused', async () => {
    const app = renderApp(episodeRoute(21011, 1), server());
    await screen.findByTestId('video-player');
    await waitFor(() => expect(fake.state.paused).toBe(false));
    drive({ currentTime: 12.5 });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(app.callsTo('GET', '/episode/21011/playback/status')).toHaveLength(1));
    expect(app.callsTo('GET', '/episode/21011/playback/status')[0]?.query.get('playback_time')).toBe('12.5');
    expect(app.callsTo('GET', '/content/21011/playback/status')).toHaveLength(0);
  });
});

describe('resume (spec 2 §4)', () => {
  it('saves a content through /content/{id}/playback/status every 10 s while playing and when leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const app = renderApp('/content/1/film-1', server());
      await screen.findByTestId('video-player');
      await waitFor(() => expect(fake.state.paused).toBe(false));
      drive({ currentTime: 8 });
      await act(async () => vi.advanceTimersByTimeAsync(10_000));
      expect(app.callsTo('GET', '/content/1/playback/status').map((call) => call.query.get('playback_time'))).toEqual([
        '8',
      ]);
      drive({ currentTime: 15 });
      await act(async () => app.router.navigate('/series/2001/brigade'));
      await waitFor(() => expect(app.callsTo('GET', '/content/1/playback/status')).toHaveLength(2));
      expect(app.callsTo('GET', '/content/1/playback/status')[1]?.query.get('playback_time')).toBe('15');
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves nothing for a visitor watching the preview', async () => {
    const app = renderApp('/content/1/film-1', server(makeCustomer()));
    await screen.findByTestId('video-player');
    drive({ currentTime: 5, paused: false });
    drive({ paused: true });
    // drive() hands each state to the page inside act(); the promise jobs a save would start with
    // are flushed too: no clock, nothing left that could ask it later.
    await act(async () => {});
    expect(app.requests.filter((request) => request.path.endsWith('/playback/status'))).toHaveLength(0);
  });

  it('starts where the customer stopped', async () => {
    renderApp(
      '/content/1/film-1',
      server(subscriber(), { 'GET /content/1': { response: { Content: makeContent(1, { playbackTime: 120 }) } } }),
    );
    await screen.findByTestId('video-player');
    await waitFor(() => expect(fake.startTime).toBe(120));
  });
});

describe('list player (spec 2 §2, §4; spec 2 §7 /content-list/{id}, decision 057)', () => {
  const list = (contents = [makeContent(1, { duration: 100 }), makeContent(2, { duration: 60 })]) => ({
    'GET /content-list/77': {
      response: { ContentList: { ...makeList(77, { type: 'Default', name: 'Nos coups de cœur' }), contents } },
    },
  });

  it('starts at the first content and each ending plays the next one, through the list stream', async () => {
    const app = renderApp('/content-list/77/nos-coups-de-coeur', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Film 1' })).toBeInTheDocument();
    const queue = await screen.findByRole('region', { name: 'Nos coups de cœur' });
    expect(within(queue).getByRole('button', { current: true })).toHaveTextContent('Film 1');
    await screen.findByTestId('video-player');
    // The first call asks where the list is; it names no content.
    expect(app.callsTo('GET', '/content-list/77/url/adaptive')[0]?.query.has('content_id')).toBe(false);
    drive({ paused: true, ended: true, currentTime: 32 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Film 2' })).toBeInTheDocument();
    const streams = app.callsTo('GET', '/content-list/77/url/adaptive');
    expect(streams).toHaveLength(2);
    expect(streams[1]?.query.get('content_id')).toBe('2');
    expect(app.callsTo('GET', '/content/2/url/adaptive')).toHaveLength(0);
    expect(app.router.state.location.pathname).toBe('/content-list/77/nos-coups-de-coeur');
  });

  it('opens where the viewer is in the list and saves on the list timeline', async () => {
    const app = renderApp(
      '/content-list/77/nos-coups-de-coeur',
      server(subscriber(), {
        ...list(),
        'GET /content-list/77/url/adaptive': {
          response: { ...stream.response, Content: makeContent(2, { duration: 60, playbackTime: 20 }) },
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Film 2' })).toBeInTheDocument();
    const queue = await screen.findByRole('region', { name: 'Nos coups de cœur' });
    expect(within(queue).getByRole('button', { current: true })).toHaveTextContent('Film 2');
    // The list's related contents, not the content's.
    expect(await screen.findByText('Film 9')).toBeInTheDocument();
    expect(app.callsTo('GET', '/content/2/related')).toHaveLength(0);
    await screen.findByTestId('video-player');
    await waitFor(() => expect(fake.state.paused).toBe(false));
    drive({ currentTime: 30 });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    // Film 2 starts 100 s into the list (Film 1's duration).
    await waitFor(() =>
      expect(app.callsTo('GET', '/content-list/77/playback/status')[0]?.query.get('playback_time')).toBe('130'),
    );
    expect(app.callsTo('GET', '/content/2/playback/status')).toHaveLength(0);
  });

  it('picking a content in the queue asks the list stream for it', async () => {
    const app = renderApp('/content-list/77/nos-coups-de-coeur', server(subscriber(), list()));
    const queue = await screen.findByRole('region', { name: 'Nos coups de cœur' });
    await screen.findByTestId('video-player');
    fireEvent.click(within(queue).getByRole('button', { name: /Film 2/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Film 2' })).toBeInTheDocument();
    await waitFor(() =>
      expect(app.callsTo('GET', '/content-list/77/url/adaptive').map((c) => c.query.get('content_id'))).toEqual([
        null,
        '2',
      ]),
    );
  });
});

// Spec 1 §6 "a parental code protects content" (decision 059): a rated content inside a list or a
// series asks the code as a film does, and its stream is asked again with the proof.
describe('spec 1 §6 parental code in the list and episode players (decision 059)', () => {
  const CODE_REQUIRED = {
    raw: JSON.stringify({ Response: null, Error: { Number: 4, Message: 'code', Reason: 'ParentalCodeRequired' } }),
    status: 403,
  };
  const withCode = subscriber({ hasParentalCode: true, parentalThreshold: 16 });
  const check =
    (contentId: number): MockHandler =>
    (request) =>
      request.body.get('code') === '2468' && request.body.get('content_id') === String(contentId)
        ? {
            response: {
              Valid: true,
              ParentalProof: { proof: `${contentId}.1900000000.proof`, expiresAt: '2030-01-01T00:00:00.000Z' },
            },
          }
        : { response: { Valid: false } };
  const box = (n: number) => screen.getByLabelText(`Chiffre ${n} sur 4`) as HTMLInputElement;
  const typeCode = (code: string) =>
    [...code].forEach((digit, i) => fireEvent.change(box(i + 1), { target: { value: digit } }));

  it('spec 1 §6 parental code: a -16 content where the viewer is in a list asks the code, then the list plays it with the proof', async () => {
    const rated = makeContent(4, { title: 'Film 4', rating: 16 });
    const app = renderApp(
      '/content-list/78/soiree',
      server(withCode, {
        'GET /content-list/78': {
          response: {
            ContentList: { ...makeList(78, { type: 'Default', name: 'Soirée' }), contents: [makeContent(3), rated] },
          },
        },
        'GET /content-list/78/related': { response: { Collection: [] } },
        // The viewer is at Film 4 in the list: without its proof, the list refuses it for the code.
        'GET /content-list/78/url/adaptive': ({ query }) =>
          query.get('content_id') === '4' && query.get('parental_proof') === '4.1900000000.proof'
            ? { response: { ...stream.response, Content: rated } }
            : CODE_REQUIRED,
        'GET /content/3': { response: { Content: makeContent(3) } },
        'GET /content/4': { response: { Content: rated } },
        'GET /content/4/is-favorite': { response: { IsFavorite: false } },
        'POST /customer/parental-code/check': check(4),
      }),
    );
    await screen.findByRole('region', { name: 'Code parental' }, { timeout: 5000 });
    // The code is asked for the rated content, under its own title.
    expect(await screen.findByRole('heading', { level: 1, name: 'Film 4' })).toBeInTheDocument();
    typeCode('1111');
    expect(await screen.findByText('Le code parental est incorrect')).toBeInTheDocument();
    typeCode('2468');
    await screen.findByTestId('video-player');
    const asked = app.callsTo('GET', '/content-list/78/url/adaptive').at(-1)?.query;
    expect(asked?.get('content_id')).toBe('4');
    expect(asked?.get('parental_proof')).toBe('4.1900000000.proof');
    expect(screen.queryByRole('region', { name: 'Code parental' })).toBeNull();
  });

  it('spec 1 §6 parental code: a -18 episode asks the code in the series player, then plays with the proof', async () => {
    const app = renderApp(
      episodeRoute(21013, 3),
      server(withCode, {
        'GET /content/21013': { response: { Content: { ...episodes[2]!, rating: 18 } } },
        'GET /content/21013/url/adaptive': ({ query }) =>
          query.get('parental_proof') === '21013.1900000000.proof' ? stream : CODE_REQUIRED,
        'POST /customer/parental-code/check': check(21013),
      }),
    );
    await screen.findByRole('region', { name: 'Code parental' }, { timeout: 5000 });
    expect(app.callsTo('GET', '/content/21013/url/adaptive')[0]?.query.get('parental_proof')).toBeNull();
    typeCode('2468');
    await screen.findByTestId('video-player');
    expect(app.callsTo('GET', '/content/21013/url/adaptive').at(-1)?.query.get('parental_proof')).toBe(
      '21013.1900000000.proof',
    );
  });
});
