import { vi } from 'vitest';
import type { Openings } from './openings';
import { DEFAULT_SUBTITLE_STYLE, type SubtitleStyle } from './language-preference';
import type { PlayerLanguages, PlayerState } from './player';

/**
 * For tests of what drives the openings (the web's links, the TV's Play, the shared intent):
 * openings that record the keys prepared and launch any key at once into `launched`.
 */
export function recordingOpenings() {
  const prepared: string[] = [];
  const launched = document.createElement('video');
  const openings: Openings = {
    prepare: (key) => void prepared.push(key),
    launch: vi.fn((_key: string, place: (video: HTMLVideoElement) => void) => {
      place(launched);
      return true;
    }),
    take: () => null,
    pending: () => false,
    settled: async () => {},
    pictured: async () => {},
    drop: vi.fn(),
  };
  return { openings, prepared, launched };
}

/** A player state as the engine reports it (a 10-minute VOD playing from the start), with `patch` over it. */
export function playerState(patch: Partial<PlayerState> = {}): PlayerState {
  return {
    paused: false,
    loading: false,
    seeking: false,
    muted: false,
    ended: false,
    currentTime: 0,
    duration: 600,
    quality: 'auto',
    activeHeight: null,
    live: false,
    seekStart: 0,
    seekEnd: 600,
    ...patch,
  };
}

/**
 * The languages of the demo's bilingual film as a player reports them (decisions 068, 069, 081):
 * French and English sound, subtitles in both, French playing, none shown. The web's and the TV's
 * language tests share it so that both apps are tested on the same stream.
 */
export function bilingualLanguages(subtitleStyle: SubtitleStyle = DEFAULT_SUBTITLE_STYLE): PlayerLanguages {
  const both = () => [
    { language: 'fr', label: 'Français' },
    { language: 'en', label: 'English' },
  ];
  return { audio: both(), audioLanguage: 'fr', subtitles: both(), subtitleLanguage: null, subtitleStyle };
}
