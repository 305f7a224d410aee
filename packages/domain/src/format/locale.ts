// Locales and countries (spec 1 §1, §4, §5; spec 2 §1).

export const SUPPORTED_LOCALES = ['fr', 'en', 'nl', 'es'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';
export const DEFAULT_COUNTRY = 'fr';

export function isSupportedLocale(value: string): value is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

// "Locale and country cut to 2 letters and lowercased" (spec 1 §5). A missing value gives the
// French default, since every call must carry a locale and a country (spec 1 §7).
export function cutLocale(value: string | null | undefined): string {
  const cut = (value ?? '').trim().slice(0, 2).toLowerCase();
  return cut === '' ? DEFAULT_LOCALE : cut;
}

export function cutCountry(value: string | null | undefined): string {
  const cut = (value ?? '').trim().slice(0, 2).toLowerCase();
  return cut === '' ? DEFAULT_COUNTRY : cut;
}

/** "A locale such as fr_FR or fr-fr becomes fr-FR" (spec 1 §5). */
export function normalizeLocaleTag(value: string): string {
  const [language = '', ...rest] = value.trim().split(/[-_]/);
  const subtags = rest.map((part) => (part.length === 2 ? part.toUpperCase() : part));
  return [language.toLowerCase(), ...subtags].join('-');
}

export interface LanguageSources {
  appLocale?: string | null;
  customerLocale?: string | null;
  storedLocale?: string | null;
}

/**
 * Starts at French, then the application locale, the customer locale and the stored locale
 * override it in that order, each only if supported (spec 1 §4, spec 2 §1).
 */
export function chooseLanguage(sources: LanguageSources): Locale {
  let language: Locale = DEFAULT_LOCALE;
  for (const candidate of [sources.appLocale, sources.customerLocale, sources.storedLocale]) {
    if (!candidate) continue;
    const cut = cutLocale(candidate);
    if (isSupportedLocale(cut)) language = cut;
  }
  return language;
}
