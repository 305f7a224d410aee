/**
 * The viewer's subtitle and audio choices (decision 069): the audio language, the subtitle
 * language (null: subtitles off) and how subtitles look. Kept per profile on the device, like the
 * quality preference: a family's profiles on one TV each keep their own.
 */
export type SubtitleSize = 'small' | 'medium' | 'large';
export type SubtitleBackground = 'none' | 'shadow' | 'box';

export interface SubtitleStyle {
  size: SubtitleSize;
  background: SubtitleBackground;
}

export interface LanguagePreference {
  /** An RFC 5646 tag; null: the stream's default (its first, "main" track). */
  audio: string | null;
  /** null: subtitles off. */
  text: string | null;
  style: SubtitleStyle;
}

export const SUBTITLE_SIZES: readonly SubtitleSize[] = ['small', 'medium', 'large'];
export const SUBTITLE_BACKGROUNDS: readonly SubtitleBackground[] = ['none', 'shadow', 'box'];
export const DEFAULT_SUBTITLE_STYLE: SubtitleStyle = { size: 'medium', background: 'box' };
export const DEFAULT_LANGUAGE_PREFERENCE: LanguagePreference = {
  audio: null,
  text: null,
  style: DEFAULT_SUBTITLE_STYLE,
};

const STORAGE_PREFIX = 'playz.player.languages';
/** The key of one viewer's choices: the profile's, or the device's before a profile is chosen. */
export const languageStorageKey = (profile: string | null | undefined) =>
  profile ? `${STORAGE_PREFIX}.${profile}` : STORAGE_PREFIX;

const LANGUAGE = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;

function safeStorage(storage: Storage | null | undefined): Storage | null {
  if (storage !== undefined) return storage;
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** What a stored value says, each part checked on its own (a bad part falls back to its default). */
export function parseLanguagePreference(raw: string | null | undefined): LanguagePreference {
  let value: Partial<{ audio: unknown; text: unknown; style: Partial<Record<keyof SubtitleStyle, unknown>> }> = {};
  try {
    value = raw ? (JSON.parse(raw) as typeof value) : {};
  } catch {
    value = {};
  }
  const language = (candidate: unknown) =>
    typeof candidate === 'string' && LANGUAGE.test(candidate) ? candidate : null;
  const style = value?.style ?? {};
  return {
    audio: language(value?.audio),
    text: language(value?.text),
    style: {
      size: SUBTITLE_SIZES.find((s) => s === style.size) ?? DEFAULT_SUBTITLE_STYLE.size,
      background: SUBTITLE_BACKGROUNDS.find((b) => b === style.background) ?? DEFAULT_SUBTITLE_STYLE.background,
    },
  };
}

export function readLanguagePreference(key: string, storage?: Storage | null): LanguagePreference {
  try {
    return parseLanguagePreference(safeStorage(storage)?.getItem(key));
  } catch {
    return DEFAULT_LANGUAGE_PREFERENCE;
  }
}

export function writeLanguagePreference(key: string, preference: LanguagePreference, storage?: Storage | null): void {
  try {
    safeStorage(storage)?.setItem(key, JSON.stringify(preference));
  } catch {
    // Quota or privacy mode: the choice lasts for the page.
  }
}
