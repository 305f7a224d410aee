import { z } from 'zod';

/** A profile's subtitle and audio choices, remembered on the server (beyond the spec, decision 081). */

/** An RFC 5646 tag as the ladder writes them (fr, en, pt-BR; decision 068). */
export const LANGUAGE_TAG_PATTERN = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;
export const SUBTITLE_SIZE_VALUES = ['small', 'medium', 'large'] as const;
export const SUBTITLE_BACKGROUND_VALUES = ['none', 'shadow', 'box'] as const;

export const profileLanguagesSchema = z.object({
  /** The profile these choices are for. */
  profileUUID: z.string(),
  /** The audio language; null: the stream's own default (its first). */
  audioLanguage: z.string().nullable(),
  /** The subtitles shown; null: off. */
  subtitleLanguage: z.string().nullable(),
  subtitleSize: z.enum(SUBTITLE_SIZE_VALUES),
  subtitleBackground: z.enum(SUBTITLE_BACKGROUND_VALUES),
  /** When they were last saved; null while the profile never chose (the defaults are answered). */
  updatedAt: z.string().nullable(),
});
export type ProfileLanguages = z.infer<typeof profileLanguagesSchema>;
