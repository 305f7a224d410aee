import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHomeRows } from '@playz/queries';
import { useDevice } from '@/app/device-context';
import { usePageFocus } from '@/navigation/use-page-focus';
import { PageState } from '@/components/page-state';
import { tileFocusKey, TileRow } from '@/components/tile-row';
import { toTvRows, type Tile } from '@/components/tiles';
import { homeLimits, rowKeepsImages } from '@/lib/page-limits';
import { HomeBillboard } from './home-billboard';

/** Home (spec 2 §2 on a TV): a billboard of the focused card over the home rows. */
export function HomePage() {
  const { t } = useTranslation();
  const device = useDevice();
  const limits = homeLimits(device.lowMemory);
  const { data, isPending, isError, refetch } = useHomeRows();
  const rows = useMemo(() => (data ? toTvRows(data, limits) : []), [data, limits]);
  const [focused, setFocused] = useState<{ tile: Tile; row: number } | null>(null);
  const firstTile = rows[0]?.tiles[0];
  usePageFocus(firstTile ? tileFocusKey('home-0', firstTile) : 'menu', !isPending);

  const onFocusOf = useCallback((row: number) => (tile: Tile) => setFocused({ tile, row }), []);
  const focusHandlers = useMemo(() => rows.map((_, index) => onFocusOf(index)), [rows, onFocusOf]);

  if (isPending || isError || rows.length === 0)
    return <PageState loading={isPending} failed={isError} empty={t('tv.home.empty')} onRetry={() => void refetch()} />;
  const hero = focused?.tile ?? firstTile ?? null;
  return (
    <div className="home">
      {hero ? <HomeBillboard tile={hero} showImage /> : null}
      <div className="home__rows">
        {rows.map((row, index) => (
          <TileRow
            key={row.key}
            row={row}
            focusKeyPrefix={`home-${index}`}
            showImages={rowKeepsImages(index, focused?.row ?? 0, limits.imageRowsAround)}
            onFocusTile={focusHandlers[index]}
          />
        ))}
      </div>
    </div>
  );
}
