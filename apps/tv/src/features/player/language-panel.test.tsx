import type * as PlayerModule from '@playz/player';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { bilingualFilm } from '@/test/fake-player';
import { renderTv } from '@/test/render-tv';

// Audio and subtitles on the TV player (decisions 068, 069; beyond the spec): a panel the D-pad
// moves through. The player is a fake whose streams speak French and English with subtitles in both.

const fake = vi.hoisted(() => ({ calls: [] as string[] }));

vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  const { bilingualPlayerState, inertPlayerControls } = await import('@/test/fake-player');
  return {
    ...actual,
    createPlayer: (_video: HTMLVideoElement, options: PlayerModule.PlayerOptions) => {
      const state = bilingualPlayerState(actual.DEFAULT_SUBTITLE_STYLE);
      const emit = () => options.onState?.({ ...state });
      const languages = state.languages!;
      return {
        ...inertPlayerControls,
        load: async () => emit(),
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
        getState: () => ({ ...state }),
      };
    },
  };
});

describe('TV player audio and subtitles (decisions 068, 069)', () => {
  it('opens the panel from the buttons, chooses English subtitles and audio and a size, and Back closes it', async () => {
    renderTv('/clip/1005/player', bilingualFilm);
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
