import { useEffect, useState, type ReactNode } from 'react';
import type { AdaptiveStream, Content } from '@playz/api-contract';
import { programmeStatus, resumeTime } from '@playz/domain';
import { openingKey, openings } from '@playz/player';
import { useOpeningLoading } from './use-opening-loading';
import { useNow } from '@/lib/use-now';
import { useNextAiring } from '../api/use-next-airing';
import { formatWait } from './channel-guide';
import { useToast } from '@/components/toast';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { CardCarousel } from '@/components/card-carousel';
import { Spinner } from '@/components/spinner';
import { contentCard, loginPath, offersPath } from '@/lib/catalogue-links';
import { streamTarget } from '@/lib/device';
import { useContent, useContentStream, useRelatedContents } from '@playz/queries';
import { isDevicesLimitReached, isParentalCodeRequired, useQualityLog, useReleaseDeviceLease } from '@playz/queries';
import { useContentListRelated, useListPlaybackStatusSaver, usePlaybackStatusSaver } from '@playz/queries';
import { useCastMedia } from '../api/use-cast-media';
import { ContentDetails } from './content-details';
import { DevicesLimitNotice, useDevicesLimitDialog } from './devices-limit-notice';
import { LockedPoster, usePurchaseLabel, type PurchaseAction } from './locked-poster';
import { ParentalCodePrompt } from './parental-code-prompt';
import { PlayerLoadFailure } from './player-load-failure';
import { PlayerWithChannels } from './player-with-channels';
import { VideoPlayer } from './video-player';
import '../player-pages.css';

interface ContentPlayerPageProps {
  contentId: string;
  /** View when the customer may watch, Preview otherwise (spec 2 §4); decided by the route. */
  usage: 'View' | 'Preview';
  viewerLogged: boolean;
  /** The page's own path, carried as requested_url by the locked poster (spec 1 §6). */
  currentPath: string;
  notFound: ReactNode;
  /** Episodes save their resume point on their own call (spec 2 §7). */
  kind?: 'content' | 'episode';
  /** The favourite toggle, composed by the route (spec 2 §2 players). */
  favorite?: ReactNode;
  /** What follows the details: the season's episodes, the list's contents. */
  below?: ReactNode;
  /**
   * Ending auto-advances to the next item when there is one, otherwise stops (spec 2 §4); the
   * player's next control goes there too, its previous control to `onPrevious` (spec 2 §2).
   */
  onNext?: (() => void) | undefined;
  onPrevious?: (() => void) | undefined;
  /** A label over the title, e.g. the series and episode number. */
  badge?: string | undefined;
  /** A programme's airing chosen in a channel guide (?airing=, decision 022). */
  airing?: number | null | undefined;
  /** The rental offered beside the subscription on the locked poster (films, spec 3 §3). */
  purchase?: PurchaseAction | null | undefined;
  /**
   * A content played as part of a list played as one (decision 057): its stream is the list's
   * (asked by the list page), its resume point is saved on the list's timeline from `offset`, and
   * the related contents are the list's.
   */
  list?: ListPlayback | undefined;
}

/** What a list page hands the content it plays (decision 057). */
export interface ListPlayback {
  id: string;
  /** Where this content starts on the list's timeline, in seconds. */
  offset: number;
  stream: {
    data: AdaptiveStream | undefined;
    error: Error | null;
    isPending: boolean;
    isError: boolean;
    refetch: () => Promise<unknown>;
  };
  /** The parental code was given for this content (decision 059): the list asks its stream again. */
  onParentalProof: () => void;
}

/**
 * A programme played from its channel (decision 022): the airing's date for a replay; for one
 * still on air, the in-progress label and its toast (spec 2 §2 players).
 */
function useAiringLabel(
  stream: AdaptiveStream | undefined,
  item: Pick<Content, 'contentID' | 'contentType' | 'channelID'> | undefined,
): string | undefined {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const window = stream?.window;
  // A programme that has not aired in the replay window and airs later: when (spec 2 §2).
  const isUnaired = item?.contentType === 'Programme' && stream !== undefined && !stream.programme;
  const next = useNextAiring(item?.contentID ?? 0, item?.channelID ?? null, isUnaired).data ?? null;
  const now = useNow(30_000);
  // Made only when there is a time to show: a formatter costs milliseconds to create, at every render.
  const scheduledAt = next
    ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(
        new Date(next.dateScheduled),
      )
    : null;
  useEffect(() => {
    if (window === 'startover') toast.show(t('player.inProgress'));
  }, [window, toast, t]);
  useEffect(() => {
    if (scheduledAt) toast.show(t('player.scheduledAt', { time: scheduledAt }));
  }, [scheduledAt, toast, t]);
  if (next) {
    const status = programmeStatus(next, now);
    return `${t('player.scheduledAt', { time: scheduledAt })} · ${t('player.startsIn', { time: formatWait(status.secondsLeft) })}`;
  }
  if (!stream?.programme) return undefined;
  if (window === 'startover') return t('player.inProgress');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  return t('player.replayOf', { date: date.format(new Date(stream.programme.dateScheduled)) });
}

/** /content/{id}/{slug}: the content player (spec 2 §2). */
export function ContentPlayerPage({
  contentId,
  usage,
  viewerLogged,
  currentPath,
  notFound,
  kind = 'content',
  favorite,
  below,
  onNext,
  onPrevious,
  badge,
  airing = null,
  purchase = null,
  list,
}: ContentPlayerPageProps) {
  const { t } = useTranslation();
  const content = useContent(contentId);
  const contentStream = useContentStream(contentId, usage, streamTarget(), content.isSuccess && !list, airing);
  const stream = list?.stream ?? contentStream;
  const contentRelated = useRelatedContents(contentId, content.isSuccess && !list);
  const listRelated = useContentListRelated(list?.id ?? '', list !== undefined);
  const related = list ? listRelated : contentRelated;
  const [previewEnded, setPreviewEnded] = useState(false);
  const saves = viewerLogged && usage === 'View';
  const saveContentTime = usePlaybackStatusSaver(kind, contentId, saves && !list);
  const saveListTime = useListPlaybackStatusSaver(list?.id ?? '', list?.offset ?? 0, saves && list !== undefined);
  const saveTime = list ? saveListTime : saveContentTime;
  // Too many devices at once (spec 1 §6): the dialog opens by itself, the stage says it after.
  const isDevicesLimited = isDevicesLimitReached(stream.error);
  useDevicesLimitDialog(isDevicesLimited);
  useReleaseDeviceLease(stream.data?.usage === 'View');
  // A press may have launched this content's opening (decision 044): a page that will not play
  // it (no such content, the devices limit, no right) stops it.
  const refused = content.isError || stream.isError;
  useEffect(() => {
    if (refused) openings.drop();
  }, [refused]);
  const airingBadge = useAiringLabel(stream.data, content.data);
  const logQuality = useQualityLog(kind === 'episode' ? 'Episode' : 'Content', contentId);
  // A list's timeline is the list's (decision 057): its receiver plays without saving.
  const cast = useCastMedia(contentId, saves && !list && usage === 'View');
  // A film or an episode the viewer watches in full may take over its opening (decision 044).
  const resume =
    content.data && usage === 'View' ? resumeTime(content.data.playbackTime, content.data.duration) : undefined;
  const opens = stream.data?.usage === 'View' && !stream.data.window && !stream.data.contentProtection;
  const stageOpeningKey = content.data && opens ? openingKey(contentId, resume) : undefined;
  const awaitingOpening = useOpeningLoading(stageOpeningKey);

  // Unknown content (20, HTTP 404) shows the not-found page (spec 1 §8).
  if (content.isError)
    return (
      <PlayerLoadFailure error={content.error} notFoundNumber={ApiErrorNumber.ContentNotFound} notFound={notFound} />
    );

  const item = content.data;
  const poster = item ? (item.images.backdrop ?? item.images.landscape ?? item.posterUrl ?? item.thumbnailUrl) : null;
  // A content at or above the account's parental threshold asks for the code (decision 059).
  const needsParentalCode = isParentalCodeRequired(stream.error);
  const forbidden = isApiError(stream.error, ApiErrorNumber.Forbidden) && !isDevicesLimited && !needsParentalCode;
  const isPreview = usage === 'Preview' && stream.data?.usage === 'Preview';
  const locked = forbidden || (isPreview && previewEnded);
  const subscribeHref = offersPath(currentPath);

  let stage: ReactNode;
  if (!item || (stream.isPending && !locked) || awaitingOpening) {
    stage = (
      <div className="stage stage--waiting">
        {poster ? <img className="stage__poster" src={poster} alt="" /> : null}
        <Spinner label={t('common.loading')} size={56} />
      </div>
    );
  } else if (isDevicesLimited) {
    stage = <DevicesLimitNotice poster={poster} onRetry={() => void stream.refetch()} />;
  } else if (needsParentalCode) {
    stage = <ParentalCodePrompt contentId={contentId} poster={poster} onProven={list?.onParentalProof} />;
  } else if (locked) {
    stage = (
      <LockedPoster
        poster={poster}
        title={item.title}
        subscribeHref={subscribeHref}
        loginHref={viewerLogged ? undefined : loginPath(currentPath)}
        purchase={purchase}
      />
    );
  } else if (stream.data) {
    stage = (
      <VideoPlayer
        key={`${contentId}-${usage}-${airing}`}
        sourceKey={`${contentId}-${usage}-${airing}`}
        stream={stream.data}
        title={item.title}
        poster={poster}
        // A running programme starts over from its beginning (spec 2 §2 in-progress label).
        startTime={stream.data.window === 'startover' ? 'window-start' : resume}
        openingKey={stageOpeningKey}
        // In preview mode playback stops after the preview (spec 2 §4), then the offer shows.
        onEnded={isPreview ? () => setPreviewEnded(true) : onNext}
        neighbours={onNext || onPrevious ? { previous: onPrevious, next: onNext } : undefined}
        onSaveTime={isPreview ? undefined : saveTime}
        onRefreshStream={() => stream.refetch()}
        onQuality={logQuality}
        cast={isPreview ? undefined : cast}
      />
    );
  } else {
    stage = (
      <div className="stage stage--error" role="alert">
        {poster ? <img className="stage__poster" src={poster} alt="" /> : null}
        <p>{t('player.error')}</p>
      </div>
    );
  }

  return (
    <PlayerWithChannels>
      <div className="player-page">
        <div className="player-page__stage">{stage}</div>
        <div className="player-page__body">
          {isPreview && !locked ? <PreviewBanner subscribeHref={subscribeHref} purchase={purchase} /> : null}
          {item ? (
            <ContentDetails content={item} badge={badge ?? airingBadge} actions={favorite} />
          ) : (
            <div className="details" aria-hidden="true">
              <span className="skeleton skeleton--title" />
              <span className="skeleton skeleton--line" />
            </div>
          )}
          {below}
          {related.isPending || (related.data?.length ?? 0) > 0 ? (
            <CardCarousel
              title={t('player.related')}
              style="Landscape"
              loading={related.isPending}
              items={related.data?.map((contentItem) => contentCard(contentItem))}
            />
          ) : null}
        </div>
      </div>
    </PlayerWithChannels>
  );
}

/**
 * Over the details while a preview plays (spec 2 §4): the way to the whole programme. A content
 * sold alone is opened by its purchase only (decision 107), so its banner says so and offers that
 * purchase at its own offer's price instead of the subscription.
 */
function PreviewBanner({ subscribeHref, purchase }: { subscribeHref: string; purchase: PurchaseAction | null }) {
  const { t } = useTranslation();
  return (
    <div className="preview-banner" role="note">
      <span className="preview-banner__badge">{t('player.preview')}</span>
      {purchase?.alone ? (
        <>
          <span className="preview-banner__text">{t('player.previewAloneText')}</span>
          <PreviewPurchaseLink action={purchase} />
        </>
      ) : (
        <>
          <span className="preview-banner__text">{t('player.previewText')}</span>
          <Link className="button button--primary button--small" to={subscribeHref}>
            {t('menu.subscribe')}
          </Link>
        </>
      )}
    </div>
  );
}

function PreviewPurchaseLink({ action }: { action: PurchaseAction }) {
  const label = usePurchaseLabel(action);
  return (
    <Link className="button button--primary button--small" to={action.href}>
      {label}
    </Link>
  );
}
