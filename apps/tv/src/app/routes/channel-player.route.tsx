import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, currentScheduleEntry } from '@playz/domain';
import {
  isDevicesLimitReached,
  isNotForKidsProfile,
  isParentalCodeRequired,
  liveUsageOf,
  programmeNeedsCode,
  useAppData,
  useAskAgainAtProgrammeBoundary,
  useChannels,
  useChannelStream,
  useReleaseDeviceLease,
} from '@playz/queries';
import { ZapBanner } from '@/features/live/zap-banner';
import { useZappingKeys } from '@/features/live/use-zapping-keys';
import { zapFrom } from '@/features/live/zapping';
import { tvPaths } from '@/app/paths';
import { Icon } from '@/components/icon';
import { PageState } from '@/components/page-state';
import { TvButton } from '@/components/tv-button';
import { LockedOverlay } from '@/features/player/locked-overlay';
import { DevicesLimitOverlay } from '@/features/player/devices-limit-overlay';
import { ParentalCodeOverlay } from '@/features/account/parental-code-overlay';
import { SubscribeButton } from '@/features/player/subscribe-button';
import { PlayerScreen } from '@/features/player/player-screen';
import { usePlayerBack } from '@/features/player/use-player-back';

/** How long the zap banner stays after a channel change. */
const BANNER_MS = 4000;

/** The time now, again every second: what is on air follows the guide's boundaries. */
function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /channel/{id}/player: a live channel full screen, zapped with channel up / down and digits; one
 * player for the whole screen, the next channel loaded into it (instant zapping, decision 035). Playlist
 * channels offer start-over of the programme on air (spec 2 §4).
 */
export function ChannelPlayerRoute() {
  const { t } = useTranslation();
  const back = usePlayerBack();
  const id = useParams().id;
  const channels = useChannels();
  const list = channels.data ?? [];
  const index = Math.max(
    0,
    list.findIndex((c) => String(c.channelID) === id),
  );
  const channel = list[index] ?? null;
  const customer = useAppData().data?.Customer;
  const usage = customer ? liveUsageOf(customer) : 'Preview';
  const [startOver, setStartOver] = useState<{ channel: number; on: boolean }>({ channel: -1, on: false });
  const isStartOver = startOver.on && startOver.channel === channel?.channelID;
  // The programme on air, followed second by second: its start is where the rating is judged again.
  const clock = useSecondClock();
  const onAir = channel ? currentScheduleEntry(channel.schedules, clock) : null;
  const stream = useChannelStream(
    channel?.channelID ?? null,
    usage,
    'player_dash',
    isStartOver,
    customer !== undefined && channel?.streamState !== 'down',
    // The programme on air's parental proof, if one was given, goes with the call (decision 064).
    () => (onAir ? onAir.content.contentID : null),
  );
  // At each programme's start the stream is asked again, so the server judges the new programme;
  // one at or above the threshold stops the picture at once, before that answer (decision 064).
  useAskAgainAtProgrammeBoundary(
    channel?.channelID ?? -1,
    onAir?.scheduleID ?? null,
    usage === 'View' && channel !== null && channel.streamState !== 'down',
    () => void stream.refetch(),
  );
  const asksCode =
    isParentalCodeRequired(stream.error) ||
    (usage === 'View' && !isStartOver && programmeNeedsCode(customer, onAir?.content));
  const notForKids = isNotForKidsProfile(stream.error);
  // A full stream holds one of the account's device places until this player goes (decision 018).
  useReleaseDeviceLease(stream.data?.usage === 'View');
  const devicesLimited = isDevicesLimitReached(stream.error);
  // Channel up and down: their stream URLs are asked once this channel's own has answered, with
  // the same query as the page's, so a zap finds its URL at once and the player has fetched their
  // first segments (decision 098, as the web's channel page does, decision 022 addendum). The
  // account's place is the one this session already holds.
  const up = channel ? zapFrom(list, channel.channelID, 1) : null;
  const down = channel ? zapFrom(list, channel.channelID, -1) : null;
  const canPreload = stream.data !== undefined && !isStartOver;
  const upStream = useChannelStream(
    up?.channelID ?? null,
    usage,
    'player_dash',
    false,
    canPreload && up !== null && up !== channel && up.streamState !== 'down',
  );
  const downStream = useChannelStream(
    down?.channelID ?? null,
    usage,
    'player_dash',
    false,
    canPreload && down !== null && down !== channel && down !== up && down.streamState !== 'down',
  );
  // The likeliest next channel first: the way the viewer zapped last (channel up before any zap).
  // The player keeps the first loaded in a warm standby where the device can (decision 119).
  const [zapped, setZapped] = useState<{ at: number | null; down: boolean }>({ at: null, down: false });
  if (channel && zapped.at !== channel.channelID) {
    const cameDown = zapped.at !== null && zapFrom(list, zapped.at, -1)?.channelID === channel.channelID;
    setZapped({ at: channel.channelID, down: zapped.at === null ? zapped.down : cameDown });
  }
  const likeliest = zapped.down ? [downStream.data, upStream.data] : [upStream.data, downStream.data];
  const neighbours = likeliest.filter((s): s is NonNullable<typeof s> => s !== undefined);
  const typed = useZappingKeys(list, channel?.channelID ?? null);
  const navigate = useNavigate();
  const zap = (delta: 1 | -1) => {
    const to = channel ? zapFrom(list, channel.channelID, delta) : null;
    if (to) void navigate(tvPaths.channelPlayer(to.channelID), { replace: true, flushSync: true });
  };
  const [bannerUntil, setBannerUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setBannerUntil(Date.now() + BANNER_MS);
    const timer = setTimeout(() => setNow(Date.now()), BANNER_MS + 50);
    return () => clearTimeout(timer);
  }, [channel?.channelID]);

  if (!channel)
    return (
      <PageState
        loading={channels.isPending}
        failed={channels.isError}
        empty={t('tv.live.empty')}
        onRetry={() => void channels.refetch()}
      />
    );
  const ratingBlocked = notForKids || (asksCode && onAir !== null);
  const locked =
    isApiError(stream.error, ApiErrorNumber.Forbidden) &&
    !devicesLimited &&
    !notForKids &&
    !isParentalCodeRequired(stream.error);
  const canStartOver = usage === 'View' && channel.channelType === 'Playlist' && onAir !== null;
  const isPreview = stream.data?.usage === 'Preview';
  const showBanner = typed !== '' || bannerUntil > now;
  return (
    <PlayerScreen
      // Stopped for a rating, the screen is made again without a source: the picture and sound go.
      key={ratingBlocked ? 'rating' : 'live'}
      source={locked || ratingBlocked || channel.streamState === 'down' ? null : (stream.data ?? null)}
      sourceKey={`${channel.channelID}-${usage}-${isStartOver}`}
      reportedAs={{ type: 'Channel', id: channel.channelID }}
      preloadStreams={neighbours}
      start={isStartOver ? 'window-start' : undefined}
      title={channel.name}
      // The programme on air's rating beside the channel's name (decision 082).
      rating={onAir?.content.rating}
      subtitle={[onAir?.content.title, isPreview ? t('player.preview') : null].filter(Boolean).join(' · ') || null}
      poster={channel.images.backdrop ?? channel.posterUrl}
      onBack={back}
      // Previous and Next zap as channel down and up do (spec 2 §2).
      neighbours={{ previous: () => zap(-1), next: () => zap(1) }}
      blocked={locked || devicesLimited || ratingBlocked}
      programme={
        onAir
          ? { start: Date.parse(onAir.dateScheduled), end: Date.parse(onAir.dateScheduled) + onAir.duration * 1000 }
          : null
      }
      actions={
        isPreview ? (
          <SubscribeButton />
        ) : isStartOver ? (
          <TvButton
            focusKey="player-live"
            label={t('player.backToLive')}
            onSelect={() => setStartOver({ channel: channel.channelID, on: false })}
          />
        ) : canStartOver ? (
          <TvButton
            focusKey="player-start-over"
            icon={<Icon name="restart" />}
            label={t('player.startOver')}
            onSelect={() => setStartOver({ channel: channel.channelID, on: true })}
          />
        ) : null
      }
      overlay={
        <>
          {showBanner ? <ZapBanner channel={channel} number={index + 1} onAir={onAir} typed={typed} /> : null}
          {channel.streamState === 'down' ? (
            <p className="player__error" role="status">
              {t('player.streamDown')}
            </p>
          ) : null}
          {locked ? <LockedOverlay logged={customer?.logged ?? false} text={t('player.lockedText')} /> : null}
          {notForKids ? (
            // A kids profile reaching a programme that does not suit it (decision 064).
            <div className="locked" role="alert">
              <h2 className="locked__title">{t('errors.notForKidsProfile')}</h2>
            </div>
          ) : asksCode && onAir ? (
            <ParentalCodeOverlay
              key={onAir.scheduleID}
              contentId={String(onAir.content.contentID)}
              onProven={() => void stream.refetch()}
            />
          ) : null}
          {devicesLimited ? <DevicesLimitOverlay onRetry={() => void stream.refetch()} /> : null}
        </>
      }
    />
  );
}
