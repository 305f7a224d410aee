import { useContext } from 'react';
import type { ApiClient } from '@playz/api-client';
import type { ProfileLanguages } from '@playz/api-contract';
import { OptionalApiContext } from './api-context';
import { sessionHints } from './session-hints';

/**
 * A viewer's subtitle and audio choices as the player keeps them (@playz/player's
 * LanguagePreference, said again here: this package does not depend on the player).
 */
export interface ProfileLanguagePreference {
  audio: string | null;
  text: string | null;
  style: { size: ProfileLanguages['subtitleSize']; background: ProfileLanguages['subtitleBackground'] };
}

/** What the sync drives: the player's adoptLanguages. */
export interface LanguageAdopter {
  adoptLanguages(preference: ProfileLanguagePreference): void;
}

export interface ProfileLanguageSync {
  /** The viewer changed a choice (the player's onLanguagesChosen): saved on the server. */
  save(preference: ProfileLanguagePreference): void;
  dispose(): void;
}

export const preferenceOfProfileLanguages = (languages: ProfileLanguages): ProfileLanguagePreference => ({
  audio: languages.audioLanguage,
  text: languages.subtitleLanguage,
  style: { size: languages.subtitleSize, background: languages.subtitleBackground },
});

/**
 * The profile's choices on the server (decision 081) kept in step with a player: read once at
 * start and adopted when the profile ever saved some (the device's copy, which the player already
 * applies, stays otherwise: signed out, offline, an error); each change the viewer makes while
 * signed in is saved. A change made before the server answered wins over the answer. A visitor
 * asks nothing; before /data has said who is signed in the read is made anyway (the TV's player
 * screen starts before /data answers): the session cookie decides, and a visitor's 11 is ignored.
 */
export function connectProfileLanguages(
  api: Pick<ApiClient, 'getProfileLanguages' | 'editProfileLanguages'> | null,
  player: LanguageAdopter,
  options: { signedIn: () => boolean; maybeSignedIn: () => boolean } = {
    signedIn: () => sessionHints.loggedIn,
    maybeSignedIn: () => sessionHints.loggedIn || !sessionHints.customerKnown,
  },
): ProfileLanguageSync {
  let disposed = false;
  let chosenHere = false;
  if (api && options.maybeSignedIn()) {
    api.getProfileLanguages().then(
      ({ Languages }) => {
        if (disposed || chosenHere || Languages.updatedAt === null) return;
        player.adoptLanguages(preferenceOfProfileLanguages(Languages));
      },
      // Offline or refused: the device's copy plays.
      () => undefined,
    );
  }
  return {
    save(preference) {
      chosenHere = true;
      if (!api || !options.signedIn()) return;
      void api
        .editProfileLanguages({
          body: {
            audio_language: preference.audio ?? '',
            subtitle_language: preference.text ?? '',
            subtitle_size: preference.style.size,
            subtitle_background: preference.style.background,
          },
        })
        // The device's copy has it already; the next change saves the whole choice again.
        .catch(() => undefined);
    },
    dispose() {
      disposed = true;
    },
  };
}

/** The app's API client where there is one (a page without the provider, a component test: none). */
export function useOptionalApi(): ApiClient | null {
  return useContext(OptionalApiContext)?.client ?? null;
}
