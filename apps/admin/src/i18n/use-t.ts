import { createContext, useContext } from 'react';
import { CATALOGUES, type Locale, type MessageKey } from './messages';

/** The browser's language among the four, French otherwise (the service's first language). */
export function pickLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0] as Locale;
    if (base in CATALOGUES) return base;
  }
  return 'fr';
}

export const LocaleContext = createContext<Locale>('fr');

export type Translate = (key: MessageKey, values?: Record<string, string>) => string;

export function translate(locale: Locale, key: MessageKey, values: Record<string, string> = {}): string {
  return CATALOGUES[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export function useT(): Translate {
  const locale = useContext(LocaleContext);
  return (key, values) => translate(locale, key, values);
}
