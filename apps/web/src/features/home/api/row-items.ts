import type { PageRow } from '@playz/api-contract';
import { isDisplayedRowType, type RowStyle, type RowType } from '@playz/domain';
import { channelCard, contentCard, listCard, type CardItem } from '@/lib/catalogue-links';

type RowData = NonNullable<PageRow['data']>;
type DisplayedRowType = Exclude<RowType, 'ContentsDownload'>;

function collectionItems(data: RowData): CardItem[] {
  const items: CardItem[] = [];
  for (const item of data.ContentCollection?.items ?? []) {
    if (item.type === 'Content') items.push(contentCard(item.Content));
    else if (item.type === 'ContentList') items.push(listCard(item.ContentList));
    // Nested collections and categories have no page of their own yet: not shown as cards.
  }
  return items;
}

const contents = (list: RowData['Collection']) => (list ?? []).map((content) => contentCard(content));

/** What each row type of spec 2 §2 shows, read from the one payload its data holds. */
const ITEMS_BY_TYPE: Record<DisplayedRowType, (data: RowData) => CardItem[]> = {
  Channels: (data) => (data.Channels ?? []).map(channelCard),
  ContentCollection: (data) => (data.ContentCollection ? collectionItems(data) : contents(data.Collection)),
  Category: (data) => (data.ContentCollection ? collectionItems(data) : contents(data.Collection)),
  ContentList: (data) => contents(data.ContentList?.contents ?? data.Collection),
  ReplayMovies: (data) => contents(data.Collection),
  ReplaySeries: (data) => (data.Series ? data.Series.map(listCard) : contents(data.Collection)),
  ReplayLastHours: (data) => contents(data.Collection),
  Favorites: (data) => contents(data.Favorites ?? data.Collection),
  // Continue watching: each card carries its progress bar (spec 2 §2).
  ContentsProcessing: (data) => (data.ContentsProcessing ?? []).map((content) => contentCard(content, true)),
  Series: (data) => (data.Series ?? []).map(listCard),
};

export interface RowView {
  key: string;
  rowType: DisplayedRowType;
  title: string;
  style: RowStyle;
  items: CardItem[];
}

/**
 * One home row as cards, or null when it is not shown: ContentsDownload rows are ignored,
 * unknown types are logged and skipped (spec 2 §2), and empty rows are left out.
 */
export function toRowView(row: PageRow, index: number, logger: Pick<Console, 'warn'> = console): RowView | null {
  if (row.rowType === 'ContentsDownload') return null;
  if (!isDisplayedRowType(row.rowType)) {
    logger.warn(`[home] unknown row type "${row.rowType}" skipped`, row);
    return null;
  }
  const items = row.data ? ITEMS_BY_TYPE[row.rowType](row.data) : [];
  if (items.length === 0) return null;
  return {
    key: `${index}-${row.rowType}-${row.typeID ?? ''}`,
    rowType: row.rowType,
    title: row.title,
    style: row.style,
    items,
  };
}

export function toRowViews(rows: readonly PageRow[], logger: Pick<Console, 'warn'> = console): RowView[] {
  return rows.map((row, index) => toRowView(row, index, logger)).filter((row): row is RowView => row !== null);
}
