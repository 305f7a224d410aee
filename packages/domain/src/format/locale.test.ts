import { describe, expect, it } from 'vitest';
import { chooseLanguage, cutCountry, cutLocale, isSupportedLocale, normalizeLocaleTag } from './locale';

describe('locale helpers (spec 1 §5)', () => {
  it('cuts locale and country to 2 lowercase letters', () => {
    expect(cutLocale('FR_fr')).toBe('fr');
    expect(cutLocale('en-GB')).toBe('en');
    expect(cutCountry('FR')).toBe('fr');
    expect(cutCountry('BEL')).toBe('be');
  });

  it('falls back to fr when nothing is given (spec 1 §1)', () => {
    expect(cutLocale('')).toBe('fr');
    expect(cutCountry(undefined)).toBe('fr');
  });

  it.each([
    ['fr_FR', 'fr-FR'],
    ['fr-fr', 'fr-FR'],
    ['EN_us', 'en-US'],
    ['nl', 'nl'],
  ])('normalises %s to %s', (input, tag) => {
    expect(normalizeLocaleTag(input)).toBe(tag);
  });

  it('supports fr, en, nl and es only', () => {
    expect(['fr', 'en', 'nl', 'es', 'de'].map(isSupportedLocale)).toEqual([true, true, true, true, false]);
  });
});

describe('language choice (spec 1 §4, spec 2 §1)', () => {
  it('starts at French', () => {
    expect(chooseLanguage({})).toBe('fr');
  });

  it('lets app, then customer, then stored locale override, each only if supported', () => {
    expect(chooseLanguage({ appLocale: 'en' })).toBe('en');
    expect(chooseLanguage({ appLocale: 'en', customerLocale: 'es_ES' })).toBe('es');
    expect(chooseLanguage({ appLocale: 'en', customerLocale: 'es', storedLocale: 'nl' })).toBe('nl');
    expect(chooseLanguage({ appLocale: 'en', customerLocale: 'de', storedLocale: 'it' })).toBe('en');
    expect(chooseLanguage({ appLocale: null, customerLocale: '', storedLocale: 'xx' })).toBe('fr');
  });
});
