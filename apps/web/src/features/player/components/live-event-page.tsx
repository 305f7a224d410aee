import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, formatCountdown } from '@playz/domain';
import { Spinner } from '@/components/spinner';
import { loginPath, offersPath } from '@/lib/catalogue-links';
import { streamTarget } from '@/lib/device';
import { useNow } from '@/lib/use-now';
import { useLiveEvent, useLiveEventStream } from '../api/use-live-events';
import { isDevicesLimitReached, useReleaseDeviceLease } from '@playz/queries';
import { DevicesLimitNotice, useDevicesLimitDialog } from './devices-limit-notice';
import { LockedPoster, type PurchaseAction } from './locked-poster';
import { PlayerLoadFailure } from './player-load-failure';
import { PlayerWithChannels } from './player-with-channels';
import { VideoPlayer } from './video-player';
import '../player-pages.css';
import '../live-pages.css';
import '../live-events.css';

interface LiveEventPageProps {
  liveEventId: string;
  usage: 'View' | 'Preview';
  viewerLogged: boolean;
  currentPath: string;
  notFound: ReactNode;
  /** The event pass offered beside the subscription on the locked poster (spec 3 §3 LivePurchase). */
  purchase?: PurchaseAction | null | undefined;
}

/**
 * /live-event/{id}/{slug} (the spec lists no route for it): a live event before,
 * during and after it (spec 2 §4 Live event): its countdown in d, h, mn, s (spec 2 §9) over its
 * countdown media (Image: the poster; Video: the teaser; Stream: the channel), the channel live
 * while it runs, its replay after when there is one.
 */
export function LiveEventPage({
  liveEventId,
  usage,
  viewerLogged,
  currentPath,
  notFound,
  purchase = null,
}: LiveEventPageProps) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const event = useLiveEvent(liveEventId);
  const item = event.data;
  const stream = useLiveEventStream(liveEventId, item?.state, usage, streamTarget());
  const isDevicesLimited = isDevicesLimitReached(stream.error);
  useDevicesLimitDialog(isDevicesLimited);
  useReleaseDeviceLease(stream.data?.usage === 'View');
  // A preview (its channel's 3 segments) ends on the locked poster (spec 2 §4 preview stop), as
  // the content and channel players do.
  const [previewEnded, setPreviewEnded] = useState(false);
  const isPreview = stream.data?.usage === 'Preview';

  if (event.isError) {
    return (
      <PlayerLoadFailure error={event.error} notFoundNumber={ApiErrorNumber.LiveEventNotFound} notFound={notFound} />
    );
  }
  if (!item) {
    return (
      <div className="player-page">
        <div className="player-page__stage">
          <div className="stage stage--waiting">
            <Spinner label={t('common.loading')} size={56} />
          </div>
        </div>
      </div>
    );
  }
  const poster = item.images.backdrop ?? item.posterUrl ?? item.thumbnailUrl;
  const startsAt = Date.parse(item.dateScheduled);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(startsAt);
  const countdown = formatCountdown(Math.max(0, (startsAt - now) / 1000));
  const locked =
    (isApiError(stream.error, ApiErrorNumber.Forbidden) && !isDevicesLimited) || (isPreview && previewEnded);
  const noStream = isApiError(stream.error, ApiErrorNumber.NotFound);

  let stage: ReactNode;
  if (isDevicesLimited) stage = <DevicesLimitNotice poster={poster} onRetry={() => void stream.refetch()} />;
  else if (locked) {
    stage = (
      <LockedPoster
        poster={poster}
        title={item.name}
        subscribeHref={offersPath(currentPath)}
        loginHref={viewerLogged ? undefined : loginPath(currentPath)}
        purchase={purchase}
      />
    );
  } else if (stream.data && !(item.state === 'Pending' && item.countdownType === 'Image')) {
    stage = (
      <VideoPlayer
        key={`${liveEventId}-${item.state}`}
        sourceKey={`${liveEventId}-${item.state}`}
        stream={stream.data}
        title={item.name}
        poster={poster}
        // Before the show its media plays muted, as a backdrop to the countdown.
        forceMuted={item.state === 'Pending'}
        onRefreshStream={() => stream.refetch()}
        onEnded={isPreview ? () => setPreviewEnded(true) : undefined}
      />
    );
  } else {
    stage = (
      <div className="stage stage--waiting">
        {poster ? <img className="stage__poster" src={poster} alt="" /> : null}
        {stream.isPending && item.state !== 'Pending' ? <Spinner label={t('common.loading')} size={56} /> : null}
      </div>
    );
  }

  return (
    <PlayerWithChannels>
      <div className="player-page live-event">
        <div className="player-page__stage live-event__stage">
          {stage}
          {item.state === 'Pending' ? (
            <div className="live-event__countdown" role="timer" aria-live="off">
              <span className="live-event__countdown-label">{t('liveEvent.startsIn', { time: '' }).trim()}</span>
              <span className="live-event__countdown-value">{countdown.text}</span>
            </div>
          ) : null}
        </div>
        <div className="live-page__now">
          <p className="live-page__subtitle">
            <span className="live-page__live">
              {t(`liveEvent.${item.state.toLowerCase() as 'pending' | 'processing' | 'past'}`)}
            </span>{' '}
            {t('liveEvent.scheduledOn', { date })}
          </p>
          <h1 className="live-page__title">{item.name}</h1>
          {item.state === 'Past' && (noStream || !item.hasReplay) ? (
            <p className="live-page__disabled">{t('liveEvent.over')}</p>
          ) : null}
          <p className="live-page__description">{item.description}</p>
          {item.locationName ? (
            <p className="live-page__description">
              {t('liveEvent.location')} : {item.locationName}
              {item.locationAddress ? `, ${item.locationAddress}` : ''}
            </p>
          ) : null}
          {item.descriptionSections.map((section) => (
            <section key={section.title} className="live-event__section">
              <h2 className="channel-guide__title">{section.title}</h2>
              <p className="live-page__description">{section.text}</p>
            </section>
          ))}
        </div>
      </div>
    </PlayerWithChannels>
  );
}
