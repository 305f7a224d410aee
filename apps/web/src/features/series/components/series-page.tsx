import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { PlayIcon } from '@/components/icons';
import { RatingBadge } from '@/components/rating-badge';
import { Spinner } from '@/components/spinner';
import { episodePath, seasonPath } from '@/lib/catalogue-links';
import { useSeason, useSeries } from '@playz/queries';
import { ClampedDescription } from './clamped-description';
import { EpisodeList, sortEpisodes } from './episode-list';
import { SEASON_PANEL_ID, SeasonTabs, seasonTabId } from './season-tabs';
import '../series.css';

interface SeriesPageProps {
  seriesId: string;
  /** From /series/{id}/{slug}/season/{season_id}/{slug}; the first season otherwise. */
  seasonId?: string | undefined;
  /** The favourite toggle of the series, composed by the route. */
  favorite: ReactNode;
  notFound: ReactNode;
}

/** /series/{id}/{slug}: backdrop, description, favourite toggle, season tabs and episodes (spec 2 §2). */
export function SeriesPage({ seriesId, seasonId, favorite, notFound }: SeriesPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const series = useSeries(seriesId);
  const seasons = series.data?.seasons ?? [];
  const season = seasonId ? seasons.find((item) => String(item.ID) === seasonId) : seasons[0];
  const episodes = useSeason(season ? String(season.ID) : undefined);

  if (series.isError) {
    if (
      isApiError(series.error, ApiErrorNumber.ContentListNotFound) ||
      (isApiError(series.error) && series.error.status === 404)
    )
      return <>{notFound}</>;
    return (
      <div className="series-page">
        <p className="notice" role="alert">
          {t('errors.generic')}
        </p>
      </div>
    );
  }
  if (!series.data) {
    return (
      <div className="series-page">
        <div className="series-hero series-hero--loading skeleton" aria-hidden="true" />
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  // A season id that is not one of this series' seasons is a wrong address.
  if (seasonId && !season) return <>{notFound}</>;

  const data = series.data;
  const backdrop = data.images.backdrop ?? data.images.landscape ?? data.posterUrl;
  const ordered = sortEpisodes(episodes.data?.contents ?? []);
  const started = ordered.find((episode) => (episode.percentage ?? 0) > 0 && (episode.percentage ?? 0) < 95);
  const first = started ?? ordered[0];
  const genre = data.metadata['Genre'];

  return (
    <div className="series-page">
      <section className="series-hero" aria-labelledby="series-title">
        {backdrop ? <img className="series-hero__backdrop" src={backdrop} alt="" /> : null}
        <div className="series-hero__shade" />
        <div className="series-hero__content">
          <h1 className="series-hero__title" id="series-title">
            {data.name}
          </h1>
          <p className="series-hero__meta">
            <RatingBadge rating={data.rating} />
            <span>{t('series.seasonCount', { count: seasons.length })}</span>
            {genre !== undefined ? <span className="series-hero__genre">{String(genre)}</span> : null}
          </p>
          <ClampedDescription id="series-description" text={data.description} />
          <div className="series-hero__actions">
            {first && season ? (
              <Link className="button button--primary" to={episodePath(data, season, first)}>
                <PlayIcon size={20} />
                <span>
                  {first.episodeNumber !== null
                    ? t(started ? 'series.resumeEpisode' : 'series.watchEpisode', { number: first.episodeNumber })
                    : first.title}
                </span>
              </Link>
            ) : null}
            {favorite}
          </div>
        </div>
      </section>

      <section className="series-episodes" aria-labelledby="series-episodes-title">
        <h2 className="series-episodes__title" id="series-episodes-title">
          {t('series.episodes')}
        </h2>
        {seasons.length > 0 && season ? (
          <>
            <SeasonTabs
              seasons={seasons}
              selectedId={season.ID}
              // Each season has its own address (spec 2 §2 route table).
              onSelect={(next) => navigate(seasonPath(data, next), { preventScrollReset: true })}
            />
            <div
              className="series-episodes__panel"
              id={SEASON_PANEL_ID}
              role="tabpanel"
              aria-labelledby={seasonTabId(season)}
              aria-busy={episodes.isPending || undefined}
            >
              {episodes.isPending ? (
                <Spinner label={t('common.loading')} />
              ) : episodes.isError ? (
                <p className="notice" role="alert">
                  {t('errors.generic')}
                </p>
              ) : ordered.length === 0 ? (
                <p className="notice">{t('series.noEpisodes')}</p>
              ) : (
                <EpisodeList episodes={ordered} hrefFor={(episode) => episodePath(data, season, episode)} />
              )}
            </div>
          </>
        ) : (
          <p className="notice">{t('series.noEpisodes')}</p>
        )}
      </section>
    </div>
  );
}
