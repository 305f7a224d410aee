import type { ReactNode } from 'react';
import { isApiError } from '@playz/api-client';
import { usePageFocus } from '@/navigation/use-page-focus';
import { NotFoundPage } from '@/components/not-found-page';
import { PageState } from '@/components/page-state';
import { TileRow, tileFocusKey } from '@/components/tile-row';
import type { Tile, TvRow } from '@/components/tiles';

/** The item is unknown: the catalogue's own number for it (spec 2 §8), or any 404 the API answered. */
export const isNotFound = (error: unknown, number: number) =>
  isApiError(error, number) || (isApiError(error) && error.status === 404);

/**
 * A catalogue page of the TV (decision 060): a title, then its rows, the focus on the first card
 * once they arrive; a single row is a grid of several lines. While loading, failed or empty, the
 * page says so with a retry the remote reaches.
 */
export function TilesPage({
  pageKey,
  title,
  eyebrow,
  intro,
  rows,
  pending,
  failed,
  notFound = false,
  empty,
  onRetry,
  onSelectTile,
}: {
  pageKey: string;
  title: string | undefined;
  eyebrow?: string | undefined;
  intro?: string | undefined;
  rows: TvRow[];
  pending: boolean;
  failed: boolean;
  notFound?: boolean;
  empty: string;
  onRetry: () => void;
  onSelectTile?: ((tile: Tile) => void) | undefined;
}): ReactNode {
  const shown = rows.filter((row) => row.tiles.length > 0);
  const first = shown[0];
  const firstKey = first?.tiles[0] ? tileFocusKey(`${pageKey}-${first.key}`, first.tiles[0]) : 'menu';
  usePageFocus(firstKey, !pending && !notFound);
  if (notFound) return <NotFoundPage />;
  if (shown.length === 0) return <PageState loading={pending} failed={failed} empty={empty} onRetry={onRetry} />;
  return (
    <div className="explore">
      <header className="explore__header">
        {eyebrow ? <p className="explore__eyebrow">{eyebrow}</p> : null}
        <h1 className="page-title">{title}</h1>
        {intro ? <p className="explore__intro">{intro}</p> : null}
      </header>
      {shown.map((row) => (
        <TileRow
          key={row.key}
          row={row}
          focusKeyPrefix={`${pageKey}-${row.key}`}
          showImages
          wrap={shown.length === 1}
          onSelectTile={onSelectTile}
        />
      ))}
    </div>
  );
}
