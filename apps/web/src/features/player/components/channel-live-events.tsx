import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useUpcomingLiveEvents } from '../api/use-live-events';

/** The live events a channel carries, running or to come, each opening its page. */
export function ChannelLiveEvents({ channelId }: { channelId: number }) {
  const { t, i18n } = useTranslation();
  const events = useUpcomingLiveEvents().data?.filter((e) => e.channelID === channelId && e.state !== 'Past') ?? [];
  if (events.length === 0) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="live-events" aria-labelledby="live-events-title">
      <h2 id="live-events-title" className="channel-guide__title">
        {t('liveEvent.events')}
      </h2>
      <ol className="channel-guide__list">
        {events.map((event) => (
          <li key={event.liveEventID} className="channel-guide__item">
            <time className="channel-guide__time" dateTime={event.dateScheduled}>
              {date.format(new Date(event.dateScheduled))}
            </time>
            <Link className="channel-guide__name" to={`/live-event/${event.liveEventID}/${event.slug}`}>
              {event.name}
            </Link>
            <span className="channel-guide__action">
              {event.state === 'Processing' ? (
                <span className="channel-guide__badge">{t('liveEvent.processing')}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
