import type * as PlayerModule from '@playz/player';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

// Audio and subtitles on the TV player (decisions 068, 069; beyond the spec): a panel the D-pad
// moves through. The player is a fake whose streams speak French and English with subtitles in both.

const fake = vi.hoisted(() => ({ calls: [] as string[] }));

vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  return {
    ...actual,
    createPlayer: (_video: HTMLVideoElement, options: PlayerModule.PlayerOptions) => {
      const state: PlayerModule.PlayerState = {
        ...{ paused: true, loading: false, seeking: false, muted: false, ended: false, currentTime: 0 },
        ...{ duration: 32, quality: 'auto', activeHeight: 720, live: false, seekStart: 0, seekEnd: 32 },
        languages: {
          audio: [
            { language: 'fr', label: 'Français' },
            { language: 'en', label: 'English' },
          ],
          audioLanguage: 'fr',
          subtitles: [
            { language: 'fr', label: 'Français' },
            { language: 'en', label: 'English' },
          ],
          subtitleLanguage: null,
          subtitleStyle: actual.DEFAULT_SUBTITLE_STYLE,
        },
      };
      const emit = () => options.onState?.({ ...state });
      const languages = state.languages!;
      return {
        load: async () => emit(),
        zap: async () => 'playing' as const,
        preload: () => {},
        play: async () => 'playing' as const,
        pause: () => {},
        seek: () => {},
        seekToLiveEdge: () => {},
        setMuted: () => {},
        setQuality: () => {},
        setAudioLanguage: (language: string) => {
          fake.calls.push(`audio ${language}`);
          state.languages = { ...languages, ...state.languages, audioLanguage: language };
          emit();
        },
        setSubtitleLanguage: (language: string | null) => {
          fake.calls.push(`subtitles ${language}`);
          state.languages = { ...languages, ...state.languages, subtitleLanguage: language };
          emit();
        },
        setSubtitleStyle: (style: Partial<PlayerModule.SubtitleStyle>) => {
          fake.calls.push(`style ${JSON.stringify(style)}`);
        },
        getTracks: () => [],
        getState: () => ({ ...state }),
        destroy: async () => {},
      };
    },
  };
});

const film = { contentID: 1005, contentType: 'Film', title: 'Deux voix', images: {}, duration: 32, playbackTime: null };
const customer = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
};
const stream = {
  AdaptiveStream: {
    ...{ url: '/media/s/tok/c/1005/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
    ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
  },
};

describe('TV player audio and subtitles (decisions 068, 069)', () => {
  it('opens the panel from the buttons, chooses English subtitles and audio and a size, and Back closes it', async () => {
    renderTv('/clip/1005/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
      'GET /content/1005': { response: { Content: film } },
      'GET /content/1005/url/adaptive': { response: stream },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Audio et sous-titres' }));
    const panel = within(screen.getByRole('dialog', { name: 'Audio et sous-titres' }));
    expect(panel.getByRole('button', { name: 'Désactivés' }).getAttribute('aria-pressed')).toBe('true');
    const [subtitlesEnglish, audioEnglish] = panel.getAllByRole('button', { name: 'English' });
    fireEvent.click(subtitlesEnglish!);
    fireEvent.click(audioEnglish!);
    fireEvent.click(panel.getByRole('button', { name: 'Grande' }));
    expect(fake.calls).toEqual(['subtitles en', 'audio en', 'style {"size":"large"}']);
    expect(panel.getAllByRole('button', { name: 'English' })[0]!.getAttribute('aria-pressed')).toBe('true');
    // Escape is the Back key of a browser TV (platform key codes).
    act(() => void fireEvent.keyDown(window, { key: 'Escape', keyCode: 27 }));
    expect(screen.queryByRole('dialog', { name: 'Audio et sous-titres' })).toBeNull();
    // Still on the player: Back closed the panel, not the screen.
    expect(screen.getByRole('button', { name: 'Audio et sous-titres' })).toBeTruthy();
  });
});
