import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '@playz/domain';
import { Texts } from './texts';
import type { TextTree } from './first-screen-texts';

// The web's own formatter in place of i18next (decision 130): what the catalogues use of i18next's
// format (CONVENTIONS §11), read the same way: dot paths, {{name}}, key_<plural form>, French behind.
const fr: TextTree = {
  landing: { title: 'Bienvenue', hello: 'Bonjour {{name}}', price: '{{price}} pour {{hours}} h' },
  series: { seasonCount_one: '{{count}} saison', seasonCount_other: '{{count}} saisons' },
  remote: {
    clients_zero: 'Aucun téléphone',
    clients_one: '{{count}} téléphone',
    clients_other: '{{count}} téléphones',
  },
};
const en: TextTree = {
  landing: { title: 'Welcome', hello: 'Hello {{ name }}' },
  series: { seasonCount_one: '{{count}} season', seasonCount_other: '{{count}} seasons' },
};
const catalogues: Record<Locale, TextTree> = { fr, en, nl: { landing: { title: 'Welkom' } }, es: {} };

function texts(language: Locale = 'fr', held: Partial<Record<Locale, TextTree>> = { fr }) {
  const fetchTexts = vi.fn(async (locale: Locale) => catalogues[locale]);
  return { texts: new Texts(language, held, fetchTexts), fetchTexts };
}

// Keys are untyped here (a test catalogue, not the French one): the web's calls are typed.
const t = (instance: Texts, key: string, values?: Record<string, string | number | null | undefined>) =>
  instance.t(key as never, values);

describe('the web formatter (decision 130, CONVENTIONS §11 catalogues in i18next format)', () => {
  it('reads a dot path and fills {{name}} placeholders, spaces inside the braces allowed', async () => {
    const { texts: instance } = texts();
    expect(t(instance, 'landing.title')).toBe('Bienvenue');
    expect(t(instance, 'landing.hello', { name: 'Léa' })).toBe('Bonjour Léa');
    await instance.changeLanguage('en');
    expect(t(instance, 'landing.hello', { name: 'Ann' })).toBe('Hello Ann');
  });

  it('writes null as nothing and leaves a placeholder without a value visible, as i18next did', () => {
    const { texts: instance } = texts();
    expect(t(instance, 'landing.price', { price: '3 €', hours: null })).toBe('3 € pour  h');
    expect(t(instance, 'landing.price', { price: 3 })).toBe('3 pour {{hours}} h');
  });

  it('spec 3 §4 plurals by the language rules: French 0 and 1 singular, English 1 only; _zero for a count of 0', async () => {
    const { texts: instance } = texts();
    expect(t(instance, 'series.seasonCount', { count: 0 })).toBe('0 saison');
    expect(t(instance, 'series.seasonCount', { count: 1 })).toBe('1 saison');
    expect(t(instance, 'series.seasonCount', { count: 2 })).toBe('2 saisons');
    expect(t(instance, 'remote.clients', { count: 0 })).toBe('Aucun téléphone');
    expect(t(instance, 'remote.clients', { count: 1 })).toBe('1 téléphone');
    await instance.changeLanguage('en');
    expect(t(instance, 'series.seasonCount', { count: 0 })).toBe('0 seasons');
    expect(t(instance, 'series.seasonCount', { count: 1 })).toBe('1 season');
    // Not in English: French's forms, by French rules.
    expect(t(instance, 'remote.clients', { count: 0 })).toBe('Aucun téléphone');
  });

  it('spec 1 §4 falls back to French, then shows the key (a test of raw keys finds it)', async () => {
    const { texts: instance } = texts();
    await instance.changeLanguage('nl');
    expect(t(instance, 'landing.title')).toBe('Welkom');
    expect(t(instance, 'landing.hello', { name: 'Jan' })).toBe('Bonjour Jan');
    expect(t(instance, 'landing.nothing')).toBe('landing.nothing');
    // A namespace is not a text.
    expect(t(instance, 'landing')).toBe('landing');
    expect(instance.exists('landing.title')).toBe(true);
    expect(instance.exists('landing.nothing')).toBe(false);
  });

  it('speaks a new language only once its texts are in, and tells the listeners then', async () => {
    const { texts: instance, fetchTexts } = texts();
    const changed = vi.fn();
    const stop = instance.onLanguageChanged(changed);
    const switching = instance.changeLanguage('en');
    expect(instance.language).toBe('fr');
    expect(t(instance, 'landing.title')).toBe('Bienvenue');
    await switching;
    expect(fetchTexts).toHaveBeenCalledWith('en');
    expect(instance.language).toBe('en');
    expect(t(instance, 'landing.title')).toBe('Welcome');
    expect(changed).toHaveBeenCalledExactlyOnceWith('en');
    stop();
    await instance.changeLanguage('nl');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('of two changes at once, the last asked wins', async () => {
    const { texts: instance } = texts();
    await Promise.all([instance.changeLanguage('en'), instance.changeLanguage('nl')]);
    expect(instance.language).toBe('nl');
  });

  it('adds texts to a language deeply, the new ones winning', () => {
    const { texts: instance } = texts();
    expect(instance.hasTexts('en')).toBe(false);
    instance.addTexts('fr', { landing: { title: 'Salut' }, testimonials: { title: 'Ils regardent' } });
    expect(t(instance, 'landing.title')).toBe('Salut');
    expect(t(instance, 'landing.hello', { name: 'Léa' })).toBe('Bonjour Léa');
    expect(instance.rawText('fr', 'testimonials.title')).toBe('Ils regardent');
  });

  it('types its keys against the French catalogue (checked by the typecheck, not by vitest)', () => {
    const { texts: instance } = texts('fr', {});
    expect(instance.t('landing.title')).toBe('landing.title');
    // @ts-expect-error a key the French catalogue does not have does not compile
    expect(instance.t('landing.noSuchText')).toBe('landing.noSuchText');
  });
});
