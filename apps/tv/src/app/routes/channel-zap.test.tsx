import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as PlayerModule from '@playz/player';
import { activePlayer } from '@playz/player';
import { remoteKeyOf } from '@playz/platform';
import { renderTv } from '@/test/render-tv';

const fake = vi.hoisted(() => ({
  calls: [] as string[],
  video: null as HTMLVideoElement | null,
  options: null as { standby?: boolean; onVideo?: (video: HTMLVideoElement) => void } | null,
  /** A zap shows this element, as a warm standby's swap does (decision 119). */
  swapTo: null as HTMLVideoElement | null,
}));

vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  return {
    ...actual,
    createPlayer: (video: HTMLVideoElement, options: NonNullable<typeof fake.options>) => {
      fake.video = video;
      fake.options = options;
      const state = { paused: false, ended: false, loading: false, currentTime: 0, duration: 0 };
      return {
        load: async (stream: { url: string }) => void fake.calls.push(`load ${stream.url}`),
        zap: async (stream: { url: string }) => {
          fake.calls.push(`zap ${stream.url}`);
          if (fake.swapTo) options.onVideo?.(fake.swapTo);
          return 'playing';
        },
        preload: (streams: readonly { url: string }[]) =>
          void fake.calls.push(`preload ${streams.map((s) => s.url).join(' ')}`),
        play: async () => 'playing',
        pause: () => {},
        seek: () => {},
        getState: () => state,
        getTracks: () => [],
        setQuality: () => {},
        destroy: async () => {},
      };
    },
  };
});

const customer = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
};
const channel = (channelID: number, name: string) => ({
  ...{ channelID, name, channelType: 'Stream', streamState: 'up', schedules: [], posterUrl: null },
  images: { backdrop: null },
});
const manifest = (channelID: number) => `/media/s/tok/l/${channelID}/manifest.mpd`;
const stream = (channelID: number) => ({
  response: {
    AdaptiveStream: {
      ...{ url: manifest(channelID), type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
      ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
    },
  },
});

describe('spec 2 §2 TV channel zap (decision 098)', () => {
  it('asks the neighbours’ stream URLs once the channel plays, preloads them, and zaps without asking again', async () => {
    fake.calls = [];
    const { calls, router } = renderTv('/channel/3/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
      'GET /channels': { response: { Channels: [channel(2, 'Deux'), channel(3, 'Trois'), channel(4, 'Quatre')] } },
      'GET /channel/2/url/adaptive': stream(2),
      'GET /channel/3/url/adaptive': stream(3),
      'GET /channel/4/url/adaptive': stream(4),
    });
    await waitFor(() => expect(fake.calls).toContain(`load ${manifest(3)}`));
    // Channel up and down: asked after the channel's own URL, with the same query.
    await waitFor(() =>
      expect(calls.filter((call) => call.endsWith('/url/adaptive'))).toEqual([
        'GET /channel/3/url/adaptive',
        'GET /channel/4/url/adaptive',
        'GET /channel/2/url/adaptive',
      ]),
    );
    // Nothing preloaded before the channel plays; once it does, both neighbours are.
    expect(fake.calls.some((call) => call.startsWith('preload'))).toBe(false);
    fireEvent(fake.video!, new Event('playing'));
    await waitFor(() => expect(fake.calls).toContain(`preload ${manifest(4)} ${manifest(2)}`), { timeout: 5000 });

    // A plain click, not testing-library's (its act() would flush any render and hide a late one).
    const next = await screen.findByRole('button', { name: 'Suivant' });
    next.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // Within the key's own task (flushSync, decision 119): the next channel's route rendered and its player
    // told before the key's handler returns, not at a later render.
    expect(fake.calls).toContain(`zap ${manifest(4)}`);
    expect(router.state.location.pathname).toBe('/channel/4/player');
    // The zap found its URL: channel 4's was asked once, before the key.
    expect(calls.filter((call) => call === 'GET /channel/4/url/adaptive')).toHaveLength(1);
  });

  it('decision 119: a device with two decoders gets a warm standby; the channel the viewer zaps towards comes first, and the screen follows the element shown', async () => {
    fake.calls = [];
    fake.swapTo = document.createElement('video');
    const device = { platform: 'Web' as const, lowMemory: false, standbyDecoder: true, exit: () => false };
    const { router, calls } = renderTv(
      '/channel/3/player',
      {
        'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
        'GET /channels': {
          response: { Channels: [1, 2, 3, 4].map((id) => channel(id, `Chaîne ${id}`)) },
        },
        ...Object.fromEntries([1, 2, 3, 4].map((id) => [`GET /channel/${id}/url/adaptive`, stream(id)])),
      },
      { ...device, remoteKeyOf: (event) => remoteKeyOf(event, 'Web') },
    );
    await waitFor(() => expect(fake.calls).toContain(`load ${manifest(3)}`));
    expect(fake.options?.standby).toBe(true);
    await waitFor(() => expect(calls).toContain('GET /channel/2/url/adaptive'));
    // Before any zap: channel up first.
    fireEvent(fake.video!, new Event('playing'));
    await waitFor(() => expect(fake.calls).toContain(`preload ${manifest(4)} ${manifest(2)}`), { timeout: 5000 });

    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/2/player'));
    await waitFor(() => expect(fake.calls).toContain(`zap ${manifest(2)}`));
    // The element the zap showed is the screen's now: the remote drives it, its start is watched.
    expect(activePlayer.current()?.video).toBe(fake.swapTo);
    await waitFor(() => expect(calls).toContain('GET /channel/1/url/adaptive'));
    fireEvent(fake.swapTo, new Event('playing'));
    // Zapped down: channel down (1) first, then up (3).
    await waitFor(() => expect(fake.calls).toContain(`preload ${manifest(1)} ${manifest(3)}`), { timeout: 5000 });
    fake.swapTo = null;
  });

  it('decision 119: a device not known to hold two decoders (the test device, every TV platform) has no standby', async () => {
    fake.calls = [];
    renderTv('/channel/3/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
      'GET /channels': { response: { Channels: [channel(2, 'Deux'), channel(3, 'Trois')] } },
      'GET /channel/3/url/adaptive': stream(3),
      'GET /channel/2/url/adaptive': stream(2),
    });
    await waitFor(() => expect(fake.calls).toContain(`load ${manifest(3)}`));
    expect(fake.options?.standby).toBe(false);
  });
});
