import { afterEach, describe, expect, it } from 'vitest';
import { sessionHints } from '@playz/queries';
import { createI18n, startI18n } from './i18n';

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
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(true);
    for (const other of ['en', 'nl', 'es']) expect(i18n.hasResourceBundle(other, 'translation')).toBe(false);
  });

  it('fetches a catalogue on a change of language, and speaks it once the change resolves', async () => {
    const i18n = createI18n('fr');
    await i18n.changeLanguage('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.t('player.ratingBadge', { age: 18 })).toBe('Not advised for under-18s');
    expect(i18n.hasResourceBundle('nl', 'translation')).toBe(false);
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
});
