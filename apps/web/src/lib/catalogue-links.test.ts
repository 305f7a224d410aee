import { describe, expect, it } from 'vitest';
import { makeList } from '@/test/fixtures';
import { episodePath, listCard, seasonPath, seriesPath } from './catalogue-links';

describe('series routes (spec 2 §2 route table)', () => {
  const series = { ID: 2001, slug: 'brigade-du-port' };
  const season = { ID: 2102, slug: 'brigade-du-port-saison-2' };

  it('builds the series, season and episode paths', () => {
    expect(seriesPath(series)).toBe('/series/2001/brigade-du-port');
    expect(seasonPath(series, season)).toBe('/series/2001/brigade-du-port/season/2102/brigade-du-port-saison-2');
    expect(episodePath(series, season, { contentID: 21021, slug: 'retour-au-port' })).toBe(
      '/series/2001/brigade-du-port/season/2102/brigade-du-port-saison-2/episode/21021/retour-au-port',
    );
  });

  it('sends series cards to the series page and other lists to the list player', () => {
    expect(listCard(makeList(2001, { type: 'Series' })).href).toBe('/series/2001/serie-2001');
    expect(listCard(makeList(77, { type: 'Default', slug: 'coups-de-coeur' })).href).toBe(
      '/content-list/77/coups-de-coeur',
    );
  });
});
