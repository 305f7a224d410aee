import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { ProfileLanguagesService } from './profile-languages.service';

/** '' in a form post clears a language (the stream's default audio; subtitles off). */
const languageOf = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);

/** A profile's subtitle and audio choices (beyond the spec, decision 081). */
export function registerProfileLanguagesRoutes(
  app: FastifyInstance,
  deps: { languages: ProfileLanguagesService; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses };

  registerEndpoint(
    app,
    endpoints.getProfileLanguages,
    async ({ auth, query }) => ({ Languages: await deps.languages.get(auth, query.customer_profile_uuid) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.editProfileLanguages,
    async ({ auth, body }) => ({
      Languages: await deps.languages.save(auth, body.customer_profile_uuid, {
        audioLanguage: languageOf(body.audio_language),
        subtitleLanguage: languageOf(body.subtitle_language),
        subtitleSize: body.subtitle_size,
        subtitleBackground: body.subtitle_background,
      }),
    }),
    opts,
  );
}
