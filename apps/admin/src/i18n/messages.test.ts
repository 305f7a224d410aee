import { describe, expect, it } from 'vitest';
import { CATALOGUES } from './messages';
import { pickLocale, translate } from './use-t';

describe('console texts in fr, en, nl, es (decision 080)', () => {
  it('every language has every text, none empty, with the same placeholders', () => {
    const keys = Object.keys(CATALOGUES.fr).sort();
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      expect(Object.keys(catalogue).sort(), locale).toEqual(keys);
      for (const key of keys) {
        const text = catalogue[key as keyof typeof catalogue];
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        const holes = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(holes(text), `${locale} ${key}`).toEqual(holes(CATALOGUES.fr[key as keyof typeof CATALOGUES.fr]));
      }
    }
  });

  it('picks the browser’s language among the four, French otherwise', () => {
    expect(pickLocale(['nl-BE', 'fr'])).toBe('nl');
    expect(pickLocale(['de-DE', 'es'])).toBe('es');
    expect(pickLocale(['de-DE'])).toBe('fr');
    expect(translate('en', 'home.title', { name: 'Ana' })).toBe('Hello Ana');
  });
});
