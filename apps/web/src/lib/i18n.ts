import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@playz/domain';
import { sessionHints } from '@playz/queries';
import frFirst from 'virtual:web-texts/fr/first';
import { mergeTexts, type TextTree } from './first-screen-texts';

type Part = 'first' | 'screens';

// Only French (the default and the fallback) ships in the entry chunk, and of it only the first
// screens' texts (decision 122): each other language, and every language's other screens, is a
// chunk of its own, fetched when a viewer speaks it or opens a lazy route. The four catalogues
// whole were about 50 kB of gzip on every first visit (decision 098), French whole 14 kB.
const parts: Record<Locale, Record<Part, () => Promise<{ default: TextTree }>>> = {
  fr: { first: () => Promise.resolve({ default: frFirst }), screens: () => import('virtual:web-texts/fr/screens') },
  en: { first: () => import('virtual:web-texts/en/first'), screens: () => import('virtual:web-texts/en/screens') },
  nl: { first: () => import('virtual:web-texts/nl/first'), screens: () => import('virtual:web-texts/nl/screens') },
  es: { first: () => import('virtual:web-texts/es/first'), screens: () => import('virtual:web-texts/es/screens') },
};

const fetched = new Map<string, Promise<TextTree>>();
/** Texts already here, for an instance made now (createI18n is synchronous). */
const held = new Map<string, TextTree>();
function fetchPart(locale: Locale, part: Part): Promise<TextTree> {
  const name = `${locale}/${part}`;
  let texts = fetched.get(name);
  if (!texts) {
    texts = parts[locale][part]().then((module) => {
      held.set(name, module.default);
      return module.default;
    });
    // A failed download is asked again next time rather than kept.
    texts.catch(() => fetched.delete(name));
    fetched.set(name, texts);
  }
  return texts;
}
held.set('fr/first', frFirst);

/** Once a lazy route has been opened, every language fetched from then on comes with its screens' texts. */
let screensWanted = false;
const instances = new Set<i18n>();

/** What a language's catalogue is made of now: its first screens', and the others' once wanted. */
async function fetchTexts(locale: Locale): Promise<TextTree> {
  const first = await fetchPart(locale, 'first');
  return screensWanted ? mergeTexts(first, await fetchPart(locale, 'screens')) : first;
}

const isLocale = (language: string): language is Locale => language in parts;

/**
 * The texts of every screen beyond the first ones, in the languages the app speaks (and French, the
 * fallback), added before a lazy route renders (app/router.tsx awaits this with the route's code),
 * so no screen shows a raw key. Later changes of language fetch them with the language.
 */
export async function loadScreenTexts(): Promise<void> {
  screensWanted = true;
  const languages = new Set<Locale>([DEFAULT_LOCALE]);
  for (const instance of instances) if (isLocale(instance.language)) languages.add(instance.language);
  await Promise.all(
    [...languages].map(async (locale) => {
      const texts = await fetchPart(locale, 'screens');
      for (const instance of instances)
        if (instance.hasResourceBundle(locale, 'translation'))
          instance.addResourceBundle(locale, 'translation', texts, true, false);
    }),
  );
}

// i18next asks this for a language it does not hold yet (a change of language); changeLanguage
// resolves once the catalogue is in, so no screen shows keys or switches half-way.
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLocale(language)) return callback(null, {});
    fetchTexts(language).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The texts of a language held now: its first part, and its screens' if they are wanted and here. */
function heldTexts(locale: Locale): TextTree | undefined {
  const first = held.get(`${locale}/first`);
  const screens = screensWanted ? held.get(`${locale}/screens`) : undefined;
  return first && screens ? mergeTexts(first, screens) : first;
}

/**
 * One i18next instance over the shared catalogues (CONVENTIONS §11); French is the fallback.
 * `loaded` holds texts already fetched (the starting language's, see startI18n), so the first
 * render speaks the viewer's language without waiting.
 */
export function createI18n(language: Locale = DEFAULT_LOCALE, loaded: Partial<Record<Locale, TextTree>> = {}): i18n {
  const instance = i18next.createInstance();
  const resources: Record<string, { translation: TextTree }> = { fr: { translation: heldTexts('fr') ?? frFirst } };
  for (const [locale, texts] of Object.entries(loaded)) resources[locale] = { translation: texts };
  void instance
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: ['fr', 'en', 'nl', 'es'],
      resources,
      // The bundled texts are used as they are; the backend fetches only the missing languages.
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  instances.add(instance);
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

/** The instance for the app's start: the starting language's texts are fetched first. */
export async function startI18n(language: Locale = DEFAULT_LOCALE): Promise<i18n> {
  // The page's first reads leave before these texts are here (main.tsx, decision 098): they ask
  // in this language already, or a content's title comes in French to an English viewer (decision 107).
  sessionHints.locale = language;
  const texts = await fetchTexts(language);
  return createI18n(language, { [language]: texts });
}
