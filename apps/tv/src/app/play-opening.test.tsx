import type * as PlayerModule from '@playz/player';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { LAUNCH_CHECK_MS, OPENING_DWELL_MS } from '@playz/player';
import { renderTv } from '@/test/render-tv';
import { PLAY_PICTURE_WAIT_MS } from './use-play-opening';

// Decision 044 on the TV: Play focused prepares the content's first seconds, from where the viewer
// would resume (spec 2 §4); OK launches them full screen and the player screen takes them over.
// The openings and the player are fakes that record what the app asks of them.

const fake = vi.hoisted(() => ({
  calls: [] as string[],
  /** What `take` hands over (null: nothing ready). */
  ready: true,
  launched: null as HTMLVideoElement | null,
  playerOpening: undefined as unknown,
  /** The fake openings' one prepared opening (reset with the rest before each test). */
  prepared: null as { key: string; video: HTMLVideoElement } | null,
}));

vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  const openings: PlayerModule.Openings = {
    prepare: (key, source) => {
      fake.calls.push(`prepare ${key}`);
      fake.prepared = { key, video: document.createElement('video') };
      void source().then((opened) => fake.calls.push(`opening stream ${opened?.stream.url}`));
    },
    launch: (key, place) => {
      const prepared = fake.prepared;
      if (!fake.ready || prepared?.key !== key) return false;
      fake.calls.push(`launch ${key}`);
      place(prepared.video);
      document.body.append(prepared.video);
      fake.launched = prepared.video;
      return true;
    },
    take: (key) => {
      fake.calls.push(`take ${key}`);
      const prepared = fake.prepared;
      if (!fake.ready || prepared?.key !== key) return null;
      fake.prepared = null;
      return {
        video: prepared.video,
        engine: {} as PlayerModule.Engine,
        listen: () => {},
        pausedByViewer: () => false,
        url: '/media/s/OPEN/m.mpd',
      };
    },
    pending: () => false,
    settled: async () => {},
    pictured: async () => {},
    drop: (key) => {
      fake.calls.push(key ? `drop ${key}` : 'drop');
      if (!key || fake.prepared?.key === key) fake.prepared = null;
    },
  };
  return {
    ...actual,
    openings,
    mediaElementFor: (key: string | undefined) => actual.mediaElementFor(key, openings),
    createPlayer: (_video: HTMLVideoElement, options: PlayerModule.PlayerOptions) => {
      fake.playerOpening = options.opening;
      const state = { paused: true, ended: false, loading: false, currentTime: 0, duration: 0 };
      return {
        load: async (stream: { url: string }, start?: number) =>
          void fake.calls.push(`load ${stream.url} ${start ?? 0}`),
        zap: async () => 'playing',
        play: async () => 'playing',
        pause: () => {},
        seek: () => {},
        getState: () => state,
        getTracks: () => [],
        setQuality: () => {},
        destroy: async () => void fake.calls.push('destroy'),
      };
    },
  };
});

const subscriber = {
  logged: true,
  consent: null,
  productAccess: [],
  hasFullAccess: true,
  purchases: [],
  subscriptions: [],
};
const data = { App: { cookieTypes: [], inAppPurchases: [] }, Customer: subscriber };
const film = (extra: object = {}) => ({
  contentID: 1001,
  contentType: 'Film',
  seriesID: null,
  title: 'L’Été indien',
  description: '',
  duration: 5400,
  playbackTime: null,
  metadata: {},
  images: {},
  ...extra,
});
const stream = (usage: string) => ({
  response: { AdaptiveStream: { url: `/media/s/${usage}/clips/a/manifest.mpd`, type: 'dash', usage } },
});
const opening = () => ({ response: { AdaptiveStream: { url: '/media/s/OPEN/clips/a/manifest.mpd', type: 'dash' } } });
const pressOk = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 13, key: 'Enter' })));

/** The calls after `entry` (its last one): what an action made, not what came before it. */
const callsAfter = (entry: string) => fake.calls.slice(fake.calls.lastIndexOf(entry) + 1);

/** The TV's page of film 1001 (from its start) with its opening, and `more` of the API. */
const filmPage = (more: Parameters<typeof renderTv>[1] = {}) =>
  renderTv('/content/1001', {
    'GET /data': { response: data },
    'GET /content/1001': { response: { Content: film() } },
    'GET /content/1001/related': { response: { Collection: [] } },
    'GET /content/1001/url/opening': opening,
    ...more,
  });

async function focusPlay() {
  const play = await screen.findByRole('button', { name: /^(Lecture|Reprendre)$/ });
  await waitFor(() => expect(play.hasAttribute('data-focused')).toBe(true));
  await act(() => vi.advanceTimersByTimeAsync(OPENING_DWELL_MS));
}

describe('TV openings (decision 044)', () => {
  beforeEach(() => {
    // The openings' timers (the dwell, the launch check) run on a clock each test owns, cleared
    // after it: a check left by one test must never fire into the next one's calls.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/';
    Object.assign(fake, { calls: [], ready: true, launched: null, playerOpening: undefined, prepared: null });
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    document.cookie = 'hasClosedCookieDefaultDialog=; Max-Age=0; Path=/';
    fake.launched?.remove();
  });

  it('Play focused prepares the film from where the viewer stopped; OK shows it full screen and the player takes it', async () => {
    const asked: (string | null)[] = [];
    const { router } = renderTv('/content/1001', {
      'GET /data': { response: data },
      'GET /content/1001': { response: { Content: film({ playbackTime: 754 }) } },
      'GET /content/1001/related': { response: { Collection: [] } },
      'GET /content/1001/url/opening': (query) => (asked.push(query.get('start')), opening()),
      'GET /content/1001/url/adaptive': () => stream('View'),
    });
    await focusPlay();
    await waitFor(() => expect(fake.calls).toContain('opening stream /media/s/OPEN/clips/a/manifest.mpd'));
    expect(fake.calls[0]).toBe('prepare 1001@754');
    expect(asked).toEqual(['754']);
    pressOk();
    await waitFor(() => expect(router.state.location.pathname).toBe('/clip/1001/player'));
    expect(fake.calls).toContain('launch 1001@754');
    // Full screen at once (player.css), then the screen's own element: the same one, as the player's.
    const screenVideo = await waitFor(() => {
      const video = document.querySelector('.player video');
      expect(video).not.toBeNull();
      return video;
    });
    expect(screenVideo).toBe(fake.launched);
    expect(screenVideo?.className).toBe('player__video');
    expect(fake.calls).toContain('take 1001@754');
    expect(fake.playerOpening).toMatchObject({ video: fake.launched });
    // The first load goes on from the same start, under the View stream (the player continues it).
    await waitFor(() => expect(fake.calls).toContain('load /media/s/View/clips/a/manifest.mpd 754'));
    // The launch check finds the player page open (the router's location, not the window's): it
    // leaves the opening to the player.
    await act(() => vi.advanceTimersByTimeAsync(LAUNCH_CHECK_MS));
    expect(fake.calls.filter((call) => call.startsWith('drop'))).toEqual([]);
  });

  it('decision 144: the player opens once OK’s launched picture shows its first frame; a second OK meanwhile launches nothing more', async () => {
    const { router } = filmPage({
      'GET /content/1001/url/adaptive': () => stream('View'),
    });
    await focusPlay();
    await waitFor(() => expect(fake.calls).toContain('opening stream /media/s/OPEN/clips/a/manifest.mpd'));
    pressOk();
    expect(fake.calls).toContain('launch 1001@0');
    await act(() => vi.advanceTimersByTimeAsync(PLAY_PICTURE_WAIT_MS / 3));
    expect(router.state.location.pathname).toBe('/content/1001');
    pressOk();
    expect(fake.calls.filter((call) => call.startsWith('launch'))).toHaveLength(1);
    act(() => void fake.launched!.dispatchEvent(new Event('playing')));
    await act(() => vi.advanceTimersByTimeAsync(PLAY_PICTURE_WAIT_MS / 6));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clip/1001/player'));
    await waitFor(() => expect(fake.calls).toContain('take 1001@0'));
  });

  it('decision 144: Back before the picture leaves the player unopened and stops the opening', async () => {
    const { router } = filmPage();
    await focusPlay();
    await waitFor(() => expect(fake.calls).toContain('prepare 1001@0'));
    pressOk();
    expect(fake.calls).toContain('launch 1001@0');
    await act(() => router.navigate('/'));
    await act(() => vi.advanceTimersByTimeAsync(PLAY_PICTURE_WAIT_MS));
    expect(router.state.location.pathname).toBe('/');
    // Stopped by the hold's end, before the launch check (LAUNCH_CHECK_MS) would have.
    expect(callsAfter('launch 1001@0')).toContain('drop');
  });

  it('OK on a Play whose player page does not open: the launch check drops the opening', async () => {
    const { router } = filmPage();
    await focusPlay();
    await waitFor(() => expect(fake.calls).toContain('prepare 1001@0'));
    // A page that would not leave: the navigation to the player is turned back at once.
    const unsubscribe = router.subscribe((state) => {
      if (state.location.pathname !== '/content/1001') void router.navigate('/content/1001', { replace: true });
    });
    pressOk();
    expect(fake.calls).toContain('launch 1001@0');
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/1001'));
    await act(() => vi.advanceTimersByTimeAsync(LAUNCH_CHECK_MS));
    expect(callsAfter('launch 1001@0')).toContain('drop 1001@0');
    unsubscribe();
  });

  it('an episode’s Play on its series page gets its opening too (it plays on the same player here)', async () => {
    const episode = film({ contentID: 2001, contentType: 'Episode', seriesID: 7, episodeNumber: 1 });
    renderTv('/series/7', {
      'GET /data': { response: data },
      'GET /series/7': {
        response: {
          Series: {
            ID: 7,
            name: 'Les Voisins',
            description: '',
            images: {},
            seasons: [{ ID: 70, number: 1, name: 'Saison 1' }],
          },
        },
      },
      'GET /season/70': { response: { Season: { ID: 70, contents: [episode] } } },
      'GET /content/2001': { response: { Content: episode } },
      'GET /content/2001/url/opening': opening,
    });
    const play = await screen.findByRole('button', { name: /épisode 1/i });
    await waitFor(() => expect(play.hasAttribute('data-focused')).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(OPENING_DWELL_MS));
    await waitFor(() => expect(fake.calls).toContain('prepare 2001@0'));
  });

  it('a stream refused on the player (devices limit) stops the opening: the screen starts again on an element of its own', async () => {
    filmPage({
      'GET /content/1001/url/adaptive': { error: 4 },
    });
    await focusPlay();
    await waitFor(() => expect(fake.calls).toContain('prepare 1001@0'));
    pressOk();
    await waitFor(() => expect(fake.calls).toContain('take 1001@0'));
    await waitFor(() => expect(fake.calls).toContain('destroy'));
    const video = document.querySelector('.player video');
    expect(video).not.toBeNull();
    expect(video).not.toBe(fake.launched);
    expect(fake.launched?.isConnected).toBe(false);
    // The screen made again has a player of its own, with no opening.
    await waitFor(() => expect(fake.playerOpening).toBeNull());
  });

  it('focus moving from Play to another button drops what was prepared', async () => {
    // Its own film: the page's focus memory (by path) then keeps the other tests' Play focused.
    renderTv('/content/1002', {
      'GET /data': { response: data },
      'GET /content/1002': { response: { Content: film({ contentID: 1002 }) } },
      'GET /content/1002/related': { response: { Collection: [] } },
      'GET /content/1002/url/opening': opening,
    });
    await focusPlay();
    await waitFor(() => expect(fake.calls).toContain('prepare 1002@0'));
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 39, key: 'ArrowRight' })));
    await waitFor(() => expect(callsAfter('prepare 1002@0')).toContain('drop'));
    // Back on Play: the spatial navigation's focus is global, and the next page has the same keys.
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 37, key: 'ArrowLeft' })));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Lecture' }).hasAttribute('data-focused')).toBe(true),
    );
  });

  it('leaving the page without pressing Play drops what was prepared', async () => {
    const { router } = filmPage();
    await focusPlay();
    await waitFor(() => expect(fake.calls).toContain('prepare 1001@0'));
    await act(() => router.navigate('/'));
    const drops = () => callsAfter('prepare 1001@0').filter((call) => call.startsWith('drop'));
    await waitFor(() => expect(drops()).toEqual(['drop']));
  });
});
