import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, isSupportedLocale, type Locale } from '@playz/domain';
import { STORAGE_KEYS, readStored, writeStored } from '@/lib/storage';

export function storedLocale(): string | null {
  return readStored(STORAGE_KEYS.locale);
}

/**
 * Applies the language rule of spec 1 §4 once the application data is known: French, then the
 * application locale, the customer locale and the stored locale, each only if supported.
 */
export function useLanguageSync(ready: boolean, appLocale?: string | null, customerLocale?: string | null) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!ready) return;
    const language = chooseLanguage({ appLocale, customerLocale, storedLocale: storedLocale() });
    if (language !== i18n.language) void i18n.changeLanguage(language);
  }, [ready, appLocale, customerLocale, i18n]);
}

/** The switcher's choice is stored, so it wins over the app and customer locales next time. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return async (language: Locale) => {
    if (!isSupportedLocale(language)) return;
    writeStored(STORAGE_KEYS.locale, language);
    await i18n.changeLanguage(language);
    // Server messages and titles come in the viewer's language (locale parameter): fetch them again.
    // Stream grants are left alone: the video on screen keeps playing.
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[2] !== 'stream' });
  };
}
