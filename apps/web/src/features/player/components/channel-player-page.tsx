import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { AdaptiveStream, Channel } from '@playz/api-contract';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, currentScheduleEntry } from '@playz/domain';
import { Spinner } from '@/components/spinner';
import { channelPath, loginPath, offersPath } from '@/lib/catalogue-links';
import { streamTarget } from '@/lib/device';
import { useNow } from '@/lib/use-now';
import { useAppData, useChannelGuide, useChannels, useChannelStream } from '@playz/queries';
import { isDevicesLimitReached, useQualityLog, useReleaseDeviceLease } from '@playz/queries';
import {
  isNotForKidsProfile,
  isParentalCodeRequired,
  programmeNeedsCode,
  useAskAgainAtProgrammeBoundary,
} from '@playz/queries';
import { ChannelGuide } from './channel-guide';
import { ChannelLiveEvents } from './channel-live-events';
import { useChannelKeys } from './use-channel-keys';
import { ChannelSidePanel } from './channel-side-panel';
import { DevicesLimitNotice, useDevicesLimitDialog } from './devices-limit-notice';
import { LockedPoster } from './locked-poster';
import { ParentalCodePrompt } from './parental-code-prompt';
import { PlayerLoadFailure } from './player-load-failure';
import { VideoPlayer } from './video-player';
import { RatingBadge } from '@/components/rating-badge';
import { channelOpeningKey } from '@playz/player';
import { useOpeningLoading } from './use-opening-loading';
import '../player-pages.css';
import '../live-pages.css';
import '../live-events.css';

/**
 * How long a channel plays before its neighbours are asked ahead and the likeliest one loaded in
 * the warm standby (decision 128): the TV's wait (decision 098), shorter than the 5 s of pages
 * without a standby: a viewer looking for something zaps every two or three seconds.
 */
export const CHANNEL_PRELOAD_AFTER_PLAYING_MS = 2000;

/**
 * Whether this browser keeps a warm standby (decision 128): a second decoder holding the next
 * channel, whose segments are fetched again every few seconds; not when the viewer asked the
 * browser to save data.
 */
export function canKeepStandby(): boolean {
  const connection = (globalThis.navigator as (Navigator & { connection?: { saveData?: boolean } }) | undefined)
    ?.connection;
  return connection?.saveData !== true;
}

interface ChannelPlayerPageProps {
  /** From the route; unknown or absent: the first channel (spec 2 §2). */
  channelId: string | undefined;
  usage: 'View' | 'Preview';
  viewerLogged: boolean;
  currentPath: string;
  notFound: ReactNode;
}

/** /channels and /channel/{id}/{slug}: the live channel player (spec 2 §2). */
export function ChannelPlayerPage({ channelId, usage, viewerLogged, currentPath, notFound }: ChannelPlayerPageProps) {
  const { t } = useTranslation();
  const channels = useChannels();
  const list = channels.data ?? [];
  const channel = list.find((c) => String(c.channelID) === channelId) ?? list[0];
  // One listener for the page, whatever the channel: a channel's own would outlive it while the
  // next one mounts, and zap from the channel the viewer already left.
  useChannelKeys(list, channel);
  if (channels.isError) {
    return (
      <PlayerLoadFailure error={channels.error} notFoundNumber={ApiErrorNumber.ChannelNotFound} notFound={notFound} />
    );
  }
  if (channels.isPending || !channel) {
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
  // No key per channel: the page, and the player in it, stay from one channel to the next; a
  // channel change loads the next stream into the same player (instant zapping, decision 022 addendum).
  return (
    <LiveChannel
      channel={channel}
      channels={list}
      usage={usage}
      viewerLogged={viewerLogged}
      currentPath={currentPath}
    />
  );
}

function LiveChannel({
  channel,
  channels,
  usage,
  viewerLogged,
  currentPath,
}: Omit<ChannelPlayerPageProps, 'channelId' | 'notFound'> & { channel: Channel; channels: readonly Channel[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow(1000);
  const [startOver, setStartOver] = useState(false);
  const [previewEnded, setPreviewEnded] = useState(false);
  // A channel's own choices (start-over, a preview that ended) do not follow the viewer to the next.
  const [shownId, setShownId] = useState(channel.channelID);
  if (shownId !== channel.channelID) {
    setShownId(channel.channelID);
    setStartOver(false);
    setPreviewEnded(false);
  }
  const guide = useChannelGuide(channel.channelID);
  // A Stream channel whose encoder is down (decision 022): said so, and loaded when it is back.
  const isDown = channel.streamState === 'down';
  const target = streamTarget();
  const schedules = guide.data ?? channel.schedules;
  const onAir = currentScheduleEntry(schedules, now);
  // The programme on air's parental proof, if one was given, goes with the stream call (decision 064).
  const stream = useChannelStream(channel.channelID, usage, target, startOver, !isDown, () =>
    onAir ? onAir.content.contentID : null,
  );
  const customer = useAppData().data?.Customer;
  // At each programme's start the stream is asked again, so the server judges the new programme;
  // a rated one at or above the threshold stops the picture at once, before that answer.
  useAskAgainAtProgrammeBoundary(channel.channelID, onAir?.scheduleID ?? null, usage === 'View' && !isDown, () => {
    void stream.refetch();
  });
  const asksCode =
    isParentalCodeRequired(stream.error) ||
    (usage === 'View' && !startOver && programmeNeedsCode(customer, onAir?.content));
  const notForKids = isNotForKidsProfile(stream.error);
  const isDevicesLimited = isDevicesLimitReached(stream.error);
  useDevicesLimitDialog(isDevicesLimited);
  // Held for the whole page: a zap is not a stop, leaving the page is.
  useReleaseDeviceLease(stream.data?.usage === 'View');
  const logQuality = useQualityLog('Channel', channel.channelID);

  const index = channels.findIndex((c) => c.channelID === channel.channelID);
  // Channel up and down (the keys, the ▲▼ buttons): their stream URLs are asked now, with the
  // same query as the page's own, so a zap finds its URL at once; the player fetches their
  // manifests and first segments ahead.
  const up = channels[(index + 1) % channels.length];
  const down = channels[(index - 1 + channels.length) % channels.length];
  const canPreload = stream.data !== undefined;
  const upStream = useChannelStream(
    up?.channelID ?? null,
    usage,
    target,
    false,
    canPreload && up !== undefined && up.streamState !== 'down' && up !== channel,
  );
  const downStream = useChannelStream(
    down?.channelID ?? null,
    usage,
    target,
    false,
    canPreload && down !== undefined && down.streamState !== 'down' && down !== channel && down !== up,
  );
  // The likeliest next channel first, the one the warm standby holds (decision 128, as the TV's,
  // decision 119): the way the viewer zapped last (channel up before any zap).
  const [zapped, setZapped] = useState<{ at: number; down: boolean }>({ at: channel.channelID, down: false });
  if (zapped.at !== channel.channelID) {
    const cameDown =
      channels[(channels.findIndex((c) => c.channelID === zapped.at) - 1 + channels.length) % channels.length];
    setZapped({ at: channel.channelID, down: cameDown?.channelID === channel.channelID });
  }
  const likeliest = zapped.down ? [downStream.data, upStream.data] : [upStream.data, downStream.data];
  const neighbours = likeliest.filter((s): s is AdaptiveStream => s !== undefined);
  const [standby] = useState(canKeepStandby);
  // While the next channel's URL is on its way (a number typed), the player keeps the stream it
  // has rather than being taken down and built again.
  const sourceKey = `${channel.channelID}-${usage}-${startOver}`;
  const lastPlayable = useRef<{ key: string; stream: AdaptiveStream } | null>(null);
  if (stream.data) lastPlayable.current = { key: sourceKey, stream: stream.data };
  const playable = stream.data ? lastPlayable.current : stream.isPending && !isDown ? lastPlayable.current : null;
  // A first visit's page may have this channel playing already (decision 138): the player's first
  // mount takes it over, and waits for it while it is still decoding its first frame.
  const stageOpeningKey = usage === 'View' && !startOver ? channelOpeningKey(channel.channelID) : undefined;
  const awaitingOpening = useOpeningLoading(stageOpeningKey);
  const zap = useCallback(
    (delta: 1 | -1) => {
      const next = channels[(index + delta + channels.length) % channels.length];
      // Rendered within the press (flushSync): the player is told, and swaps onto its standby,
      // in the press's own task rather than after other work (decision 128, as the TV's, 119).
      if (next) void navigate(channelPath(next), { flushSync: true });
    },
    [channels, index, navigate],
  );
  // The player's previous and next controls zap too (spec 2 §2): channel down and up.
  const skip = useMemo(() => ({ previous: () => zap(-1), next: () => zap(1) }), [zap]);

  // A disabled programme: muted, with its message (spec 2 §2, §4).
  const isDisabled = onAir !== null && !onAir.content.enabled;
  // The guide: the last two programmes (to watch again), the one on air, then what comes next.
  const firstNotEnded = schedules.findIndex((s) => Date.parse(s.dateScheduled) + s.duration * 1000 > now);
  const guideEntries = firstNotEnded < 0 ? schedules.slice(-2) : schedules.slice(Math.max(0, firstNotEnded - 2));
  const poster = channel.images.backdrop ?? channel.posterUrl;
  const isPreview = usage === 'Preview' && stream.data?.usage === 'Preview';
  const refusedForRating = isParentalCodeRequired(stream.error) || notForKids;
  const locked =
    (isApiError(stream.error, ApiErrorNumber.Forbidden) && !isDevicesLimited && !refusedForRating) ||
    (isPreview && previewEnded);
  // Start-over is cut from the guide's segments: playlist channels only.
  const canStartOver = usage === 'View' && onAir !== null && !startOver && channel.channelType === 'Playlist';

  let stage: ReactNode;
  if (isDown) {
    stage = (
      <div className="stage stage--error" role="status">
        {poster ? <img className="stage__poster" src={poster} alt="" /> : null}
        <p>{t('player.streamDown')}</p>
      </div>
    );
  } else if (isDevicesLimited) stage = <DevicesLimitNotice poster={poster} onRetry={() => void stream.refetch()} />;
  else if (notForKids) {
    // A kids profile reaching a programme that does not suit it (decision 064): the picture goes,
    // the page says why, and the next suitable programme plays again at its start.
    stage = (
      <div className="stage stage--error" role="alert">
        {poster ? <img className="stage__poster" src={poster} alt="" /> : null}
        <p>{t('errors.notForKidsProfile')}</p>
      </div>
    );
  } else if (asksCode && onAir) {
    // The programme on air asks for the parental code (decision 064): asked on the stage, the
    // stream is asked again with the proof of the right code.
    stage = (
      <ParentalCodePrompt
        key={onAir.scheduleID}
        contentId={String(onAir.content.contentID)}
        poster={onAir.content.images.backdrop ?? poster}
        onProven={() => void stream.refetch()}
      />
    );
  } else if (locked) {
    stage = (
      <LockedPoster
        poster={poster}
        title={channel.name}
        subscribeHref={offersPath(currentPath)}
        loginHref={viewerLogged ? undefined : loginPath(currentPath)}
      />
    );
  } else if (playable && !awaitingOpening) {
    stage = (
      <VideoPlayer
        sourceKey={playable.key}
        stream={playable.stream}
        openingKey={stageOpeningKey}
        // The up and down channels' manifests and first segments are preloaded for an instant zap
        // (decision 022). (They were off while a stall after programme boundaries was blamed on
        // them; it was Shaka's @duration segment lookup, fixed by SegmentTimelines.)
        preloadStreams={neighbours}
        preloadAfterMs={CHANNEL_PRELOAD_AFTER_PLAYING_MS}
        // The first of them loaded whole in a hidden element: a zap onto it is a swap (decision 128).
        standby={standby}
        title={`${channel.name}${onAir ? ` · ${onAir.content.title}` : ''}`}
        poster={poster}
        startTime={startOver ? 'window-start' : undefined}
        onEnded={isPreview ? () => setPreviewEnded(true) : undefined}
        neighbours={skip}
        forceMuted={isDisabled}
        onRefreshStream={() => stream.refetch()}
        onQuality={logQuality}
        extraControls={
          startOver ? (
            <button type="button" className="player-chip" onClick={() => setStartOver(false)}>
              {t('player.backToLive')}
            </button>
          ) : canStartOver ? (
            <button type="button" className="player-chip player-chip--optional" onClick={() => setStartOver(true)}>
              {t('player.startOver')}
            </button>
          ) : null
        }
      />
    );
  } else if (stream.isPending || awaitingOpening) {
    stage = (
      <div className="stage stage--waiting">
        {poster ? <img className="stage__poster" src={poster} alt="" /> : null}
        <Spinner label={t('common.loading')} size={56} />
      </div>
    );
  } else {
    stage = (
      <div className="stage stage--error" role="alert">
        {poster ? <img className="stage__poster" src={poster} alt="" /> : null}
        <p>{t('player.error')}</p>
        <button type="button" className="button button--light" onClick={() => void stream.refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="live-page">
      <div className="live-page__main">
        <div className="player-page__stage">{stage}</div>
        <div className="live-page__now">
          <div className="live-page__channel">
            {channel.thumbnailUrl ? <img className="live-page__logo" src={channel.thumbnailUrl} alt="" /> : null}
            <div>
              <h1 className="live-page__title">{onAir?.content.title ?? channel.name}</h1>
              <p className="live-page__subtitle">
                <span className="live-page__live">{startOver ? t('player.startOverActive') : t('player.live')}</span>{' '}
                {channel.name}
                {/* The programme on air's rating (decision 082). */}
                {onAir?.content.rating ? ' ' : null}
                <RatingBadge rating={onAir?.content.rating} />
              </p>
            </div>
            <div className="live-page__zap">
              <button
                type="button"
                className="player-chip"
                onClick={() => zap(-1)}
                aria-label={t('player.channelDown')}
              >
                ▲
              </button>
              <button type="button" className="player-chip" onClick={() => zap(1)} aria-label={t('player.channelUp')}>
                ▼
              </button>
            </div>
          </div>
          {isDisabled ? (
            <p className="live-page__disabled" role="status">
              {t('player.disabled')}
            </p>
          ) : null}
          {isPreview && !locked ? (
            <div className="preview-banner" role="note">
              <span className="preview-banner__badge">{t('player.preview')}</span>
              <span className="preview-banner__text">{t('player.previewText')}</span>
              <Link className="button button--primary button--small" to={offersPath(currentPath)}>
                {t('menu.subscribe')}
              </Link>
            </div>
          ) : null}
          {onAir?.content.description ? <p className="live-page__description">{onAir.content.description}</p> : null}
        </div>
        <ChannelLiveEvents channelId={channel.channelID} />
        <ChannelGuide
          schedules={guideEntries}
          now={now}
          onStartOver={canStartOver ? () => setStartOver(true) : undefined}
        />
      </div>
      <ChannelSidePanel channels={channels} currentId={channel.channelID} now={now} />
    </div>
  );
}
