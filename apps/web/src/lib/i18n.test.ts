import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as I18nModule from './i18n';
import type * as Queries from '@playz/queries';

// The test setup loads every screen's texts (src/test/setup.ts); these tests load this module
// afresh, as a first visit finds it: the first screens' texts only.
let createI18n: typeof I18nModule.createI18n;
let startI18n: typeof I18nModule.startI18n;
let loadScreenTexts: typeof I18nModule.loadScreenTexts;
let sessionHints: typeof Queries.sessionHints;

beforeEach(async () => {
  vi.resetModules();
  ({ createI18n, startI18n, loadScreenTexts } = await import('./i18n'));
  ({ sessionHints } = await import('@playz/queries'));
});

afterEach(() => {
  document.documentElement.lang = 'fr';
});

describe('page language (WCAG 3.1.1, spec 1 §4 language choice)', () => {
  it('sets <html lang> to the starting language, not only on later changes', () => {
    document.documentElement.lang = 'fr';
    createI18n('nl');
    expect(document.documentElement.lang).toBe('nl');
  });

  it('follows a change of language', async () => {
    const i18n = createI18n('fr');
    await i18n.changeLanguage('es');
    expect(document.documentElement.lang).toBe('es');
  });
});

describe('catalogues fetched per language (spec 1 §4 language choice, decision 098)', () => {
  it('starts with French only: the other catalogues are not in the instance until spoken', () => {
    const i18n = createI18n('fr');
    expect(i18n.hasTexts('fr')).toBe(true);
    for (const other of ['en', 'nl', 'es'] as const) expect(i18n.hasTexts(other)).toBe(false);
  });

  it('fetches a catalogue on a change of language, and speaks it once the change resolves', async () => {
    const i18n = createI18n('fr');
    await i18n.changeLanguage('en');
    expect(i18n.hasTexts('en')).toBe(true);
    expect(i18n.t('player.ratingBadge', { age: 18 })).toBe('Not advised for under-18s');
    expect(i18n.t('landing.seeOffers')).toBe('See the offers');
    expect(i18n.hasTexts('nl')).toBe(false);
  });

  it('starts in the stored language with its catalogue already in, so the first render speaks it', async () => {
    const i18n = await startI18n('nl');
    expect(i18n.language).toBe('nl');
    expect(i18n.t('player.ratingBadge', { age: 18 })).toBe('Afgeraden onder de 18 jaar');
  });

  it('spec 1 §7 the first reads, which leave before the catalogue is fetched, already carry the stored language (decision 107)', async () => {
    sessionHints.locale = 'fr';
    const started = startI18n('en');
    // Before the English catalogue is in: the page's prefetch (main.tsx) reads the hints now.
    expect(sessionHints.locale).toBe('en');
    await started;
  });

  it('spec 1 §4 a key missing from the viewer language falls back to French', () => {
    const i18n = createI18n('en', { en: { landing: { title: 'Only this one' } } });
    expect(i18n.t('landing.title')).toBe('Only this one');
    expect(i18n.t('landing.seeOffers')).toBe('Découvrir les offres');
  });
});

describe('texts loaded per screen (decision 122, spec 1 §4 languages)', () => {
  it('a first visit holds the first screens texts; the other screens texts come with loadScreenTexts', async () => {
    const i18n = createI18n('fr');
    expect(i18n.t('landing.seeOffers')).toBe('Découvrir les offres');
    expect(i18n.exists('testimonials.title')).toBe(false);
    // A namespace split between the parts: the top menu's remote link first, the remote's screen later.
    expect(i18n.exists('remote.phone.menu')).toBe(true);
    expect(i18n.exists('remote.tv.title')).toBe(false);
    await loadScreenTexts();
    expect(i18n.t('testimonials.title')).toBe('Ils regardent Playz');
    expect(i18n.t('remote.tv.title')).toBe('Télécommande');
    expect(i18n.exists('remote.phone.menu')).toBe(true);
  });

  it('plurals by the language rules, in French and after a change to English', async () => {
    const i18n = createI18n('fr');
    await loadScreenTexts();
    expect(i18n.t('series.seasonCount', { count: 1 })).toBe('1 saison');
    expect(i18n.t('series.seasonCount', { count: 3 })).toBe('3 saisons');
    await i18n.changeLanguage('en');
    // The screens texts come with the language once a lazy route has been opened.
    expect(i18n.t('series.seasonCount', { count: 1 })).toBe('1 season');
    expect(i18n.t('series.seasonCount', { count: 2 })).toBe('2 seasons');
    expect(i18n.t('testimonials.title')).not.toBe('Ils regardent Playz');
  });

  it('a viewer already speaking English gets the English screens texts, French behind them', async () => {
    const i18n = await startI18n('en');
    await loadScreenTexts();
    expect(i18n.t('series.seasonCount', { count: 2 })).toBe('2 seasons');
    expect(i18n.hasTexts('fr')).toBe(true);
    expect(i18n.rawText('fr', 'series.seasonCount_other')).toBe('{{count}} saisons');
  });

  it('an instance made after the screens texts were loaded holds them at once', async () => {
    await loadScreenTexts();
    expect(createI18n('fr').t('testimonials.title')).toBe('Ils regardent Playz');
  });
});
