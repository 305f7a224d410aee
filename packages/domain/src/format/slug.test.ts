import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanSlug, episodeHtmlRoute, htmlRoute, seasonHtmlRoute } from './slug';

describe('cleaned name slug (spec 1 §2, spec 2 §2)', () => {
  it.each([
    ['Été', 'ete'],
    ['Mon Film', 'mon-film'],
    ["L'Œuvre d'une vie — saison 2 !", 'l-oeuvre-d-une-vie-saison-2'],
    ['  --Ça va?--  ', 'ca-va'],
    ['!!!', 'item'],
    ['', 'item'],
    ['日本', 'item'],
  ])('%j becomes %j', (name, slug) => {
    expect(cleanSlug(name)).toBe(slug);
  });

  it('always gives lowercase words joined by single dashes, and is stable (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const slug = cleanSlug(name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(cleanSlug(slug)).toBe(slug);
      }),
    );
  });
});

describe('generated routes end in .html (spec 2 §2)', () => {
  it('builds content, list, channel and series routes', () => {
    expect(htmlRoute('content', 12, 'Mon film')).toBe('/content/12/mon-film.html');
    expect(htmlRoute('content-list', 3, 'Best of')).toBe('/content-list/3/best-of.html');
    expect(htmlRoute('channel', 7, 'Télé Jeunesse')).toBe('/channel/7/tele-jeunesse.html');
    expect(htmlRoute('series', 4, 'Les Héros')).toBe('/series/4/les-heros.html');
  });

  it('nests seasons and episodes under their series (spec 1 §2)', () => {
    const series = { id: 4, name: 'Les Héros' };
    const season = { id: 9, name: 'Saison 1' };
    expect(seasonHtmlRoute(series, season)).toBe('/series/4/les-heros/season/9/saison-1.html');
    expect(episodeHtmlRoute(series, season, { id: 31, name: 'Épisode 1' })).toBe(
      '/series/4/les-heros/season/9/saison-1/episode/31/episode-1.html',
    );
  });
});
