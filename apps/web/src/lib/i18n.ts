import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, en, es, fr, nl, type Locale } from '@playz/i18n';
import { sessionHints } from '@playz/queries';

/** One i18next instance over the shared catalogues (CONVENTIONS §11); French is the fallback. */
export function createI18n(language: Locale = DEFAULT_LOCALE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['fr', 'en', 'nl', 'es'],
    resources: {
      fr: { translation: fr },
      en: { translation: en },
      nl: { translation: nl },
      es: { translation: es },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  // Screen readers pick their voice from <html lang> (WCAG 3.1.1): set it for the starting
  // language too, since init has already announced it before this listener exists.
  const setPageLanguage = (lng: string) => {
    sessionHints.locale = lng;
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  setPageLanguage(instance.language);
  instance.on('languageChanged', setPageLanguage);
  return instance;
}
