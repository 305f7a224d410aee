import type { Channel, Character, Content, ContentList, Game, PageRow } from '@playz/api-contract';
import { isDisplayedRowType, type RowStyle } from '@playz/domain';
import { tvPaths } from '@/app/paths';

/** One card of a TV row: what it shows and where OK takes the viewer. */
export interface Tile {
  key: string;
  title: string;
  subtitle: string | null;
  description: string;
  /** The card's artwork, chosen for the row's style (Portrait rows get posters). */
  landscape: string | null;
  portrait: string | null;
  /** Wide artwork for the home billboard behind the focused card. */
  backdrop: string | null;
  /** Continue watching: 0-100 (spec 2 §2 ContentsProcessing). */
  progress: number | null;
  to: string;
  /** A game (decision 060): its site, opened elsewhere; OK shows how instead of a page. */
  game?: { name: string; url: string; preview: string | null } | undefined;
  /**
   * The age rating shown as the CSA badge on the card (decision 082): a content's or a series' own,
   * a channel's programme on air. Tous publics and unrated show none.
   */
  rating?: number | null | undefined;
}

export interface TvRow {
  key: string;
  title: string;
  style: RowStyle;
  tiles: Tile[];
}

type RowData = NonNullable<PageRow['data']>;
type ListLike = Pick<ContentList, 'ID' | 'name' | 'type' | 'description' | 'images' | 'posterUrl'> &
  Partial<Pick<ContentList, 'rating'>>;
type ChannelLike = Pick<Channel, 'channelID' | 'name' | 'description' | 'images' | 'posterUrl' | 'thumbnailUrl'> & {
  currentContent?: (Pick<Content, 'title'> & Partial<Pick<Content, 'rating'>>) | null;
};

export function contentTile(content: Content, withProgress = false): Tile {
  const year = content.metadata['Year'];
  return {
    key: `content-${content.contentID}`,
    title: content.title,
    subtitle: year === undefined ? null : String(year),
    description: content.description,
    landscape: content.images.landscape ?? content.thumbnailUrl,
    portrait: content.images.portrait ?? content.posterUrl,
    backdrop: content.images.backdrop ?? content.images.landscape,
    progress: withProgress ? (content.percentage ?? 0) : null,
    to: tvPaths.content(content.contentID),
    rating: content.rating,
  };
}

/** A series' card: its TV page is the seasons and episodes (decision 035). */
export function seriesTile(list: Omit<ListLike, 'type'>): Tile {
  return {
    key: `list-${list.ID}`,
    title: list.name,
    subtitle: null,
    description: list.description,
    landscape: list.images.landscape,
    portrait: list.images.portrait ?? list.posterUrl,
    backdrop: list.images.backdrop ?? list.images.landscape,
    progress: null,
    to: tvPaths.series(list.ID),
    rating: list.rating,
  };
}

/** Only series have a TV page among lists; other lists are left out of the rows (decision 035). */
function listTile(list: ListLike): Tile | null {
  return list.type === 'Series' ? seriesTile(list) : null;
}

export function channelTile(channel: ChannelLike): Tile {
  return {
    key: `channel-${channel.channelID}`,
    title: channel.name,
    subtitle: channel.currentContent?.title ?? null,
    description: channel.description,
    landscape: channel.images.landscape ?? channel.posterUrl,
    portrait: channel.images.portrait ?? channel.posterUrl,
    backdrop: channel.images.backdrop ?? channel.images.landscape,
    progress: null,
    to: tvPaths.channelPlayer(channel.channelID),
    // The programme on air's rating, beside its title (decision 082).
    rating: channel.currentContent?.rating,
  };
}

/** A category or a collection: no artwork, its name is drawn on the card (decision 060). */
function namedTile(kind: 'category' | 'collection', item: { ID: number; name: string }): Tile {
  return {
    key: `${kind}-${item.ID}`,
    title: item.name,
    subtitle: null,
    description: '',
    landscape: null,
    portrait: null,
    backdrop: null,
    progress: null,
    to: kind === 'category' ? tvPaths.category(item.ID) : tvPaths.collection(item.ID),
  };
}
export const categoryTile = (category: { ID: number; name: string }) => namedTile('category', category);
export const collectionTile = (collection: { ID: number; name: string }) => namedTile('collection', collection);

export function characterTile(character: Pick<Character, 'ID' | 'name' | 'description' | 'imageUrl'>): Tile {
  return {
    key: `character-${character.ID}`,
    title: character.name,
    subtitle: null,
    description: character.description,
    landscape: character.imageUrl,
    portrait: character.imageUrl,
    backdrop: null,
    progress: null,
    to: tvPaths.character(character.ID),
  };
}

/**
 * A game is played on its own web site (spec 2 §3 Game: url), which a TV cannot open: its card
 * says the address to open on a phone or a computer and goes nowhere (decision 060).
 */
export function gameTile(game: Game): Tile {
  let host = game.url;
  try {
    host = new URL(game.url).host;
  } catch {
    // Not an absolute address: shown as it is.
  }
  return {
    key: `game-${game.ID}`,
    title: game.name,
    subtitle: host,
    description: '',
    landscape: game.preview,
    portrait: game.preview,
    backdrop: null,
    progress: null,
    to: '',
    game: { name: game.name, url: game.url, preview: game.preview },
  };
}

/** Every typed item of a content collection as its card (spec 2 §3); lists other than series have no TV page. */
export function collectionItemTile(item: NonNullable<RowData['ContentCollection']>['items'][number]): Tile | null {
  switch (item.type) {
    case 'Content':
      return contentTile(item.Content);
    case 'ContentList':
      return listTile(item.ContentList);
    case 'Category':
      return categoryTile(item.Category);
    case 'ContentCollection':
      return collectionTile(item.ContentCollection);
  }
}

export const isTile = (tile: Tile | null): tile is Tile => tile !== null;

function tilesOf(rowType: string, data: RowData): Tile[] {
  const contents = (list: readonly Content[] | undefined, progress = false) =>
    (list ?? []).map((content) => contentTile(content, progress));
  switch (rowType) {
    case 'Channels':
      return (data.Channels ?? []).map(channelTile);
    case 'Series':
      return (data.Series ?? []).map(listTile).filter(isTile);
    case 'ReplaySeries':
      return data.Series ? data.Series.map(listTile).filter(isTile) : contents(data.Collection);
    case 'ContentsProcessing':
      return contents(data.ContentsProcessing, true);
    case 'Favorites':
      return contents(data.Favorites ?? data.Collection);
    case 'ContentList':
      return contents(data.ContentList?.contents ?? data.Collection);
    default: {
      const items = data.ContentCollection?.items;
      if (!items) return contents(data.Collection);
      return items.map(collectionItemTile).filter(isTile);
    }
  }
}

/**
 * The home rows of spec 2 §2 as TV rows: the same data as the web home, unknown and download rows
 * skipped, empty rows left out; `maxRows` and `maxTiles` make the low-memory page (decision 035).
 */
export function toTvRows(rows: readonly PageRow[], limits: { maxRows: number; maxTiles: number }): TvRow[] {
  const out: TvRow[] = [];
  rows.forEach((row, index) => {
    if (out.length >= limits.maxRows || !isDisplayedRowType(row.rowType) || !row.data) return;
    const tiles = tilesOf(row.rowType, row.data).slice(0, limits.maxTiles);
    if (tiles.length > 0) out.push({ key: `${index}-${row.rowType}`, title: row.title, style: row.style, tiles });
  });
  return out;
}
