import { useNavigate } from 'react-router';
import type { Content } from '@playz/api-contract';
import { useSeasonLoader, useSeason, useSeries } from '@playz/queries';
import { tvPaths } from '@/app/paths';

export type NextEpisode = Pick<Content, 'contentID' | 'title' | 'episodeNumber'> & Partial<Pick<Content, 'rating'>>;

type Neighbours = {
  previous?: (() => void) | undefined;
  next?: (() => void) | undefined;
  /**
   * The episode Next plays, read (the next season asked if need be) when an episode ends, for the
   * "next episode" card (decision 082); undefined at the series' end or when it cannot be read.
   */
  upNext?: (() => Promise<NextEpisode | undefined>) | undefined;
  /** Plays an episode in place, as Next does. */
  play: (episode: Pick<Content, 'contentID'>) => void;
};

const byNumber = (a: Pick<Content, 'episodeNumber'>, b: Pick<Content, 'episodeNumber'>) =>
  (a.episodeNumber ?? Number.MAX_SAFE_INTEGER) - (b.episodeNumber ?? Number.MAX_SAFE_INTEGER);

/**
 * An episode's Previous and Next on the TV player (spec 2 §2), as the web's episode player has
 * them: the episode before or after in its season, else the last of the season before or the
 * first of the season after; none at the series' two ends. Undefined for anything but an episode.
 * The player moves in place (replace), so back leaves it for the page it came from.
 */
export function useEpisodeNeighbours(content: Content | undefined): Neighbours | undefined {
  const navigate = useNavigate();
  const loadSeason = useSeasonLoader();
  const isEpisode = content?.contentType === 'Episode' && content.seriesID !== null && content.contentListID !== null;
  const series = useSeries(isEpisode ? String(content.seriesID) : undefined);
  const season = useSeason(isEpisode ? String(content.contentListID) : undefined);
  if (!isEpisode || !season.data) return undefined;

  const play = (episode: Pick<Content, 'contentID'> | undefined) => {
    if (episode) void navigate(tvPaths.contentPlayer(episode.contentID), { replace: true });
  };
  // The first episode of the season after, asked when needed.
  const firstOfNextSeason = async (): Promise<Content | undefined> => {
    const other = seasonIndex >= 0 ? seasons[seasonIndex + 1] : undefined;
    if (!other) return undefined;
    const loaded = await loadSeason(String(other.ID)).catch(() => undefined);
    return loaded ? [...loaded.contents].sort(byNumber)[0] : undefined;
  };
  const episodes = [...season.data.contents].sort(byNumber);
  const index = episodes.findIndex((episode) => episode.contentID === content.contentID);
  const seasons = series.data?.seasons ?? [];
  const seasonIndex = seasons.findIndex((item) => item.ID === content.contentListID);
  // The season next door, asked when pressed: most viewers never go across.
  const across = (delta: 1 | -1) => {
    const other = seasonIndex >= 0 ? seasons[seasonIndex + delta] : undefined;
    if (!other) return undefined;
    return () =>
      void loadSeason(String(other.ID))
        .then((loaded) => {
          const sorted = [...loaded.contents].sort(byNumber);
          play(delta === 1 ? sorted[0] : sorted[sorted.length - 1]);
        })
        // A season that cannot be read: the player stays on this episode.
        .catch(() => {});
  };
  if (index < 0) return undefined;
  const following = episodes[index + 1];
  const next = following ? () => play(following) : across(1);
  return {
    previous: index > 0 ? () => play(episodes[index - 1]) : across(-1),
    next,
    upNext: following ? async () => following : next ? firstOfNextSeason : undefined,
    play,
  };
}
