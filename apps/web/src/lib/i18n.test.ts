import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from './i18n';

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
