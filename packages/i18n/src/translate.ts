import { DEFAULT_LOCALE, cutLocale, isSupportedLocale, type Locale } from '@playz/domain';
import { en } from './en';
import { es } from './es';
import { fr, type Messages } from './fr';
import type { MessageKey } from './message-key';
import { nl } from './nl';

export const messages: Record<Locale, Messages> = { fr, en, nl, es };

export type TranslateVars = Record<string, string | number>;

function lookup(catalogue: unknown, path: string): string | undefined {
  let node = catalogue;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

// i18next plural lookup: key_<CLDR category>, then key_other, then the plain key. French reads
// 0 and 1 as "one", which matches the account's "singular when 1 or less" (spec 3 §4).
function resolve(locale: Locale, key: string, count: number | undefined): string | undefined {
  const catalogue = messages[locale];
  if (count === undefined) return lookup(catalogue, key);
  const category = new Intl.PluralRules(locale).select(count);
  return lookup(catalogue, `${key}_${category}`) ?? lookup(catalogue, `${key}_other`) ?? lookup(catalogue, key);
}

// A variable that was not given stays visible as {{name}} rather than vanishing silently.
function interpolate(text: string, vars: TranslateVars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : placeholder,
  );
}

/**
 * Server-side translation, so API error messages reach the viewer in their language.
 * The locale is cut to 2 letters ('en_GB' -> 'en'); an unsupported locale or a missing key falls
 * back to French (the default, spec 1 §1), and a key missing there too is returned as is.
 */
export function translate(locale: string | null | undefined, key: MessageKey, vars?: TranslateVars): string {
  const cut = cutLocale(locale);
  const chosen: Locale = isSupportedLocale(cut) ? cut : DEFAULT_LOCALE;
  const count = typeof vars?.['count'] === 'number' ? vars['count'] : undefined;
  const text = resolve(chosen, key, count) ?? resolve(DEFAULT_LOCALE, key, count) ?? key;
  return interpolate(text, vars);
}
