import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
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
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    const language = chooseLanguage({ appLocale, customerLocale, storedLocale: storedLocale() });
    if (language === i18n.language) return;
    // The page's catalogue reads may have left in the starting language before the application
    // data named the viewer's: ask them again, as a switch does (contents' titles, decision 107).
    void i18n.changeLanguage(language).then(() => refetchInLanguage(queryClient));
  }, [ready, appLocale, customerLocale, i18n, queryClient]);
}

/**
 * Server messages and titles come in the viewer's language (locale parameter): fetch them again.
 * Stream grants are left alone: the video on screen keeps playing. A read still on its way left
 * with the former language; without data yet, an invalidation would only wait for it (TanStack
 * refetches over a running fetch only once it has data), so it is cancelled first.
 */
async function refetchInLanguage(queryClient: QueryClient) {
  const filters = { predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[2] !== 'stream' };
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}

/** The switcher's choice is stored, so it wins over the app and customer locales next time. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return async (language: Locale) => {
    if (!isSupportedLocale(language)) return;
    writeStored(STORAGE_KEYS.locale, language);
    await i18n.changeLanguage(language);
    await refetchInLanguage(queryClient);
  };
}
