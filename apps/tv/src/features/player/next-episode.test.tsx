import type * as PlayerModule from '@playz/player';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';
import { mayAutoplay } from './next-episode-card';

// The player is a fake that plays at once; `endEpisode` makes the playing one reach its end.
let endEpisode: () => void = () => {};
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
      endEpisode = () => options.onState?.({ ...state, paused: true, ended: true, currentTime: 1500 });
      return {
        ...{ load: emit, zap: emit, preload: () => {}, play: async () => 'playing' as const, pause: () => {} },
        ...{ seek: () => {}, seekToLiveEdge: () => {}, setMuted: () => {}, setQuality: () => {} },
        ...{ setAudioLanguage: () => {}, setSubtitleLanguage: () => {}, setSubtitleStyle: () => {} },
        ...{ getTracks: () => [], getState: () => ({ ...state }), destroy: async () => {} },
      };
    },
  };
});

const stream = {
  response: {
    AdaptiveStream: {
      ...{ url: '/media/s/tok/c/1/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
      ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
    },
  },
};
const customer = (extra: Record<string, unknown> = {}) => ({
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
  ...{ profiles: [], currentProfileIndex: 0, ...extra },
});
const data = (extra?: Record<string, unknown>) => ({
  response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer(extra) },
});
const press = (key: string) => act(() => void fireEvent.keyDown(window, { key }));
const episode = (contentID: number, season: number, episodeNumber: number, rating = 0) => ({
  ...{ contentID, contentType: 'Episode', title: `S${season - 2100} É${episodeNumber}`, episodeNumber, rating },
  ...{ seriesID: 2001, contentListID: season, images: {}, duration: 1500, playbackTime: null, metadata: {} },
});
const season = (ID: number, contents: unknown[]) => ({ Season: { ID, name: `Saison ${ID - 2100}`, contents } });
const series = { response: { Series: { ID: 2001, seasons: [{ ID: 2101 }, { ID: 2102 }] } } };

function playEpisode(
  id: number,
  next: ReturnType<typeof episode>,
  customerExtra?: Record<string, unknown>,
  rating = 0,
) {
  return renderTv(`/clip/${id}/player`, {
    'GET /data': data(customerExtra),
    [`GET /content/${id}`]: { response: { Content: episode(id, 2101, 1, rating) } },
    [`GET /content/${id}/url/adaptive`]: stream,
    'GET /series/2001': series,
    'GET /season/2101': { response: season(2101, [episode(id, 2101, 1, rating), next]) },
    [`GET /content/${next.contentID}`]: { response: { Content: next } },
  });
}
const card = () => screen.findByRole('dialog', { name: 'Épisode suivant' }, { timeout: 5000 });

// Spec 2 §4 "the end of an episode plays the next one" (decision 082): on the TV, a card says
// which and when, and lets the viewer play it now or stay.
describe('spec 2 §4 the next episode on the TV player (decision 082)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it("spec 1 §6 the player's title says the rating as a word of its own (decision 082)", async () => {
    playEpisode(3201, episode(3202, 2101, 2), undefined, 12);
    // "S1 É1 Déconseillé…", not "S1 É1Déconseillé…" run together.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'S1 É1 Déconseillé aux moins de 12 ans' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });

  it('spec 2 §4 next episode: the card counts 10 s down from the end, then the next episode plays', async () => {
    const { router } = playEpisode(3101, episode(3102, 2101, 2));
    await screen.findByRole('heading', { level: 1, name: 'S1 É1' }, { timeout: 5000 });
    act(() => endEpisode());
    const dialog = within(await card());
    expect(dialog.getByText('Épisode suivant dans 10 s')).toBeTruthy();
    expect(dialog.getByRole('heading', { name: 'S1 É2' })).toBeTruthy();
    // The focus is on Play now; Cancel is one press to the right.
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Lire maintenant' }).hasAttribute('data-focused')).toBe(true),
    );
    expect(dialog.getByRole('button', { name: 'Annuler' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(4000));
    expect(dialog.getByText('Épisode suivant dans 6 s')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/clip/3101/player');
    act(() => vi.advanceTimersByTime(6000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clip/3102/player'));
    expect(await screen.findByRole('heading', { level: 1, name: 'S1 É2' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Épisode suivant' })).toBeNull();
  });

  it('spec 2 §4 next episode: OK on Play now plays it at once', async () => {
    const { router } = playEpisode(3101, episode(3102, 2101, 2));
    await screen.findByRole('heading', { level: 1, name: 'S1 É1' }, { timeout: 5000 });
    act(() => endEpisode());
    const dialog = within(await card());
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Lire maintenant' }).hasAttribute('data-focused')).toBe(true),
    );
    press('Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clip/3102/player'));
    // In place: Back from the next episode leaves for the page the viewer came from.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('spec 2 §4 next episode: Back, or Cancel, closes the card and nothing plays', async () => {
    const { router } = playEpisode(3101, episode(3102, 2101, 2));
    await screen.findByRole('heading', { level: 1, name: 'S1 É1' }, { timeout: 5000 });
    act(() => endEpisode());
    const dialog = within(await card());
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Lire maintenant' }).hasAttribute('data-focused')).toBe(true),
    );
    // Escape is a browser TV's Back.
    press('Escape');
    expect(screen.queryByRole('dialog', { name: 'Épisode suivant' })).toBeNull();
    act(() => vi.advanceTimersByTime(15_000));
    expect(router.state.location.pathname).toBe('/clip/3101/player');
    // The player has the keys again: Back now leaves it.
    expect(screen.getByRole('heading', { level: 1, name: 'S1 É1' })).toBeTruthy();
  });

  it('spec 2 §4 next episode: Cancel reached with the D-pad closes it too', async () => {
    const { router } = playEpisode(3101, episode(3102, 2101, 2));
    await screen.findByRole('heading', { level: 1, name: 'S1 É1' }, { timeout: 5000 });
    act(() => endEpisode());
    const dialog = within(await card());
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Lire maintenant' }).hasAttribute('data-focused')).toBe(true),
    );
    press('ArrowRight');
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Annuler' }).hasAttribute('data-focused')).toBe(true),
    );
    press('Enter');
    expect(screen.queryByRole('dialog', { name: 'Épisode suivant' })).toBeNull();
    act(() => vi.advanceTimersByTime(15_000));
    expect(router.state.location.pathname).toBe('/clip/3101/player');
  });

  it('spec 1 §6 next episode: one the parental code protects does not start by itself; Play now opens its player', async () => {
    const { router } = playEpisode(3101, episode(3102, 2101, 2, 16), { hasParentalCode: true, parentalThreshold: 16 });
    await screen.findByRole('heading', { level: 1, name: 'S1 É1' }, { timeout: 5000 });
    act(() => endEpisode());
    const dialog = within(await card());
    expect(dialog.queryByText(/dans \d+ s/)).toBeNull();
    expect(dialog.getByRole('img', { name: 'Déconseillé aux moins de 16 ans' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(15_000));
    expect(router.state.location.pathname).toBe('/clip/3101/player');
    fireEvent.click(dialog.getByRole('button', { name: 'Lire maintenant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clip/3102/player'));
  });

  it('spec 2 §4 next episode: from a season’s last, the first of the next season; none at the series’ end', async () => {
    const view = renderTv('/clip/3102/player', {
      'GET /data': data(),
      'GET /content/3102': { response: { Content: episode(3102, 2101, 2) } },
      'GET /content/3102/url/adaptive': stream,
      'GET /series/2001': series,
      'GET /season/2101': { response: season(2101, [episode(3101, 2101, 1), episode(3102, 2101, 2)]) },
      'GET /season/2102': { response: season(2102, [episode(3202, 2102, 2), episode(3201, 2102, 1)]) },
      'GET /content/3202': { response: { Content: episode(3202, 2102, 2) } },
      'GET /content/3202/url/adaptive': stream,
    });
    await screen.findByRole('heading', { level: 1, name: 'S1 É2' }, { timeout: 5000 });
    act(() => endEpisode());
    expect(within(await card()).getByRole('heading', { name: 'S2 É1' })).toBeTruthy();
    view.unmount();
    renderTv('/clip/3202/player', {
      'GET /data': data(),
      'GET /content/3202': { response: { Content: episode(3202, 2102, 2) } },
      'GET /content/3202/url/adaptive': stream,
      'GET /series/2001': series,
      'GET /season/2102': { response: season(2102, [episode(3201, 2102, 1), episode(3202, 2102, 2)]) },
    });
    await screen.findByRole('heading', { level: 1, name: 'S2 É2' }, { timeout: 5000 });
    act(() => endEpisode());
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('dialog', { name: 'Épisode suivant' })).toBeNull();
  });

  it('spec 1 §6 next episode: who is taken into it by itself', () => {
    type Viewer = Parameters<typeof mayAutoplay>[1];
    const viewer = (isKids: boolean, hasParentalCode: boolean, parentalThreshold: number): Viewer => ({
      ...{ hasParentalCode, parentalThreshold, currentProfileIndex: 0 },
      profiles: [
        {
          UUID: 'p',
          userName: 'P',
          posterUrl: null,
          previewUrl: null,
          thumbnailUrl: null,
          profilePictureID: null,
          isKids,
        },
      ],
    });
    const rated = (rating: number) => ({ contentID: 1, title: 'É', episodeNumber: 1, rating });
    const kids = viewer(true, false, 16);
    const adult = viewer(false, false, 16);
    const withCode = viewer(false, true, 12);
    // A kids profile: tous publics and -10 only (decision 059).
    expect([0, 10, 12, 18].map((r) => mayAutoplay(rated(r), kids))).toEqual([true, true, false, false]);
    // An account without a code is asked nothing.
    expect([0, 16, 18].map((r) => mayAutoplay(rated(r), adult))).toEqual([true, true, true]);
    // With a code, nothing at or above its threshold.
    expect([10, 12, 16].map((r) => mayAutoplay(rated(r), withCode))).toEqual([true, false, false]);
  });
});
