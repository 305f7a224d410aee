import type * as PlayerModule from '@playz/player';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionHints } from '@playz/queries';
import { bilingualFilm } from '@/test/fake-player';
import { renderTv } from '@/test/render-tv';

// The profile's subtitle and audio choices kept on the server (decision 081, beyond the spec):
// the TV player adopts them at start and saves a change. The player is a fake that records what
// it is told.

const fake = vi.hoisted(() => ({ calls: [] as string[] }));

vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  const { bilingualPlayerState, inertPlayerControls } = await import('@/test/fake-player');
  return {
    ...actual,
    createPlayer: (_video: HTMLVideoElement, options: PlayerModule.PlayerOptions) => {
      let preference: PlayerModule.LanguagePreference = actual.DEFAULT_LANGUAGE_PREFERENCE;
      const state = bilingualPlayerState(actual.DEFAULT_SUBTITLE_STYLE);
      const emit = () => options.onState?.({ ...state });
      const chosen = (next: Partial<PlayerModule.LanguagePreference>) => {
        preference = { ...preference, ...next };
        options.onLanguagesChosen?.(preference);
      };
      return {
        ...inertPlayerControls,
        load: async () => emit(),
        setAudioLanguage: (language: string) => {
          fake.calls.push(`audio ${language}`);
          chosen({ audio: language });
          state.languages = { ...state.languages!, audioLanguage: language };
          emit();
        },
        setSubtitleLanguage: (language: string | null) => {
          fake.calls.push(`subtitles ${language}`);
          chosen({ text: language });
          state.languages = { ...state.languages!, subtitleLanguage: language };
          emit();
        },
        setSubtitleStyle: (style: Partial<PlayerModule.SubtitleStyle>) => {
          chosen({ style: { ...preference.style, ...style } });
        },
        adoptLanguages: (next: PlayerModule.LanguagePreference) => {
          fake.calls.push(`adopt ${next.audio} ${next.text} ${next.style.size} ${next.style.background}`);
          preference = next;
          state.languages = { ...state.languages!, audioLanguage: next.audio ?? 'fr', subtitleLanguage: next.text };
          emit();
        },
        getLanguagePreference: () => preference,
        getState: () => ({ ...state }),
      };
    },
  };
});

const saved = {
  profileUUID: 'p-1',
  audioLanguage: 'en',
  subtitleLanguage: 'fr',
  subtitleSize: 'large',
  subtitleBackground: 'box',
  updatedAt: '2026-11-28T20:00:00.000Z',
};
const handlers = {
  ...bilingualFilm,
  'GET /customer/profile/languages': { response: { Languages: saved } },
  'POST /customer/profile/languages': { response: { Languages: saved } },
};

describe("TV player: the profile's subtitle and audio choices from the server (decision 081, beyond the spec)", () => {
  afterEach(() => {
    fake.calls = [];
    sessionHints.loggedIn = false;
    // Each test starts as the app does: /data not answered yet.
    sessionHints.customerKnown = false;
  });

  it('adopts the saved choices at start, shows them in the panel, and saves a change', async () => {
    const { calls } = renderTv('/clip/1005/player', handlers);
    fireEvent.click(await screen.findByRole('button', { name: 'Audio et sous-titres' }));
    await waitFor(() => expect(fake.calls).toContain('adopt en fr large box'));
    const panel = within(screen.getByRole('dialog', { name: 'Audio et sous-titres' }));
    const [subtitlesFrench] = panel.getAllByRole('button', { name: 'Français' });
    await waitFor(() => expect(subtitlesFrench!.getAttribute('aria-pressed')).toBe('true'));
    expect(calls.filter((call) => call === 'POST /customer/profile/languages')).toEqual([]);
    fireEvent.click(panel.getAllByRole('button', { name: 'English' })[0]!);
    await waitFor(() => expect(calls).toContain('POST /customer/profile/languages'));
  });

  it("keeps the TV's own copy when the server has nothing (an error answers)", async () => {
    const { calls } = renderTv('/clip/1005/player', {
      ...handlers,
      'GET /customer/profile/languages': { error: 11 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Audio et sous-titres' }));
    await waitFor(() => expect(calls).toContain('GET /customer/profile/languages'));
    expect(fake.calls.filter((call) => call.startsWith('adopt'))).toEqual([]);
  });
});
