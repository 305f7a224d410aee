import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppData, useSeason, useSeries } from '@playz/queries';
import { contentPlayerIdOf, tvPaths } from '@/app/paths';
import { FocusSection, useTvFocusable } from '@/navigation/focusable';
import { usePageFocus } from '@/navigation/use-page-focus';
import { PageState } from '@/components/page-state';
import { TileRow } from '@/components/tile-row';
import { contentTile, type Tile, type TvRow } from '@/components/tiles';
import { DetailHero } from './detail-hero';
import { Icon } from '@/components/icon';
import { TvButton } from '@/components/tv-button';
import { usePlayOpening } from '@/app/use-play-opening';
import { FavoriteButton } from './favorite-button';

function SeasonTab({ label, selected, onFocus }: { label: string; selected: boolean; onFocus: () => void }) {
  // Focusing a season shows its episodes at once: the viewer sees them while moving along the tabs.
  const { ref, focused } = useTvFocusable<HTMLDivElement>({ focusKey: `season-${label}`, onFocus, onSelect: onFocus });
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="tab"
      aria-selected={selected}
      data-focused={focused || undefined}
      className="season-tab"
    >
      {label}
    </div>
  );
}

/** A series: its seasons as tabs and the chosen season's episodes, which OK plays (spec 2 §2). */
export function SeriesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  // An episode's Play button or card focused prepares its first seconds (decision 044).
  const opening = usePlayOpening();
  const focusEpisode = useCallback(
    (tile: Tile) => {
      const episode = contentPlayerIdOf(tile.to);
      if (episode) opening.focus(episode);
    },
    [opening],
  );
  const playEpisode = useCallback(
    (tile: Tile) => {
      const episode = contentPlayerIdOf(tile.to);
      if (episode) opening.play(episode);
      else void navigate(tile.to);
    },
    [opening, navigate],
  );
  const series = useSeries(/^\d+$/.test(id) ? id : undefined);
  const seasons = series.data?.seasons ?? [];
  const [seasonId, setSeasonId] = useState<number | null>(null);
  const season = seasons.find((s) => s.ID === seasonId) ?? seasons[0];
  const episodes = useSeason(season ? String(season.ID) : undefined);
  const logged = useAppData().data?.Customer.logged ?? false;
  const sorted = useMemo(
    () =>
      [...(episodes.data?.contents ?? [])].sort(
        (a, b) => (a.episodeNumber ?? Infinity) - (b.episodeNumber ?? Infinity),
      ),
    [episodes.data],
  );
  // The episode to play: the first started and not finished, else the season's first.
  const started = sorted.find((episode) => (episode.percentage ?? 0) > 0 && (episode.percentage ?? 0) < 95);
  const next = started ?? sorted[0];
  const nextStarted = started !== undefined;
  const row: TvRow = useMemo(() => {
    return {
      key: 'episodes',
      title: t('series.episodes'),
      style: 'Landscape',
      tiles: sorted.map((episode) => ({
        ...contentTile(episode, true),
        subtitle: episode.episodeNumber ? t('series.episodeNumber', { number: episode.episodeNumber }) : null,
        to: tvPaths.contentPlayer(episode.contentID),
      })),
    };
  }, [sorted, t]);
  const seasonLabel = (number: number | null, name: string) => (number ? t('series.seasonNumber', { number }) : name);
  usePageFocus('detail-play', !series.isPending && !episodes.isPending);

  if (!series.data)
    return (
      <PageState
        loading={series.isPending && /^\d+$/.test(id)}
        failed={series.isError}
        empty={t('tv.notFound')}
        onRetry={() => void series.refetch()}
      />
    );
  const s = series.data;
  return (
    <div className="detail">
      <DetailHero
        image={s.images.backdrop ?? s.images.landscape}
        title={s.name}
        meta={[t('series.seasonCount', { count: seasons.length })]}
        rating={s.rating}
        description={s.description}
      >
        <FocusSection focusKey="detail-actions" className="detail__actions">
          {next ? (
            <TvButton
              focusKey="detail-play"
              primary
              icon={<Icon name="play" />}
              label={t(nextStarted ? 'series.resumeEpisode' : 'series.watchEpisode', {
                number: next.episodeNumber ?? 1,
              })}
              onSelect={() => opening.play(String(next.contentID))}
              onFocus={() => opening.focus(String(next.contentID))}
              onBlur={opening.blur}
            />
          ) : null}
          <FavoriteButton kind="list" id={id} logged={logged} />
        </FocusSection>
      </DetailHero>
      <FocusSection focusKey="season-tabs" className="season-tabs" label={t('series.seasons')}>
        {seasons.map((item) => (
          <SeasonTab
            key={item.ID}
            label={seasonLabel(item.number, item.name)}
            selected={item.ID === season?.ID}
            onFocus={() => setSeasonId(item.ID)}
          />
        ))}
      </FocusSection>
      {row.tiles.length > 0 ? (
        <TileRow
          key={season?.ID ?? 0}
          row={row}
          focusKeyPrefix={`season-${season?.ID ?? 0}`}
          showImages
          onFocusTile={focusEpisode}
          onBlurTile={opening.blur}
          onSelectTile={playEpisode}
        />
      ) : (
        <p className="detail__empty">{episodes.isPending ? t('common.loading') : t('series.noEpisodes')}</p>
      )}
    </div>
  );
}
