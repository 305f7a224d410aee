import type * as PlayerModule from '@playz/player';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

// The player is a fake that plays at once (the channel panel is opened over a playing film).
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

// Spec 1 §6 family safety (decisions 064, 082): on the TV the CSA badge of a content, a series or
// a programme on air follows it onto every card and live line; a card is named by its title and
// its rating is said as its description.
const images = { landscape: '/media/l.jpg', portrait: '/media/p.jpg', backdrop: null };
const content = (contentID: number, title: string, rating: number) => ({
  ...{ contentID, contentType: 'Film', title, description: '', images, metadata: {}, duration: 5400 },
  ...{ playbackTime: null, percentage: null, thumbnailUrl: null, posterUrl: null, rating },
});
const rated = content(1011, 'Le Ciel en feu', 16);
const allAudiences = content(1003, 'Les Aurores', 0);
const series = {
  ...{ ID: 2003, name: 'Brigade du Port', type: 'Series', description: '', images, posterUrl: null, rating: 12 },
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const channel = (channelID: number, name: string, onAir: ReturnType<typeof content>) => ({
  ...{ channelID, name, description: '', channelType: 'Playlist', posterUrl: null, thumbnailUrl: null },
  ...{ images: { landscape: null, portrait: null, backdrop: null }, currentContent: onAir },
  schedules: [{ scheduleID: channelID * 10, dateScheduled: minutesAgo(10), duration: 5400, content: onAir }],
});
const channels = { response: { Channels: [channel(13, 'Polar', rated), channel(14, 'Ciné Club', allAudiences)] } };
const customer = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
};
const data = { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } };

describe('spec 1 §6 rating badges on the TV’s cards and live lines (decision 082)', () => {
  it('spec 1 §6 home rows: a rated film, a rated series and a channel with a rated programme on air', async () => {
    const rows = [
      {
        rowType: 'ReplayMovies',
        typeID: null,
        style: 'Landscape',
        title: 'Films',
        data: { Collection: [rated, allAudiences] },
      },
      { rowType: 'ReplaySeries', typeID: null, style: 'Portrait', title: 'Séries', data: { Series: [series] } },
      {
        ...{ rowType: 'Channels', typeID: null, style: 'Rounded', title: 'Chaînes' },
        data: { Channels: [channel(13, 'Polar', rated)] },
      },
    ];
    renderTv('/', { 'GET /data': data, 'GET /page/home/rows': { response: { Rows: rows } } });
    const film = await screen.findByRole('link', { name: 'Le Ciel en feu' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Le Ciel en feu', description: 'Déconseillé aux moins de 16 ans' })).toBe(
      film,
    );
    expect(within(film).getByRole('img', { name: 'Déconseillé aux moins de 16 ans' }).textContent).toBe('-16');
    expect(
      screen.getByRole('link', { name: 'Brigade du Port', description: 'Déconseillé aux moins de 12 ans' }),
    ).toBeTruthy();
    const polar = screen.getByRole('link', { name: 'Polar', description: 'Déconseillé aux moins de 16 ans' });
    // A round logo has no corner: the badge follows the caption.
    expect(within(polar).getByRole('img').parentElement?.className).toBe('tile__caption');
    const aurores = screen.getByRole('link', { name: 'Les Aurores' });
    expect(aurores.hasAttribute('aria-describedby')).toBe(false);
    expect(within(aurores).queryByRole('img')).toBeNull();
  });

  it('spec 1 §6 category page and replay: rated contents’ cards carry the badge', async () => {
    const view = renderTv('/category/2', {
      'GET /data': data,
      'GET /category/2': { response: { Category: { ID: 2, name: 'Films', slug: 'films', contents: [rated] } } },
    });
    const film = await screen.findByRole('link', { name: 'Le Ciel en feu' }, { timeout: 5000 });
    expect(within(film).getByRole('img', { name: 'Déconseillé aux moins de 16 ans' }).textContent).toBe('-16');
    view.unmount();
    renderTv('/replay', {
      'GET /data': data,
      'GET /replay/last-hours': { response: { Collection: [rated] } },
      'GET /replay/channels': { response: { Collections: [] } },
    });
    const programme = await screen.findByRole('link', { name: 'Le Ciel en feu' }, { timeout: 5000 });
    expect(within(programme).getByRole('img').textContent).toBe('-16');
  });

  it('spec 1 §6 live channels: the programme on air’s badge follows its title, said after the channel', async () => {
    renderTv('/channels', { 'GET /data': data, 'GET /channels': channels });
    const polar = await screen.findByRole('link', { name: 'Polar' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Polar', description: 'Déconseillé aux moins de 16 ans' })).toBe(polar);
    expect(within(polar).getByRole('img', { name: 'Déconseillé aux moins de 16 ans' })).toBeTruthy();
    expect(polar.querySelector('.channel-card__programme')?.textContent).toBe('Le Ciel en feu-16');
    expect(screen.getByRole('link', { name: 'Ciné Club' }).hasAttribute('aria-describedby')).toBe(false);
  });

  it('spec 1 §6 programme guide: a rated programme’s cell and its details carry the badge', async () => {
    renderTv('/guide', {
      'GET /data': data,
      'GET /channels': channels,
      'GET /channel/13/schedule': { response: { Schedules: channels.response.Channels[0]!.schedules } },
      'GET /channel/14/schedule': { response: { Schedules: channels.response.Channels[1]!.schedules } },
    });
    const cell = await screen.findByRole(
      'gridcell',
      { name: /^Le Ciel en feu Déconseillé aux moins de 16 ans/ },
      {
        timeout: 5000,
      },
    );
    expect(within(cell).getByRole('img').textContent).toBe('-16');
    expect(within(screen.getByRole('gridcell', { name: /^Les Aurores/ })).queryByRole('img')).toBeNull();
  });

  it('spec 1 §6 the channel player: the programme on air’s badge beside the channel’s name', async () => {
    renderTv('/channel/13/player', {
      'GET /data': data,
      'GET /channels': channels,
      'GET /channel/13/url/adaptive': {
        response: {
          AdaptiveStream: {
            ...{ url: '/live/tok/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
            ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
          },
        },
      },
    });
    const title = await screen.findByRole(
      'heading',
      { level: 1, name: /^Polar ?Déconseillé aux moins de 16 ans$/ },
      {
        timeout: 5000,
      },
    );
    expect(within(title).getByRole('img').textContent).toBe('-16');
  });

  it('spec 1 §6 the player’s channel panel: the programme on air’s badge, in the channel’s name', async () => {
    renderTv('/clip/1003/player', {
      'GET /data': data,
      'GET /content/1003': { response: { Content: allAudiences } },
      'GET /content/1003/url/adaptive': {
        response: {
          AdaptiveStream: {
            ...{ url: '/media/s/tok/c/1003/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
            ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
          },
        },
      },
      'GET /channels': channels,
    });
    await screen.findByRole('heading', { level: 1, name: 'Les Aurores' }, { timeout: 5000 });
    act(() => void fireEvent.keyDown(window, { key: 'Guide' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Chaînes' }));
    const polar = await panel.findByRole(
      'button',
      { name: /Polar ?Le Ciel en feu Déconseillé aux moins de 16 ans$/ },
      { timeout: 5000 },
    );
    expect(within(polar).getByRole('img').textContent).toBe('-16');
    expect(within(panel.getByRole('button', { name: /Ciné Club/ })).queryByRole('img')).toBeNull();
  });
});
