import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, en, es, fr, nl, type Locale } from '@playz/i18n';
import { sessionHints } from '@playz/queries';

/** The shared catalogues (CONVENTIONS §11) in one i18next instance; French is the fallback. */
export function createTvI18n(language: Locale = DEFAULT_LOCALE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    resources: { fr: { translation: fr }, en: { translation: en }, nl: { translation: nl }, es: { translation: es } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // The common parameters carry the language the screens speak (spec 1 §7).
  sessionHints.locale = instance.language;
  instance.on('languageChanged', (lng) => (sessionHints.locale = lng));
  return instance;
}
