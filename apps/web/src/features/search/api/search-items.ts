import type { endpoints, ResponseOf } from '@playz/api-contract';
import { channelCard, contentCard, listCard, type CardItem } from '@/lib/catalogue-links';

type SearchResult = ResponseOf<typeof endpoints.search>['Results'][number];

/** The type badge of a result: a content's type, a list's type, or Channel. */
export type ResultKind = 'Film' | 'Episode' | 'Clip' | 'Programme' | 'Series' | 'Season' | 'Default' | 'Channel';

export interface SearchItem extends CardItem {
  kind: ResultKind;
}

/** One ranked result as a card with its type badge. */
export function toSearchItem(result: SearchResult): SearchItem {
  if (result.type === 'Content') return { ...contentCard(result.Content), kind: result.Content.contentType };
  if (result.type === 'ContentList') return { ...listCard(result.ContentList), kind: result.ContentList.type };
  return { ...channelCard(result.Channel), kind: 'Channel' };
}
