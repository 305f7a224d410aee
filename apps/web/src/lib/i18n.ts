import { DEFAULT_LOCALE, type Locale } from '@playz/domain';
import { sessionHints } from '@playz/queries';
import frFirst from 'virtual:web-texts/fr/first';
import { mergeTexts, type TextTree } from './first-screen-texts';
import { Texts } from './texts';

/** The web's texts and language (decision 130: our own, in place of i18next). */
export type I18n = Texts;

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
const instances = new Set<I18n>();
/** The instance made last: a component rendered without a provider reads it (as react-i18next's global did). */
let latest: I18n | undefined;
export const latestI18n = (): I18n | undefined => latest;

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
      for (const instance of instances) if (instance.hasTexts(locale)) instance.addTexts(locale, texts);
    }),
  );
}

/** The texts of a language held now: its first part, and its screens' if they are wanted and here. */
function heldTexts(locale: Locale): TextTree | undefined {
  const first = held.get(`${locale}/first`);
  const screens = screensWanted ? held.get(`${locale}/screens`) : undefined;
  return first && screens ? mergeTexts(first, screens) : first;
}

/**
 * The texts of the shared catalogues (CONVENTIONS §11), French the fallback. `loaded` holds texts
 * already fetched (the starting language's, see startI18n), so the first render speaks the
 * viewer's language without waiting; a change of language fetches the new one's before it resolves.
 */
export function createI18n(language: Locale = DEFAULT_LOCALE, loaded: Partial<Record<Locale, TextTree>> = {}): I18n {
  const instance = new Texts(language, { fr: heldTexts('fr') ?? frFirst, ...loaded }, fetchTexts);
  if (!loaded[language] && language !== DEFAULT_LOCALE) {
    const held = heldTexts(language);
    if (held) instance.addTexts(language, held);
    else void instance.changeLanguage(language).catch(() => {});
  }
  instances.add(instance);
  latest = instance;
  // Screen readers pick their voice from <html lang> (WCAG 3.1.1): set it for the starting
  // language too, not only on later changes.
  const setPageLanguage = (lng: string) => {
    sessionHints.locale = lng;
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  setPageLanguage(instance.language);
  instance.onLanguageChanged(setPageLanguage);
  return instance;
}

/** The instance for the app's start: the starting language's texts are fetched first. */
export async function startI18n(language: Locale = DEFAULT_LOCALE): Promise<I18n> {
  // The page's first reads leave before these texts are here (main.tsx, decision 098): they ask
  // in this language already, or a content's title comes in French to an English viewer (decision 107).
  sessionHints.locale = language;
  const texts = await fetchTexts(language);
  return createI18n(language, { [language]: texts });
}
