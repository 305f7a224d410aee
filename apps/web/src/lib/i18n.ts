import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@playz/domain';
import { fr, type Messages } from '@playz/i18n/fr';
import { sessionHints } from '@playz/queries';

// Only French (the default and the fallback) ships in the entry chunk; each other catalogue is a
// chunk of its own, fetched when a viewer speaks it. The four at once were about 50 kB of gzip on
// every first visit, the largest part of the landing page's JavaScript (decision 098).
const otherCatalogues: Record<Exclude<Locale, 'fr'>, () => Promise<Messages>> = {
  en: () => import('@playz/i18n/en').then((module) => module.en),
  nl: () => import('@playz/i18n/nl').then((module) => module.nl),
  es: () => import('@playz/i18n/es').then((module) => module.es),
};

/** The catalogue of one language, fetched once (French is already here). */
export function loadCatalogue(language: Locale): Promise<Messages> {
  return language === 'fr' ? Promise.resolve(fr) : otherCatalogues[language]();
}

// i18next asks this for a language it does not hold yet (a change of language); changeLanguage
// resolves once the catalogue is in, so no screen shows keys or switches half-way.
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const known = (['fr', 'en', 'nl', 'es'] as const).find((locale) => locale === language);
    if (!known) return callback(null, {});
    loadCatalogue(known).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * One i18next instance over the shared catalogues (CONVENTIONS §11); French is the fallback.
 * `loaded` holds catalogues already fetched (the starting language's, see startI18n), so the
 * first render speaks the viewer's language without waiting.
 */
export function createI18n(language: Locale = DEFAULT_LOCALE, loaded: Partial<Record<Locale, Messages>> = {}): i18n {
  const instance = i18next.createInstance();
  const resources: Record<string, { translation: Messages }> = { fr: { translation: fr } };
  for (const [locale, catalogue] of Object.entries(loaded)) resources[locale] = { translation: catalogue };
  void instance
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: ['fr', 'en', 'nl', 'es'],
      resources,
      // The bundled catalogues are used as they are; the backend fetches only the missing ones.
      partialBundledLanguages: true,
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

/** The instance for the app's start: the starting language's catalogue is fetched first. */
export async function startI18n(language: Locale = DEFAULT_LOCALE): Promise<i18n> {
  // The page's first reads leave before this catalogue is here (main.tsx, decision 098): they ask
  // in this language already, or a content's title comes in French to an English viewer (decision 107).
  sessionHints.locale = language;
  const catalogue = await loadCatalogue(language);
  return createI18n(language, { [language]: catalogue });
}
