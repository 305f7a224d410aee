import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  LANGUAGE_TAG_PATTERN,
  SUBTITLE_BACKGROUND_VALUES,
  SUBTITLE_SIZE_VALUES,
  profileLanguagesSchema,
} from '../entities/profile-languages';

/**
 * Beyond the spec (decision 081): a profile's subtitle and audio choices, remembered on the
 * server so each viewer of a family finds theirs on every device. The players read them at start
 * and write a change; the device keeps a copy for when it is signed out or offline (decision 069).
 */

const profileUuid = z.string().min(1).max(64);
/** '' clears the choice (the stream's default audio; subtitles off). */
const languageOrNone = z.union([z.literal(''), z.string().regex(LANGUAGE_TAG_PATTERN)]);

/**
 * The profile's choices: the session's profile, or another profile of the account named by
 * customer_profile_uuid. 7 for a profile that is not the account's; from a kids profile only its
 * own (4).
 */
export const getProfileLanguages = defineEndpoint({
  method: 'GET',
  path: '/customer/profile/languages',
  access: 'customer',
  summary: "A profile's subtitle and audio choices (beyond the spec, decision 081)",
  tags: ['accounts'],
  query: z.object({ customer_profile_uuid: profileUuid.optional() }),
  response: z.object({ Languages: profileLanguagesSchema }),
  errors: [4, 7, 11],
});

/**
 * Saves any subset of the choices; what is not sent stays. audio_language and subtitle_language
 * are RFC 5646 tags, '' for none (3 otherwise); subtitle_size small | medium | large,
 * subtitle_background none | shadow | box (3 otherwise). A kids profile may set its own (the
 * family's youngest read subtitles too), never another profile's (4); 7 for a profile that is not
 * the account's.
 */
export const editProfileLanguages = defineEndpoint({
  method: 'POST',
  path: '/customer/profile/languages',
  access: 'customer',
  summary: "Save a profile's subtitle and audio choices (beyond the spec, decision 081)",
  tags: ['accounts'],
  body: z.object({
    customer_profile_uuid: profileUuid.optional(),
    audio_language: languageOrNone.optional(),
    subtitle_language: languageOrNone.optional(),
    subtitle_size: z.enum(SUBTITLE_SIZE_VALUES).optional(),
    subtitle_background: z.enum(SUBTITLE_BACKGROUND_VALUES).optional(),
  }),
  response: z.object({ Languages: profileLanguagesSchema }),
  errors: [3, 4, 7, 11],
});
