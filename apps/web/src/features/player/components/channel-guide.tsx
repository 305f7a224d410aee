import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { Schedule } from '@playz/api-contract';
import { programmeStatus } from '@playz/domain';
import { RatingBadge } from '@/components/rating-badge';
import { contentPath } from '@/lib/catalogue-links';

interface ChannelGuideProps {
  schedules: readonly Schedule[];
  now: number;
  /** Start the running programme over (start-over). */
  onStartOver?: (() => void) | undefined;
}

/**
 * The schedule of a live channel (spec 2 §2: "live channels show a schedule of upcoming
 * programmes"), with the programmes of the last hours to watch again from the same segments
 * (replay, decision 022) and the running one to start over.
 */
export function ChannelGuide({ schedules, now, onStartOver }: ChannelGuideProps) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <section className="channel-guide" aria-labelledby="channel-guide-title">
      <h2 id="channel-guide-title" className="channel-guide__title">
        {t('player.schedule')}
      </h2>
      <ol className="channel-guide__list">
        {schedules.map((entry) => {
          const status = programmeStatus(entry, now);
          return (
            <li
              key={entry.scheduleID}
              className={`channel-guide__item channel-guide__item--${status.state}`}
              data-testid="guide-entry"
              data-state={status.state}
            >
              <time className="channel-guide__time" dateTime={entry.dateScheduled}>
                {time.format(new Date(entry.dateScheduled))}
              </time>
              <span className="channel-guide__name">
                <span className="channel-guide__name-title">{entry.content.title}</span>
                {entry.content.rating ? ' ' : null}
                <RatingBadge rating={entry.content.rating} />
              </span>
              <span className="channel-guide__action">
                {status.state === 'past' && entry.content.enabled ? (
                  <Link
                    className="player-chip"
                    to={`${contentPath(entry.content)}?airing=${entry.scheduleID}`}
                    aria-label={`${t('player.watchAgain')} : ${entry.content.title}`}
                  >
                    {t('player.watchAgain')}
                  </Link>
                ) : null}
                {status.state === 'running' ? (
                  <>
                    <span className="channel-guide__badge">{t('player.inProgress')}</span>
                    {onStartOver ? (
                      <button type="button" className="player-chip" onClick={onStartOver}>
                        {t('player.startOver')}
                      </button>
                    ) : null}
                  </>
                ) : null}
                {status.state === 'upcoming' ? (
                  <span className="channel-guide__later">
                    {t('player.startsIn', { time: formatWait(status.secondsLeft) })}
                  </span>
                ) : null}
              </span>
              {status.state === 'running' ? (
                <span className="channel-guide__progress" aria-hidden="true">
                  <span style={{ width: `${Math.round(status.progress * 100)}%` }} />
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** "1 h 05" or "12 min": how long until an upcoming programme starts. */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')}` : `${minutes} min`;
}
