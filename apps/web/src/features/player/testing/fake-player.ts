import { vi } from 'vitest';
import type * as PlayerModule from '@playz/player';
import type { PlayerOptions, PlayerState, QualityPreference, QualityTrack } from '@playz/player';

/**
 * The adapter replaced by a fake whose state the test drives, so the player's rules are checked
 * without Shaka or media decoding. A test file mocks @playz/player with `fakePlayerModule`:
 *
 *   vi.mock('@playz/player', async (importOriginal) =>
 *     (await import('../testing/fake-player')).fakePlayerModule(importOriginal));
 */
export const fake = {
  options: null as PlayerOptions | null,
  state: null as unknown as PlayerState,
  tracks: [] as QualityTrack[],
  playResult: 'playing' as 'playing' | 'muted' | 'blocked',
  calls: [] as string[],
  created: 0,
  /** What the openings give the player (decision 044), and what they were asked. */
  opening: null as PlayerModule.TakenOpening | null,
  openingCalls: [] as string[],
  /** An opening still loading (decision 111): `settled` resolves when the test calls `settle`. */
  pendingOpening: null as { key: string; settle: () => void } | null,
  /**
   * A zap shows a warm standby (decision 128) when the player was made with one: the element on
   * screen is swapped for another the fake makes, as the real player does, and the page is told.
   */
  swapOnZap: false,
  /** The viewer's remembered languages (the player's getLanguagePreference). */
  preference: {
    audio: null,
    text: null,
    style: { size: 'medium', background: 'box' },
  } as PlayerModule.LanguagePreference,
};

/** Before each test: nothing made, three heights, a paused 10-minute film at its start. */
export function resetFake() {
  fake.options = null;
  fake.opening = null;
  fake.openingCalls = [];
  fake.pendingOpening = null;
  fake.calls = [];
  fake.created = 0;
  fake.swapOnZap = false;
  fake.playResult = 'playing';
  fake.preference = { audio: null, text: null, style: { size: 'medium', background: 'box' } };
  fake.tracks = [
    { height: 720, width: 1280, bandwidth: 2_500_000, active: true },
    { height: 480, width: 854, bandwidth: 1_000_000, active: false },
    { height: 270, width: 480, bandwidth: 400_000, active: false },
  ];
  fake.state = {
    paused: true,
    loading: false,
    seeking: false,
    muted: false,
    ended: false,
    currentTime: 0,
    duration: 600,
    quality: 'auto',
    activeHeight: 720,
    live: false,
    seekStart: 0,
    seekEnd: 600,
  };
}

export async function fakePlayerModule(importOriginal: () => Promise<unknown>): Promise<typeof PlayerModule> {
  const actual = (await importOriginal()) as typeof PlayerModule;
  const openings: PlayerModule.Openings = {
    prepare: () => {},
    launch: () => false,
    take: (key: string) => {
      fake.openingCalls.push(`take ${key}`);
      const taken = fake.opening;
      fake.opening = null;
      return taken;
    },
    pending: (key: string) => fake.pendingOpening?.key === key,
    settled: async (key: string) => {
      const pending = fake.pendingOpening;
      if (pending?.key !== key) return;
      fake.openingCalls.push(`wait ${key}`);
      await new Promise<void>((resolve) => (pending.settle = resolve));
      fake.pendingOpening = null;
    },
    // The player page waits for `settled` (a player's element to take), never for a stand-in's picture.
    pictured: async () => {},
    drop: () => void fake.openingCalls.push('drop'),
  };
  return {
    ...actual,
    openings,
    mediaElementFor: (key: string | undefined) => actual.mediaElementFor(key, openings),
    createPlayer: (video: HTMLVideoElement, options: PlayerOptions = {}) => {
      fake.options = options;
      let shown = video;
      fake.created++;
      const emit = () => options.onState?.({ ...fake.state });
      // As the real player: a viewer's change is told with the whole preference (decision 081).
      const chosen = (next: Partial<PlayerModule.LanguagePreference>) => {
        fake.preference = { ...fake.preference, ...next };
        options.onLanguagesChosen?.({ ...fake.preference });
      };
      return {
        load: vi.fn(async (stream: { url: string }, start?: PlayerModule.StartPosition) => {
          fake.calls.push(`load ${stream.url} ${start ?? ''}`.trim());
        }),
        zap: vi.fn(async (stream: { url: string }, start?: PlayerModule.StartPosition) => {
          fake.calls.push(`zap ${stream.url} ${start ?? ''}`.trim());
          if (fake.swapOnZap && options.standby && start === undefined) {
            // The standby's element takes the shown one's place; the one left stays, hidden, behind it.
            const next = document.createElement('video');
            next.className = shown.className;
            shown.before(next);
            shown.setAttribute('aria-hidden', 'true');
            shown = next;
            options.onVideo?.(next);
          }
          return fake.playResult;
        }),
        preload: vi.fn((streams: readonly { url: string }[]) => {
          fake.calls.push(`preload ${streams.map((s) => s.url).join(' ')}`.trim());
        }),
        seekToLiveEdge: vi.fn(() => void fake.calls.push('live edge')),
        play: vi.fn(async () => {
          fake.calls.push('play');
          fake.state = { ...fake.state, paused: false, muted: fake.playResult === 'muted' };
          emit();
          return fake.playResult;
        }),
        pause: vi.fn(() => {
          fake.calls.push('pause');
          fake.state = { ...fake.state, paused: true };
          emit();
        }),
        seek: vi.fn((time: number) => {
          fake.calls.push(`seek ${time}`);
          fake.state = { ...fake.state, currentTime: time };
          emit();
        }),
        setMuted: vi.fn((muted: boolean) => {
          fake.calls.push(`muted ${muted}`);
          fake.state = { ...fake.state, muted };
          emit();
        }),
        setQuality: vi.fn((quality: QualityPreference) => {
          fake.calls.push(`quality ${quality}`);
          fake.state = { ...fake.state, quality };
          emit();
        }),
        setAudioLanguage: vi.fn((language: string) => {
          fake.calls.push(`audio ${language}`);
          chosen({ audio: language });
          const languages = fake.state.languages;
          if (languages) fake.state = { ...fake.state, languages: { ...languages, audioLanguage: language } };
          emit();
        }),
        setSubtitleLanguage: vi.fn((language: string | null) => {
          fake.calls.push(`subtitles ${language}`);
          chosen({ text: language });
          const languages = fake.state.languages;
          if (languages) fake.state = { ...fake.state, languages: { ...languages, subtitleLanguage: language } };
          emit();
        }),
        setSubtitleStyle: vi.fn((style: Partial<PlayerModule.SubtitleStyle>) => {
          fake.calls.push(`subtitle style ${JSON.stringify(style)}`);
          chosen({ style: { ...fake.preference.style, ...style } });
          const languages = fake.state.languages;
          if (languages)
            fake.state = {
              ...fake.state,
              languages: { ...languages, subtitleStyle: { ...languages.subtitleStyle, ...style } },
            };
          emit();
        }),
        adoptLanguages: vi.fn((preference: PlayerModule.LanguagePreference) => {
          fake.calls.push(`adopt ${JSON.stringify(preference)}`);
          fake.preference = preference;
          const languages = fake.state.languages;
          if (languages)
            fake.state = {
              ...fake.state,
              languages: {
                ...languages,
                audioLanguage: preference.audio ?? languages.audioLanguage,
                subtitleLanguage: preference.text,
                subtitleStyle: preference.style,
              },
            };
          emit();
        }),
        getLanguagePreference: () => ({ ...fake.preference }),
        getTracks: () => fake.tracks,
        getState: () => ({ ...fake.state }),
        destroy: vi.fn(async () => {
          fake.calls.push('destroy');
        }),
      };
    },
  };
}
