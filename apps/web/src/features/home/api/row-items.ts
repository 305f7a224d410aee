import type { PageRow } from '@playz/api-contract';
import { isDisplayedRowType, type RowStyle, type RowType } from '@playz/domain';
import {
  categoryPath,
  channelCard,
  collectionItemCard,
  collectionPath,
  contentCard,
  listCard,
  type CardItem,
  type CollectionKindLabels,
} from '@/lib/catalogue-links';

type RowData = NonNullable<PageRow['data']>;
type DisplayedRowType = Exclude<RowType, 'ContentsDownload'>;

/** Every item of the row's collection, nested collections and categories as tiles opening their page. */
const collectionItems = (data: RowData, labels?: CollectionKindLabels): CardItem[] =>
  (data.ContentCollection?.items ?? []).map((item) => collectionItemCard(item, labels));

const contents = (list: RowData['Collection']) => (list ?? []).map((content) => contentCard(content));

/** What each row type of spec 2 §2 shows, read from the one payload its data holds. */
const ITEMS_BY_TYPE: Record<DisplayedRowType, (data: RowData, labels?: CollectionKindLabels) => CardItem[]> = {
  Channels: (data) => (data.Channels ?? []).map(channelCard),
  ContentCollection: (data, labels) =>
    data.ContentCollection ? collectionItems(data, labels) : contents(data.Collection),
  Category: (data, labels) => (data.ContentCollection ? collectionItems(data, labels) : contents(data.Collection)),
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
  /** The page the row's title opens: a Category or ContentCollection row's whole list (decision 060). */
  href?: string | undefined;
}

/** The page of a row that is one item of the catalogue, when it has one. */
function rowPage(row: PageRow): string | undefined {
  if (row.typeID === null) return undefined;
  if (row.rowType === 'Category') return categoryPath({ ID: row.typeID });
  if (row.rowType === 'ContentCollection') return collectionPath({ ID: row.data?.ContentCollection?.ID ?? row.typeID });
  return undefined;
}

/**
 * One home row as cards, or null when it is not shown: ContentsDownload rows are ignored,
 * unknown types are logged and skipped (spec 2 §2), and empty rows are left out.
 */
export function toRowView(
  row: PageRow,
  index: number,
  logger: Pick<Console, 'warn'> = console,
  labels?: CollectionKindLabels,
): RowView | null {
  if (row.rowType === 'ContentsDownload') return null;
  if (!isDisplayedRowType(row.rowType)) {
    logger.warn(`[home] unknown row type "${row.rowType}" skipped`, row);
    return null;
  }
  const items = row.data ? ITEMS_BY_TYPE[row.rowType](row.data, labels) : [];
  if (items.length === 0) return null;
  return {
    key: `${index}-${row.rowType}-${row.typeID ?? ''}`,
    rowType: row.rowType,
    title: row.title,
    style: row.style,
    items,
    href: rowPage(row),
  };
}

export function toRowViews(
  rows: readonly PageRow[],
  logger: Pick<Console, 'warn'> = console,
  labels?: CollectionKindLabels,
): RowView[] {
  return rows.map((row, index) => toRowView(row, index, logger, labels)).filter((row): row is RowView => row !== null);
}
