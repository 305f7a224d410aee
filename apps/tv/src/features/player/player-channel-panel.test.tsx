import type * as PlayerModule from '@playz/player';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

// The player is a fake that plays at once: the screen stays as it is (no stream refused).
vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  return {
    ...actual,
    createPlayer: (_video: HTMLVideoElement, options: PlayerModule.PlayerOptions) => {
      const state: PlayerModule.PlayerState = {
        ...{ paused: false, loading: false, seeking: false, muted: false, ended: false, currentTime: 0 },
        ...{ duration: 1500, quality: 'auto', activeHeight: 720, live: false, seekStart: 0, seekEnd: 1500 },
      };
      const emit = async () => void options.onState?.({ ...state });
      return {
        ...{ load: emit, zap: emit, preload: () => {}, play: async () => 'playing' as const, pause: () => {} },
        ...{ seek: () => {}, seekToLiveEdge: () => {}, setMuted: () => {}, setQuality: () => {} },
        ...{ setAudioLanguage: () => {}, setSubtitleLanguage: () => {}, setSubtitleStyle: () => {} },
        ...{ getTracks: () => [], getState: () => ({ ...state }), destroy: async () => {} },
      };
    },
  };
});
const stream = (id: number) => ({
  response: {
    AdaptiveStream: {
      ...{ url: `/media/s/tok/c/${id}/manifest.mpd`, type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
      ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
    },
  },
});

const customer = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
};
const data = { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } };
const press = (key: string) => act(() => void fireEvent.keyDown(window, { key }));

const episode = (contentID: number, season: number, episodeNumber: number) => ({
  ...{ contentID, contentType: 'Episode', title: `S${season - 2100} É${episodeNumber}`, episodeNumber },
  ...{ seriesID: 2001, contentListID: season, images: {}, duration: 1500, playbackTime: null },
});
const season = (ID: number, contents: unknown[]) => ({ Season: { ID, name: `Saison ${ID - 2100}`, contents } });

describe('spec 2 §2 previous/next on a TV episode (decision 075)', () => {
  it('goes to the episode after in its season, and from a season’s first to the last of the season before', async () => {
    const { router, calls } = renderTv('/clip/3201/player', {
      'GET /data': data,
      'GET /content/3201': { response: { Content: episode(3201, 2102, 1) } },
      'GET /content/3202': { response: { Content: episode(3202, 2102, 2) } },
      'GET /series/2001': { response: { Series: { ID: 2001, seasons: [{ ID: 2101 }, { ID: 2102 }] } } },
      // Out of order on purpose: the episode number decides.
      'GET /season/2102': { response: season(2102, [episode(3202, 2102, 2), episode(3201, 2102, 1)]) },
      'GET /season/2101': { response: season(2101, [episode(3102, 2101, 2), episode(3101, 2101, 1)]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clip/3202/player'));
    expect(await screen.findByRole('heading', { level: 1, name: 'S2 É2' })).toBeTruthy();
    // The season's last episode, and the series' last season: no Next.
    expect(screen.queryByRole('button', { name: 'Suivant' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clip/3201/player'));
    await screen.findByRole('heading', { level: 1, name: 'S2 É1' });
    // The season's first: Previous asks the season before and plays its last episode.
    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clip/3102/player'));
    expect(calls).toContain('GET /season/2101');
  });

  it('a film has neither', async () => {
    renderTv('/clip/1005/player', {
      'GET /data': data,
      'GET /content/1005': { response: { Content: { ...episode(1005, 0, 0), contentType: 'Film', title: 'Film' } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Film' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Précédent' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suivant' })).toBeNull();
  });
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const channel = (channelID: number, name: string, onAir: string) => ({
  ...{ channelID, name, channelType: 'Stream', streamState: 'up', posterUrl: null, thumbnailUrl: null },
  images: { backdrop: null },
  schedules: [
    {
      ...{ scheduleID: channelID * 10, dateScheduled: minutesAgo(10), duration: 3600 },
      content: { contentID: channelID * 100, title: onAir, images: {} },
    },
  ],
});
const channels = {
  response: {
    Channels: [
      channel(1, 'Playz Info', 'Le Journal'),
      channel(2, 'Playz Sport', 'Le Match'),
      channel(3, 'Ciné Club', 'Coulisses'),
    ],
  },
};

describe('spec 1 §2 the channel side panel on the TV player (decision 075)', () => {
  it('Guide opens the channels with the programme on air over a film; OK on one opens its player', async () => {
    const { router } = renderTv('/clip/1005/player', {
      'GET /data': data,
      'GET /content/1005': { response: { Content: { ...episode(1005, 0, 0), contentType: 'Film', title: 'Film' } } },
      'GET /content/1005/url/adaptive': stream(1005),
      'GET /channels': channels,
    });
    await screen.findByRole('heading', { level: 1, name: 'Film' });
    press('Guide');
    const panel = within(await screen.findByRole('dialog', { name: 'Chaînes' }));
    const sport = await panel.findByRole('button', { name: /Playz Sport/ });
    expect(sport.textContent).toContain('Le Match');
    // The first channel has the focus; OK plays it, the film stays behind (back returns to it).
    await waitFor(() =>
      expect(panel.getByRole('button', { name: /Playz Info/ }).hasAttribute('data-focused')).toBe(true),
    );
    press('Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/1/player'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.queryByRole('dialog', { name: 'Chaînes' })).toBeNull();
  });

  it('on a channel, the bar’s button opens it on the channel playing; a choice zaps in place, back closes it', async () => {
    const { router } = renderTv('/channel/2/player', { 'GET /data': data, 'GET /channels': channels });
    fireEvent.click(await screen.findByRole('button', { name: 'Chaînes' }));
    let panel = within(await screen.findByRole('dialog', { name: 'Chaînes' }));
    const current = panel.getByRole('button', { name: /Playz Sport/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(current.hasAttribute('data-focused')).toBe(true));
    // Escape is a browser TV's Back: the panel closes, the player stays.
    press('Escape');
    expect(screen.queryByRole('dialog', { name: 'Chaînes' })).toBeNull();
    expect(router.state.location.pathname).toBe('/channel/2/player');

    // From the player's buttons, Guide opens it too; closing it gives the focus back to the buttons.
    press('ArrowDown');
    press('Guide');
    expect(await screen.findByRole('dialog', { name: 'Chaînes' })).toBeTruthy();
    press('Escape');
    expect(screen.queryByRole('dialog', { name: 'Chaînes' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Chaînes' }).hasAttribute('data-focused')).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Chaînes' }));
    panel = within(await screen.findByRole('dialog', { name: 'Chaînes' }));
    fireEvent.click(panel.getByRole('button', { name: /Ciné Club/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/3/player'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
