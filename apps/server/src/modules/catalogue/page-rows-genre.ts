import type { Content, PageRow } from '@playz/api-contract';
import { ApiErrorNumber, apiError, cleanSlug } from '@playz/domain';

type RowData = NonNullable<PageRow['data']>;
type CollectionItem = NonNullable<RowData['ContentCollection']>['items'][number];

/**
 * Names of one genre across the catalogue (decision 020): on-demand contents, series and
 * categories use French slugs ("comedie"), channels and their programmes English ones
 * ("comedy"), and the spec's example call asks for "genre comedy" (spec 2 §7).
 */
const SAME_GENRE: readonly (readonly string[])[] = [
  ['comedie', 'comedy'],
  ['documentaire', 'documentary'],
  ['drame', 'drama'],
  ['famille', 'family'],
  ['policier', 'crime'],
  ['jeunesse', 'kids'],
  ['musique', 'music'],
  ['info', 'news'],
  ['serie', 'series'],
];

export interface GenreFilter {
  /** Folded genre names that count as the asked genre. */
  readonly names: ReadonlySet<string>;
  /** Cache key part: the same for every spelling of one genre. */
  readonly key: string;
  matches(genre: string | number | null | undefined): boolean;
}

/**
 * The `genre` parameter of GET /page/{id}/rows: absent or blank means every genre; a name is
 * folded like a slug ("Comédie" = "comedie") and widened to its other names. A value with no
 * letter or digit at all is error 3 (spec 1 §8); an unknown genre simply matches nothing.
 */
export function parseGenre(raw: string | undefined): GenreFilter | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (!/[\p{L}\p{N}]/u.test(raw)) throw apiError(ApiErrorNumber.BadParameter);
  const folded = cleanSlug(raw);
  const names = new Set(SAME_GENRE.find((group) => group.includes(folded)) ?? [folded]);
  return {
    names,
    key: [...names].sort().join('+'),
    matches: (genre) => typeof genre === 'string' && names.has(cleanSlug(genre)),
  };
}

const genreOf = (item: { metadata: Record<string, string | number> }) => item.metadata['Genre'];

/**
 * A row's data narrowed to one genre, as a viewer of a genre page expects: channels of that
 * genre, contents and series of that genre, categories that are that genre. A collection keeps
 * only the items it can judge: a nested collection (no genre of its own) is left out.
 */
export function narrowRowData(data: RowData, genre: GenreFilter): RowData {
  const ofGenre = (contents: Content[]) => contents.filter((c) => genre.matches(genreOf(c)));
  const keepItem = (item: CollectionItem) => {
    if (item.type === 'Content') return genre.matches(genreOf(item.Content));
    if (item.type === 'ContentList') return genre.matches(genreOf(item.ContentList));
    // A category item carries its name only; its slug is that name folded ("Comédie").
    if (item.type === 'Category') return genre.matches(item.Category.name);
    return false;
  };
  const narrowed: RowData = {};
  if (data.Channels) narrowed.Channels = data.Channels.filter((c) => genre.matches(c.genre));
  if (data.ContentCollection)
    narrowed.ContentCollection = { ...data.ContentCollection, items: data.ContentCollection.items.filter(keepItem) };
  if (data.ContentList) {
    const contents = ofGenre(data.ContentList.contents);
    narrowed.ContentList = { ...data.ContentList, contents, contentsCount: contents.length };
  }
  if (data.Series) narrowed.Series = data.Series.filter((s) => genre.matches(genreOf(s)));
  if (data.Collection) narrowed.Collection = ofGenre(data.Collection);
  if (data.Favorites) narrowed.Favorites = ofGenre(data.Favorites);
  if (data.ContentsProcessing) narrowed.ContentsProcessing = ofGenre(data.ContentsProcessing);
  return narrowed;
}
