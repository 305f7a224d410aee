import type * as PlayerModule from '@playz/player';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ApiClient } from '@playz/api-client';
import { createPlatformBridge, memoryStorage, remoteKeyOf, type Platform, type Timers } from '@playz/platform';
import { renderTv, type Handler } from '@/test/render-tv';

// The set-top box in the TV app (decision 087): the lifecycle of spec 2 §4, the launch route of
// spec 1 §2, the content player's /content/{id}/url/tv and the error popups of spec 2 §8. The
// player is a fake that records what it is told; the box is the emulated Orange bridge.

const fake = vi.hoisted(() => ({ loads: [] as string[], created: 0, destroyed: 0, currentTime: 0, live: false }));

vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  const { inertPlayerControls } = await import('@/test/fake-player');
  return {
    ...actual,
    createPlayer: (_video: HTMLVideoElement, options: PlayerModule.PlayerOptions) => {
      fake.created++;
      const state = (): PlayerModule.PlayerState => ({
        ...{ paused: false, loading: false, seeking: false, muted: false, ended: false },
        ...{ currentTime: fake.currentTime, duration: 1800, quality: 'auto', activeHeight: 720 },
        ...{ live: fake.live, seekStart: 0, seekEnd: 1800 },
      });
      return {
        ...inertPlayerControls,
        load: async (source: PlayerModule.PlayerSource, start?: PlayerModule.StartPosition) => {
          fake.loads.push(`${source.type} ${source.url} at ${String(start)}`);
          options.onState?.(state());
        },
        setAudioLanguage: () => {},
        setSubtitleLanguage: () => {},
        setSubtitleStyle: () => {},
        adoptLanguages: () => {},
        getLanguagePreference: () => actual.DEFAULT_LANGUAGE_PREFERENCE,
        getState: state,
        destroy: async () => void fake.destroyed++,
      };
    },
  };
});

// Reset before each test: the last test's players are destroyed by its clean-up, after its own hooks.
beforeEach(() => {
  Object.assign(fake, { loads: [], created: 0, destroyed: 0, currentTime: 0, live: false });
});

/** The box's 2 s wait, held: a test sees what happened before it ends. */
function heldTimers(): Timers & { pending: number } {
  const held = { pending: 0 };
  return Object.assign(held, {
    setTimeout: () => void held.pending++,
    clearTimeout: () => {},
  });
}

/** An emulated bridge; its tracking calls (POST /error/log) are recorded. */
function box(platform: Platform = 'OrangeSTB') {
  const tracked: string[] = [];
  const api = {
    logClientError: async ({ body }: { body: { message: string } }) => void tracked.push(body.message),
  } as unknown as ApiClient;
  const timers = heldTimers();
  const bridge = createPlatformBridge(platform, { emulated: true, api, storage: memoryStorage(), timers });
  const device = { ...bridge, remoteKeyOf: (event: Parameters<typeof remoteKeyOf>[0]) => remoteKeyOf(event, 'Web') };
  return { bridge, device, tracked, timers };
}

const subscriber = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
};
const data = { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: subscriber } };
const film = {
  ...{ contentID: 1005, contentType: 'Film', title: 'Le Film', images: {} },
  ...{ duration: 1800, playbackTime: null, percentage: 0, status: 'New' },
};
const TV_URL = 'https://cdn.playz.example/s/tok/c/1005/master.m3u8';
const playing = (tvUrl: Handler = { response: { ContentUrl: { url: TV_URL, height: 0 } } }) => ({
  'GET /data': data,
  'GET /content/1005': { response: { Content: film } },
  'GET /content/1005/url/tv': tvUrl,
  'POST /customer/playback/stop': { response: {} },
  'POST /content/1005/playback/status': { response: { Content: film } },
});
const networkFailure = (): never => {
  throw new TypeError('Failed to fetch');
};

describe('spec 2 §4 set-top lifecycle on the TV (decision 087)', () => {
  it('spec 2 §7 /content/{id}/url/tv: the box’s content player plays the TV URL, its type from the extension', async () => {
    const { device } = box();
    const { calls } = renderTv('/clip/1005/player', playing(), device);
    await waitFor(() => expect(fake.loads).toEqual([`hls ${TV_URL} at undefined`]));
    expect(calls).not.toContain('GET /content/1005/url/adaptive');
  });

  it('deactivate stops the player and gives its device place back before the 2 s wait ends; activate plays again where it stopped', async () => {
    const { bridge, device, timers } = box();
    const { calls } = renderTv('/clip/1005/player', playing(), device);
    await waitFor(() => expect(fake.loads).toHaveLength(1));
    fake.currentTime = 754.5;
    act(() => void bridge.lifecycle!.deactivate());
    expect(await screen.findByTestId('player-suspended')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('POST /customer/playback/stop'));
    // Every player the screen made is gone.
    expect(fake.destroyed).toBe(fake.created);
    expect(document.querySelector('video')).toBeNull();
    // Still inside the box's wait: the player stopped before the 2 s were over.
    expect(bridge.lifecycle!.state).toBe('deactivating');
    expect(timers.pending).toBe(1);

    act(() => bridge.lifecycle!.activate());
    // A new grant (the place was given back), from the position it stopped at.
    await waitFor(() => expect(fake.loads).toEqual([`hls ${TV_URL} at undefined`, `hls ${TV_URL} at 754.5`]));
    expect(calls.filter((c) => c === 'GET /content/1005/url/tv')).toHaveLength(2);
    expect(screen.queryByTestId('player-suspended')).toBeNull();
  });

  it('a live channel comes back at its live edge, not where it stopped', async () => {
    const { bridge, device } = box();
    const { calls } = renderTv(
      '/channel/13/player',
      {
        'GET /data': data,
        'GET /channels': {
          response: {
            Channels: [
              {
                ...{ channelID: 13, name: 'Polar', channelType: 'Live', streamState: null, schedules: [] },
                ...{ posterUrl: null, images: { backdrop: null } },
              },
            ],
          },
        },
        'GET /channel/13/url/adaptive': {
          response: {
            AdaptiveStream: {
              ...{ url: '/media/s/tok/l/13/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
              ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
            },
          },
        },
        'POST /customer/playback/stop': { response: {} },
      },
      device,
    );
    await waitFor(() => expect(fake.loads).toEqual(['dash /media/s/tok/l/13/manifest.mpd at undefined']));
    Object.assign(fake, { live: true, currentTime: 1_790_000_000 });
    act(() => void bridge.lifecycle!.deactivate());
    expect(await screen.findByTestId('player-suspended')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('POST /customer/playback/stop'));
    act(() => bridge.lifecycle!.activate());
    await waitFor(() => expect(fake.loads).toHaveLength(2));
    expect(fake.loads[1]).toBe('dash /media/s/tok/l/13/manifest.mpd at undefined');
    expect(calls.filter((c) => c === 'GET /channel/13/url/adaptive')).toHaveLength(2);
  });

  it('elsewhere (Tizen) the page’s visibility does the same: hidden stops, visible plays again', async () => {
    const { device } = box('Tizen');
    const handlers = {
      ...playing(),
      'GET /content/1005/url/adaptive': {
        response: {
          AdaptiveStream: {
            ...{ url: '/media/s/tok/c/1005/manifest.mpd', type: 'dash', usage: 'View', tracks: [] },
            ...{ thumbnails: [], signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00Z' },
          },
        },
      },
    };
    const { calls } = renderTv('/clip/1005/player', handlers, device);
    await waitFor(() => expect(fake.loads).toHaveLength(1));
    expect(calls).not.toContain('GET /content/1005/url/tv');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(await screen.findByTestId('player-suspended')).toBeTruthy();
      await waitFor(() => expect(calls).toContain('POST /customer/playback/stop'));
      visibility.mockReturnValue('visible');
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(fake.loads).toHaveLength(2));
    } finally {
      visibility.mockRestore();
    }
  });
});

describe('spec 1 §2 Orange launch route: the route the box activates with opens its screen (decision 087)', () => {
  it('a content, a channel, a live event on air (its channel) and one past (its replay)', async () => {
    const { bridge, device } = box();
    const liveEvent = (state: string) => ({
      response: { LiveEvent: { liveEventID: 7, channelID: 4, contentID: 1005, state, name: 'Finale' } },
    });
    let eventState = 'Processing';
    const { router } = renderTv('/', { 'GET /data': data, 'GET /live-event/7': () => liveEvent(eventState) }, device);
    const path = () => router.state.location.pathname;
    act(() => bridge.lifecycle!.activate('/content/1005'));
    await waitFor(() => expect(path()).toBe('/clip/1005/player'));
    act(() => bridge.lifecycle!.activate('channel_3'));
    await waitFor(() => expect(path()).toBe('/channel/3/player'));
    act(() => bridge.lifecycle!.activate('live-event_7'));
    await waitFor(() => expect(path()).toBe('/channel/4/player'));
    eventState = 'Past';
    act(() => bridge.lifecycle!.activate('/tv/live-event/7'));
    await waitFor(() => expect(path()).toBe('/clip/1005/player'));
    // A route the TV does not have leaves the screen as it is.
    act(() => bridge.lifecycle!.activate('/admin'));
    expect(path()).toBe('/clip/1005/player');
  });
});

describe('spec 2 §8 set-top box errors I04-PLAYZ and I08-PLAYZ (decision 087)', () => {
  it('a failing content/{id}/url/tv is the I04-PLAYZ popup, sent to tracking; OK closes it and leaves the player', async () => {
    const { device, tracked } = box();
    const { router } = renderTv('/clip/1005/player', playing(networkFailure), device);
    const popup = await screen.findByRole('alertdialog', { name: 'Lecture impossible' });
    expect(popup).toHaveTextContent('Code erreur : I04-PLAYZ');
    await waitFor(() => expect(tracked).toEqual([expect.stringMatching(/^I04-PLAYZ /)]));
    // The D-pad: OK on the focused button.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('OK'));
    act(() => void fireEvent.keyDown(window, { key: 'Enter', keyCode: 13 }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('any other failure that is not an ApiError is the I08-PLAYZ popup; back closes it; an ApiError stays the screen’s own', async () => {
    const { device, tracked } = box();
    const { router } = renderTv('/channels', { 'GET /data': data, 'GET /channels': networkFailure }, device);
    const popup = await screen.findByRole('alertdialog', { name: 'Erreur serveur' });
    expect(popup).toHaveTextContent('Code erreur : I08-PLAYZ');
    await waitFor(() => expect(tracked).toEqual([expect.stringMatching(/^I08-PLAYZ /)]));
    act(() => void fireEvent.keyDown(window, { key: 'Escape', keyCode: 27 }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/channels');
  });

  it('a refusal the player tells itself (4) goes to tracking in its silent form #04-PLAYZ, without a popup', async () => {
    const { device, tracked } = box();
    renderTv('/clip/1005/player', playing({ error: 4 }), device);
    await waitFor(() => expect(tracked).toEqual([expect.stringMatching(/^#04-PLAYZ /)]));
    expect(screen.queryByRole('alertdialog', { name: 'Lecture impossible' })).toBeNull();
  });

  it('other platforms have no set-top errors: no popup', async () => {
    const { device } = box('Tizen');
    renderTv('/channels', { 'GET /data': data, 'GET /channels': networkFailure }, device);
    expect(await screen.findByRole('button', { name: /Réessayer/ })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
