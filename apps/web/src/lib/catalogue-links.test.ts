import { describe, expect, it } from 'vitest';
import { makeContent, makeList } from '@/test/fixtures';
import { contentCard, episodePath, listCard, playerPath, seasonPath, seriesPath } from './catalogue-links';

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

describe('content cards open the player of their kind (spec 2 §2 route table, §4 episode access)', () => {
  const episode = makeContent(21021, {
    contentType: 'Episode',
    contentListID: 2102,
    episodeNumber: 1,
    slug: 'retour-au-port',
    seriesID: 2001,
    seriesSlug: 'brigade-du-port',
    seasonSlug: 'brigade-du-port-saison-2',
  });
  const episodeRoute = '/series/2001/brigade-du-port/season/2102/brigade-du-port-saison-2/episode/21021/retour-au-port';

  it('sends an episode card, in any row or continue watching, to the episode route', () => {
    expect(contentCard(episode).href).toBe(episodeRoute);
    expect(contentCard({ ...episode, percentage: 40 }, true)).toMatchObject({ href: episodeRoute, progress: 40 });
  });

  it('sends films, clips, programmes and items of plain lists to the content route', () => {
    expect(contentCard(makeContent(1001, { slug: 'le-phare' })).href).toBe('/content/1001/le-phare');
    // In a Default list (no series above it): contentListID alone does not make an episode.
    expect(playerPath(makeContent(3001, { contentListID: 77, slug: 'sketch' }))).toBe('/content/3001/sketch');
  });

  it('falls back to the content route when the series or season slug is missing', () => {
    expect(playerPath({ ...episode, seasonSlug: null })).toBe('/content/21021/retour-au-port');
    expect(playerPath({ ...episode, seriesSlug: null })).toBe('/content/21021/retour-au-port');
  });
});
