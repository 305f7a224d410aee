import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Locale } from '@playz/domain';
import { latestI18n, type I18n } from './i18n';
import type { Translate } from './texts';

const I18nContext = createContext<I18n | undefined>(undefined);

/** Gives the app's texts to the components below (decision 130, in place of react-i18next's provider). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * The texts in the language spoken, re-rendering on a change of language: `t(key, values)`, and
 * `i18n` for its `language` and `changeLanguage`. The shape of react-i18next's hook, as the web used
 * it (decision 130); `t` is a new function after each change, so effects that use it run again.
 */
export function useTranslation(): { t: Translate; i18n: I18n } {
  const i18n = useContext(I18nContext) ?? latestI18n();
  if (!i18n) throw new Error('useTranslation needs an I18nProvider (or an instance made by createI18n)');
  const subscribe = useCallback((changed: () => void) => i18n.onLanguageChanged(changed), [i18n]);
  const language = useSyncExternalStore<Locale>(subscribe, () => i18n.language);
  return useMemo(() => {
    const t: Translate = (key, values) => i18n.t(key, values);
    return { t, i18n };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new `t` for each language, on purpose
  }, [i18n, language]);
}
