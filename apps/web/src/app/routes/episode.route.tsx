import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useLoadedAppData } from '@playz/queries';
import { episodePath } from '@/lib/catalogue-links';
import { mayWatch } from '@playz/queries';
import { itemsOpeningContent } from '@playz/domain';
import { ErrorPage } from '@/features/errors/components/error-page';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { ContentPlayerPage } from '@/features/player/components/content-player-page';
import { useSeason, useSeasonLoader, useSeries } from '@playz/queries';
import { EpisodeList, sortEpisodes } from '@/features/series/components/episode-list';

/**
 * `/series/{id}/{slug}/season/{season_id}/{slug}/episode/{episode_id}/{slug}`: the episode player
 * (spec 2 §2). Episodes need service or video access, or full access (spec 2 §4); the season's
 * episodes show under the player and an ending goes on to the next one.
 */
export function EpisodeRoute() {
  const { t } = useTranslation();
  const { seriesId = '', seriesSlug = '', seasonId = '', seasonSlug = '', episodeId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { Customer } = useLoadedAppData();
  const valid = [seriesId, seasonId, episodeId].every((id) => /^\d+$/.test(id));
  const series = useSeries(valid ? seriesId : undefined);
  const season = useSeason(valid ? seasonId : undefined);
  const loadSeason = useSeasonLoader();
  if (!valid) return <ErrorPage kind="not-found" />;

  // A purchase of the episode, its season or its series opens it (spec 3 §4 Access rules).
  const isOpen = mayWatch(
    Customer,
    'episode',
    itemsOpeningContent({ id: Number(episodeId), listIds: [Number(seasonId), Number(seriesId)] }),
  );
  const seriesRef = { ID: Number(seriesId), slug: series.data?.slug ?? seriesSlug };
  const seasonRef = { ID: Number(seasonId), slug: season.data?.slug ?? seasonSlug };
  const episodes = sortEpisodes(season.data?.contents ?? []);
  const index = episodes.findIndex((episode) => String(episode.contentID) === episodeId);
  const episode = episodes[index];
  const next = index >= 0 ? episodes[index + 1] : undefined;
  const seasons = series.data?.seasons ?? [];
  const seasonIndex = seasons.findIndex((item) => String(item.ID) === seasonId);
  const nextSeason = seasonIndex >= 0 ? seasons[seasonIndex + 1] : undefined;
  const previous = index > 0 ? episodes[index - 1] : undefined;
  const previousSeason = seasonIndex > 0 ? seasons[seasonIndex - 1] : undefined;
  // The next item is the next episode of the season, else the first of the next season (spec 2 §4).
  const playNext = next
    ? () => navigate(episodePath(seriesRef, seasonRef, next))
    : index >= 0 && nextSeason
      ? () =>
          void loadSeason(String(nextSeason.ID))
            .then((loaded) => {
              const first = sortEpisodes(loaded.contents)[0];
              if (first) navigate(episodePath(seriesRef, nextSeason, first));
            })
            // Without the next season the player simply stops, as at the very end.
            .catch(() => {})
      : undefined;
  // The player's previous control: the episode before, else the last of the season before (spec 2 §2).
  const playPrevious = previous
    ? () => navigate(episodePath(seriesRef, seasonRef, previous))
    : index >= 0 && previousSeason
      ? () =>
          void loadSeason(String(previousSeason.ID))
            .then((loaded) => {
              const last = sortEpisodes(loaded.contents).at(-1);
              if (last) navigate(episodePath(seriesRef, previousSeason, last));
            })
            .catch(() => {})
      : undefined;
  const badge =
    series.data && season.data?.number != null && episode?.episodeNumber != null
      ? t('series.episodeBadge', {
          series: series.data.name,
          season: season.data.number,
          episode: episode.episodeNumber,
        })
      : undefined;

  return (
    <ContentPlayerPage
      key={episodeId}
      kind="episode"
      contentId={episodeId}
      usage={isOpen ? 'View' : 'Preview'}
      viewerLogged={Customer.logged}
      currentPath={location.pathname}
      notFound={<ErrorPage kind="not-found" />}
      badge={badge}
      favorite={
        <FavoriteToggle kind="content" id={episodeId} logged={Customer.logged} currentPath={location.pathname} />
      }
      // The end of an episode plays the next one (spec 2 §4); the last of the series stops.
      onNext={playNext}
      onPrevious={playPrevious}
      below={
        episodes.length > 0 ? (
          <section className="player-page__below" aria-labelledby="season-episodes-title">
            <h2 className="player-page__below-title" id="season-episodes-title">
              {season.data?.number != null
                ? t('series.seasonNumber', { number: season.data.number })
                : season.data?.name}
            </h2>
            <EpisodeList
              episodes={episodes}
              currentId={Number(episodeId)}
              hrefFor={(item) => episodePath(seriesRef, seasonRef, item)}
            />
          </section>
        ) : null
      }
    />
  );
}
