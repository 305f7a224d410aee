import type { Channel, Content, ContentCollection, ContentList, PageRow, Schedule } from '@playz/api-contract';
import { suitsKidsProfile } from '@playz/domain';
import { NotForKidsProfileError } from '../../lib/content-rating-errors';

type RowData = NonNullable<PageRow['data']>;

/** Whether a kids profile is asking: a visitor or an adult profile sees the whole catalogue. */
export const isKids = (customer: { isKidsProfile: boolean } | null | undefined): boolean =>
  customer?.isKidsProfile === true;

/** An item without a rating is tous publics (the column's default, migration 011). */
export const suitsKids = (item: { rating?: number | undefined }): boolean => suitsKidsProfile(item.rating ?? 0);

/** What a kids profile may see of a list of contents, series or seasons (decision 059). */
export function kidsOnly<T extends { rating?: number | undefined }>(items: T[], kids: boolean): T[] {
  return kids ? items.filter(suitsKids) : items;
}

/** A deep link to what does not suit a kids profile: refused with a message saying why (decision 059). */
export function assertSuitsKids(item: { rating?: number | undefined }, kids: boolean): void {
  if (kids && !suitsKids(item)) throw new NotForKidsProfileError();
}

/** A list's contents for a kids profile, its count following them. */
export function kidsList<T extends Pick<ContentList, 'contents' | 'contentsCount'>>(list: T, kids: boolean): T {
  if (!kids) return list;
  const contents = list.contents.filter(suitsKids);
  return { ...list, contents, contentsCount: contents.length };
}

/** A channel's guide for a kids profile: its programmes that suit it, nothing on air otherwise. */
export function kidsChannel<T extends Pick<Channel, 'currentContent'> & { schedules?: Schedule[] }>(
  channel: T,
  kids: boolean,
): T {
  if (!kids) return channel;
  const current = channel.currentContent && suitsKids(channel.currentContent) ? channel.currentContent : null;
  return {
    ...channel,
    currentContent: current,
    ...(channel.schedules ? { schedules: channel.schedules.filter((s) => suitsKids(s.content)) } : {}),
  };
}

/** A collection as a kids profile sees it: its contents and series that suit it. */
export function kidsCollection(collection: ContentCollection): ContentCollection {
  return {
    ...collection,
    items: collection.items.filter((item) => {
      if (item.type === 'Content') return suitsKids(item.Content);
      if (item.type === 'ContentList') return suitsKids(item.ContentList);
      return true;
    }),
  };
}

/** A page row's data as a kids profile sees it: every content, series and programme that suits it. */
export function kidsRowData(data: RowData): RowData {
  const narrowed: RowData = { ...data };
  if (data.Channels) narrowed.Channels = data.Channels.map((c) => kidsChannel(c, true));
  if (data.ContentCollection) narrowed.ContentCollection = kidsCollection(data.ContentCollection);
  // A row of a list rated above what suits it (a season of a -12 series) shows nothing.
  if (data.ContentList && suitsKids(data.ContentList)) narrowed.ContentList = kidsList(data.ContentList, true);
  else delete narrowed.ContentList;
  if (data.Series) narrowed.Series = data.Series.filter(suitsKids);
  const contents = (list: Content[] | undefined) => list?.filter(suitsKids);
  if (data.Collection) narrowed.Collection = contents(data.Collection);
  if (data.Favorites) narrowed.Favorites = contents(data.Favorites);
  if (data.ContentsProcessing) narrowed.ContentsProcessing = contents(data.ContentsProcessing);
  return narrowed;
}
