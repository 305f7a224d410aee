import { describe, expect, it, vi } from 'vitest';
import { makeChannel, makeContent, makeList, makeRow } from '@/test/fixtures';
import { toRowView, toRowViews } from './row-items';

const quiet = () => ({ warn: vi.fn() });

describe('home row type dispatch (spec 2 §2)', () => {
  it('turns a Channels row into channel cards linking to /channel/{id}/{slug}', () => {
    const row = makeRow('Channels', { Channels: [makeChannel(12)] }, { style: 'Rounded' });
    const view = toRowView(row, 0, quiet());
    expect(view?.style).toBe('Rounded');
    expect(view?.items.map((item) => item.href)).toEqual(['/channel/12/chaine-12']);
    expect(view?.items[0]?.logo).toBe('/media/logo/12.png');
  });

  it('spec 2 §3 Content collection: turns every typed item into its card, nested collections and categories opening their page', () => {
    const row = makeRow(
      'ContentCollection',
      {
        ContentCollection: {
          ID: 1,
          name: 'À la une',
          channelID: null,
          items: [
            { type: 'Content', Content: makeContent(1003) },
            { type: 'ContentList', ContentList: makeList(2002) },
            { type: 'Category', Category: { ID: 2, name: 'Documentaire' } },
            { type: 'ContentCollection', ContentCollection: { ID: 2, name: 'Sketches' } },
          ],
        },
      },
      { typeID: 1 },
    );
    const view = toRowView(row, 0, quiet(), { category: 'Catégorie', collection: 'Sélection' });
    expect(view?.items.map((item) => [item.href, item.title, item.subtitle, item.tile])).toEqual([
      ['/content/1003/film-1003', 'Film 1003', '2024', undefined],
      ['/series/2002/serie-2002', 'Série 2002', undefined, undefined],
      ['/category/2', 'Documentaire', 'Catégorie', 'category'],
      ['/content-collection/2', 'Sketches', 'Sélection', 'collection'],
    ]);
    // The row's title opens the collection's own page.
    expect(view?.href).toBe('/content-collection/1');
  });

  it('spec 2 §7 /category/{id}: a Category row opens its category, other rows have no page of their own', () => {
    const category = makeRow('Category', { Collection: [makeContent(5)] }, { typeID: 1 });
    expect(toRowView(category, 0, quiet())?.href).toBe('/category/1');
    const films = makeRow('ReplayMovies', { Collection: [makeContent(5)] });
    expect(toRowView(films, 0, quiet())?.href).toBeUndefined();
  });

  it('reads a ContentList row from its contents', () => {
    const list = { ...makeList(2101, { type: 'Season' }), contents: [makeContent(1), makeContent(2)] };
    const view = toRowView(makeRow('ContentList', { ContentList: list }), 0, quiet());
    expect(view?.items.map((item) => item.title)).toEqual(['Film 1', 'Film 2']);
  });

  it('gives ContentsProcessing cards their progress percentage', () => {
    const row = makeRow('ContentsProcessing', { ContentsProcessing: [makeContent(5, { percentage: 42.4 })] });
    expect(toRowView(row, 0, quiet())?.items[0]?.progress).toBe(42.4);
  });

  it('gives other rows no progress bar', () => {
    const row = makeRow('ReplayMovies', { Collection: [makeContent(5, { percentage: 42 })] }, { style: 'Portrait' });
    expect(toRowView(row, 0, quiet())?.items[0]?.progress).toBeNull();
  });

  it('reads Series rows as series cards', () => {
    const view = toRowView(makeRow('Series', { Series: [makeList(7)] }), 0, quiet());
    expect(view?.items[0]?.href).toBe('/series/7/serie-7');
  });

  it('ignores ContentsDownload rows without a warning', () => {
    const logger = quiet();
    expect(toRowView(makeRow('ContentsDownload', { Collection: [makeContent(1)] }), 0, logger)).toBeNull();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('logs and skips an unknown row type', () => {
    const logger = quiet();
    const rows = [
      makeRow('Hologram', { Collection: [makeContent(1)] }),
      makeRow('Favorites', { Favorites: [makeContent(2)] }),
    ];
    const views = toRowViews(rows, logger);
    expect(views.map((view) => view.rowType)).toEqual(['Favorites']);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('Hologram'), expect.anything());
  });

  it('leaves out rows with nothing to show', () => {
    expect(toRowView(makeRow('Favorites', { Favorites: [] }), 0, quiet())).toBeNull();
    expect(toRowView(makeRow('ReplayLastHours', null), 0, quiet())).toBeNull();
  });
});
