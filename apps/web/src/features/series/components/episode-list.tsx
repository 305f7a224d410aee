import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { Content } from '@playz/api-contract';
import '../series.css';

type Episode = Pick<
  Content,
  | 'contentID'
  | 'slug'
  | 'title'
  | 'description'
  | 'duration'
  | 'episodeNumber'
  | 'images'
  | 'thumbnailUrl'
  | 'percentage'
  | 'playbackTime'
>;

/** Episodes in their order: by number, then as the season lists them. */
export function sortEpisodes<T extends Pick<Content, 'episodeNumber'>>(episodes: readonly T[]): T[] {
  return [...episodes].sort(
    (a, b) => (a.episodeNumber ?? Number.MAX_SAFE_INTEGER) - (b.episodeNumber ?? Number.MAX_SAFE_INTEGER),
  );
}

/** Started, not finished: a progress bar shows how much was seen (spec 2 §2, §4 resume). */
function progressOf(episode: Episode): number | null {
  const percentage = episode.percentage ?? 0;
  if (percentage <= 0) return null;
  return Math.round(Math.min(100, percentage));
}

/** The episodes of a season: number, title, duration, thumbnail and progress when started. */
export function EpisodeList({
  episodes,
  hrefFor,
  currentId,
}: {
  episodes: readonly Episode[];
  hrefFor: (episode: Episode) => string;
  currentId?: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ol className="episode-list">
      {sortEpisodes(episodes).map((episode) => {
        const progress = progressOf(episode);
        const current = episode.contentID === currentId;
        const thumbnail = episode.images.landscape ?? episode.thumbnailUrl;
        return (
          <li key={episode.contentID} className={`episode${current ? ' episode--current' : ''}`}>
            <Link className="episode__link" to={hrefFor(episode)} aria-current={current ? 'page' : undefined}>
              <span className="episode__thumb">
                {thumbnail ? <img src={thumbnail} alt="" loading="lazy" decoding="async" /> : null}
                {progress !== null ? (
                  <span
                    className="episode__progress"
                    role="progressbar"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={progress}
                    aria-label={t('series.watched', { percent: progress })}
                  >
                    <span style={{ width: `${progress}%` }} />
                  </span>
                ) : null}
              </span>
              <span className="episode__text">
                <span className="episode__number">
                  {episode.episodeNumber !== null ? t('series.episodeNumber', { number: episode.episodeNumber }) : null}
                  {episode.duration > 0 ? (
                    <span className="episode__duration">
                      {t('player.minutes', { count: Math.max(1, Math.round(episode.duration / 60)) })}
                    </span>
                  ) : null}
                </span>
                <span className="episode__title">{episode.title}</span>
                {episode.description ? <span className="episode__description">{episode.description}</span> : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
