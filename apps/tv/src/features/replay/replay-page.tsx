import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplayCollections, useReplayLastHours } from '@playz/queries';
import { useDevice } from '@/app/device-context';
import { PageState } from '@/components/page-state';
import { TileRow, tileFocusKey } from '@/components/tile-row';
import { contentTile, type TvRow } from '@/components/tiles';
import { usePageFocus } from '@/navigation/use-page-focus';
import { homeLimits } from '@/lib/page-limits';

/**
 * Replay (spec 2 §2): the last 24 hours, then one row per channel of the programmes of the last
 * 7 days; a card opens the programme's page, which plays it. The low-memory page keeps fewer rows.
 */
export function ReplayPage() {
  const { t } = useTranslation();
  const { lowMemory } = useDevice();
  const limits = homeLimits(lowMemory);
  const lastHours = useReplayLastHours();
  const byChannel = useReplayCollections('channels');
  const rows: TvRow[] = useMemo(() => {
    const all: TvRow[] = [
      {
        key: 'last-hours',
        title: t('replay.lastHours'),
        style: 'Landscape',
        tiles: (lastHours.data ?? []).map((c) => contentTile(c)),
      },
      ...(byChannel.data ?? []).map((collection) => ({
        key: `channel-${collection.ID}`,
        title: collection.name,
        style: 'Landscape' as const,
        tiles: collection.contents.map((c) => contentTile(c)),
      })),
    ];
    return all
      .filter((row) => row.tiles.length > 0)
      .slice(0, limits.maxRows)
      .map((row) => ({ ...row, tiles: row.tiles.slice(0, limits.maxTiles) }));
  }, [lastHours.data, byChannel.data, limits, t]);
  const first = rows[0];
  const pending = lastHours.isPending || byChannel.isPending;
  usePageFocus(first?.tiles[0] ? tileFocusKey(`replay-${first.key}`, first.tiles[0]) : 'menu', !pending);
  if (rows.length === 0)
    return (
      <PageState
        loading={pending}
        failed={lastHours.isError && byChannel.isError}
        empty={t('replay.empty')}
        onRetry={() => void Promise.all([lastHours.refetch(), byChannel.refetch()])}
      />
    );
  return (
    <div className="replay">
      <header className="replay__header">
        <h1 className="page-title">{t('replay.title')}</h1>
        <p className="replay__intro">{t('replay.intro')}</p>
      </header>
      {rows.map((row) => (
        <TileRow key={row.key} row={row} focusKeyPrefix={`replay-${row.key}`} showImages />
      ))}
    </div>
  );
}
