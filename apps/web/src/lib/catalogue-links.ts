import type { Category, Channel, Character, Content, ContentCollection, ContentList } from '@playz/api-contract';

type CollectionItem = ContentCollection['items'][number];

// Page routes of spec 1 §2 / spec 2 §2 for each kind of catalogue item.
export const contentPath = (content: Pick<Content, 'contentID' | 'slug'>) =>
  `/content/${content.contentID}/${content.slug}`;
export const channelPath = (channel: Pick<Channel, 'channelID' | 'slug'>) =>
  `/channel/${channel.channelID}/${channel.slug}`;
export const seriesPath = (list: Pick<ContentList, 'ID' | 'slug'>) => `/series/${list.ID}/${list.slug}`;
export const contentListPath = (list: Pick<ContentList, 'ID' | 'slug'>) => `/content-list/${list.ID}/${list.slug}`;
// The other catalogue's pages (spec 2 §7 "Other catalogue"; decision 060): their path is the call's.
export const categoryPath = (category: Pick<Category, 'ID'>) => `/category/${category.ID}`;
export const collectionPath = (collection: { ID: number }) => `/content-collection/${collection.ID}`;
export const characterPath = (character: Pick<Character, 'ID'>) => `/character/${character.ID}`;
export const seasonPath = (series: Pick<ContentList, 'ID' | 'slug'>, season: Pick<ContentList, 'ID' | 'slug'>) =>
  `${seriesPath(series)}/season/${season.ID}/${season.slug}`;
export const episodePath = (
  series: Pick<ContentList, 'ID' | 'slug'>,
  season: Pick<ContentList, 'ID' | 'slug'>,
  episode: Pick<Content, 'contentID' | 'slug'>,
) => `${seasonPath(series, season)}/episode/${episode.contentID}/${episode.slug}`;

/**
 * The player a content opens in: an episode plays on its episode route, under its series and
 * season (spec 2 §2), where the episode access rule applies (spec 2 §4); anything else plays on
 * the content route.
 */
export function playerPath(
  content: Pick<Content, 'contentID' | 'slug' | 'contentListID' | 'seriesID' | 'seriesSlug' | 'seasonSlug'>,
): string {
  const { seriesID, seriesSlug, contentListID, seasonSlug } = content;
  if (seriesID === null || seriesSlug === null || contentListID === null || seasonSlug === null) {
    return contentPath(content);
  }
  return episodePath({ ID: seriesID, slug: seriesSlug }, { ID: contentListID, slug: seasonSlug }, content);
}

/** Where the locked poster and offers send a visitor, carrying the page to come back to (spec 1 §6). */
export const offersPath = (requestedUrl: string) => `/service/inter?requested_url=${encodeURIComponent(requestedUrl)}`;
export const loginPath = (requestedUrl = '/') => `/customer/login?requested_url=${encodeURIComponent(requestedUrl)}`;

/** What a card shows, whatever the row type it came from. */
export interface CardItem {
  key: string;
  title: string;
  subtitle?: string | undefined;
  description?: string | undefined;
  href: string;
  landscape: string | null;
  portrait: string | null;
  /** Wide artwork without text, for heroes (the title is set in HTML over it). */
  backdrop?: string | null | undefined;
  /** Channel logo, used by Rounded cards. */
  logo?: string | null | undefined;
  /** Continue watching: 0-100 (spec 2 §2 ContentsProcessing). */
  progress?: number | null | undefined;
  /**
   * A category or a collection, which has no artwork: the card is a titled tile, and what kind of
   * item it opens is said under its name (decision 060).
   */
  tile?: 'category' | 'collection' | undefined;
  /**
   * The age rating shown as the CSA badge on the card (decision 082): a content's or a list's own,
   * a channel's programme on air. Tous publics and unrated show none.
   */
  rating?: number | null | undefined;
}

type ContentLike = Pick<
  Content,
  | 'contentID'
  | 'slug'
  | 'title'
  | 'description'
  | 'images'
  | 'posterUrl'
  | 'thumbnailUrl'
  | 'metadata'
  | 'percentage'
  | 'contentListID'
  | 'seriesID'
  | 'seriesSlug'
  | 'seasonSlug'
> &
  Partial<Pick<Content, 'rating'>>;

export function contentCard(content: ContentLike, withProgress = false): CardItem {
  const year = content.metadata['Year'];
  return {
    key: `content-${content.contentID}`,
    title: content.title,
    subtitle: year === undefined ? undefined : String(year),
    description: content.description,
    href: playerPath(content),
    landscape: content.images.landscape ?? content.thumbnailUrl,
    portrait: content.images.portrait ?? content.posterUrl,
    backdrop: content.images.backdrop,
    progress: withProgress ? (content.percentage ?? 0) : null,
    rating: content.rating,
  };
}

type ChannelLike = Pick<
  Channel,
  'channelID' | 'slug' | 'name' | 'description' | 'images' | 'posterUrl' | 'thumbnailUrl'
> & {
  currentContent?: (Pick<Content, 'title'> & Partial<Pick<Content, 'rating'>>) | null;
};

export function channelCard(channel: ChannelLike): CardItem {
  return {
    key: `channel-${channel.channelID}`,
    title: channel.name,
    subtitle: channel.currentContent?.title,
    description: channel.description,
    href: channelPath(channel),
    landscape: channel.images.landscape ?? channel.posterUrl,
    portrait: channel.images.portrait ?? channel.posterUrl,
    logo: channel.thumbnailUrl,
    // The programme on air's rating, beside its title (decision 082).
    rating: channel.currentContent?.rating,
  };
}

type ListLike = Pick<ContentList, 'ID' | 'slug' | 'name' | 'type' | 'description' | 'images' | 'posterUrl'> &
  Partial<Pick<ContentList, 'rating'>>;

export function listCard(list: ListLike): CardItem {
  return {
    key: `list-${list.ID}`,
    title: list.name,
    description: list.description,
    href: list.type === 'Series' ? seriesPath(list) : contentListPath(list),
    landscape: list.images.landscape,
    portrait: list.images.portrait ?? list.posterUrl,
    backdrop: list.images.backdrop,
    rating: list.rating,
  };
}

/** A category as a tile opening its page (decision 060). */
export function categoryCard(category: Pick<Category, 'ID' | 'name'>, kindLabel?: string): CardItem {
  return {
    key: `category-${category.ID}`,
    title: category.name,
    subtitle: kindLabel,
    href: categoryPath(category),
    landscape: null,
    portrait: null,
    tile: 'category',
  };
}

/** A collection (a nested one, in a row or another collection) as a tile opening its page. */
export function collectionCard(collection: { ID: number; name: string }, kindLabel?: string): CardItem {
  return {
    key: `collection-${collection.ID}`,
    title: collection.name,
    subtitle: kindLabel,
    href: collectionPath(collection),
    landscape: null,
    portrait: null,
    tile: 'collection',
  };
}

export function characterCard(character: Pick<Character, 'ID' | 'name' | 'imageUrl'>): CardItem {
  return {
    key: `character-${character.ID}`,
    title: character.name,
    href: characterPath(character),
    landscape: character.imageUrl,
    portrait: character.imageUrl,
  };
}

/** Names said under a category's or a collection's tile, in the viewer's language. */
export interface CollectionKindLabels {
  category: string;
  collection: string;
}

/** Every typed item of a content collection as its card, in order (spec 2 §3 Content collection). */
export function collectionItemCard(item: CollectionItem, labels?: CollectionKindLabels): CardItem {
  switch (item.type) {
    case 'Content':
      return contentCard(item.Content);
    case 'ContentList':
      return listCard(item.ContentList);
    case 'Category':
      return categoryCard(item.Category, labels?.category);
    case 'ContentCollection':
      return collectionCard(item.ContentCollection, labels?.collection);
  }
}
