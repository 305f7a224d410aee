import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import type { AdaptiveStream } from '@playz/api-contract';
import { CONTROLS_HIDE_MS, formatClock } from '@playz/domain';
import { thumbnailAt, type PlayerCommands, type PlayerSource, type StartPosition } from '@playz/player';
import { DeviceContext } from '@/app/device-context';
import { timeOfDay } from '@/lib/clock';
import { FocusSection } from '@/navigation/focusable';
import { useRemoteKeys } from '@/navigation/use-remote-keys';
import { Icon } from '@/components/icon';
import { RatingBadge } from '@/components/rating-badge';
import { TvButton } from '@/components/tv-button';
import { usePublishedNeighbours } from '@/remote/player-neighbours';
import { ChannelPanel } from './channel-panel';
import { hasLanguageChoices, LanguagePanel } from './language-panel';
import { nextQuality, seekRatio, seekTarget } from './seek';
import { useMediaElement } from './use-media-element';
import { useTvPlayer } from './use-tv-player';
import { useQualityReports, type QualityItem } from './use-quality-reports';
import { useResumeSaver } from './use-resume-saver';

export type PlayerSourceWithThumbnails = PlayerSource & Partial<Pick<AdaptiveStream, 'thumbnails'>>;

/** How long the seek preview (time and thumbnail) stays after the last left / right press. */
const SEEK_PREVIEW_MS = 1500;

/**
 * The full-screen player on a remote (decision 035): OK plays and pauses, left / right seek 10 s with
 * the thumbnail of the target, down reaches the buttons (quality, start-over), back leaves. The
 * controls hide 3 s after the last key while playing (spec 2 §9).
 */
export function PlayerScreen({
  source,
  sourceKey,
  start,
  title,
  subtitle,
  rating,
  poster,
  actions,
  onBack,
  onEnded,
  neighbours,
  overlay,
  blocked = false,
  programme,
  onSaveTime,
  openingKey,
  reportedAs,
  preloadStreams,
}: {
  source: PlayerSourceWithThumbnails | null;
  sourceKey: string;
  start?: StartPosition | undefined;
  title: string;
  subtitle?: string | null | undefined;
  /** The age rating of what plays, as the CSA badge beside the title (decision 064). */
  rating?: number | undefined;
  poster?: string | null | undefined;
  /** Buttons beside play / pause (start-over on a channel). */
  actions?: ReactNode;
  onBack: () => void;
  onEnded?: (() => void) | undefined;
  /** The items before and after (a list's contents, channels): Previous and Next buttons (spec 2 §2). */
  neighbours?: { previous?: (() => void) | undefined; next?: (() => void) | undefined } | undefined;
  /** Shown over the video (a zap banner, a locked notice). */
  overlay?: ReactNode;
  /** A modal overlay (locked) has the keys: the player's own are off. */
  blocked?: boolean;
  /** Saves the resume point (spec 2 §4): films and episodes a logged customer watches in full. */
  onSaveTime?: ((time: number) => void) | undefined;
  /** A live channel: the bar shows the programme on air (its times and how far it has got). */
  programme?: { start: number; end: number } | null | undefined;
  /**
   * The opening this screen may take over (decision 044, `openingKey` of @playz/player): its
   * element, launched full screen by the press on Play, becomes this screen's and plays on.
   */
  openingKey?: string | undefined;
  /** What plays, as the quality of experience reports name it (decision 088); none: nothing reported. */
  reportedAs?: QualityItem | undefined;
  /** The streams a zap may go to next (a channel's neighbours): fetched ahead once this one plays. */
  preloadStreams?: readonly PlayerSource[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const media = useRef<HTMLDivElement>(null);
  const { video, opening } = useMediaElement(media, openingKey, poster);
  // A warm standby of the next channel where the device holds two decoders (decision 119).
  const standby = useContext(DeviceContext)?.standbyDecoder ?? false;
  const { player, state, tracks, error } = useTvPlayer(
    video,
    opening,
    source,
    sourceKey,
    start,
    preloadStreams,
    standby,
  );
  useQualityReports(video, sourceKey, source !== null, reportedAs, error);
  const [visible, setVisible] = useState(true);
  const [onButtons, setOnButtons] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);
  /** The audio and subtitles panel (decision 069): it has the keys while open. */
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const previewTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useResumeSaver(state, onSaveTime);
  // The phone remote's Previous and Next press these too (decision 075).
  usePublishedNeighbours(neighbours);
  /** The channel side panel (spec 1 §2): it has the keys while open; opened from the bar, back to its button. */
  const [channelsOpen, setChannelsOpen] = useState<'key' | 'button' | null>(null);
  const closeChannels = useCallback(() => {
    if (channelsOpen === 'button') void setFocus('player-channels');
    setChannelsOpen(null);
  }, [channelsOpen]);
  const paused = state?.paused ?? true;
  const ended = state?.ended ?? false;
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  useEffect(() => {
    if (ended) onEndedRef.current?.();
  }, [ended]);

  const reveal = useCallback(() => {
    setVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setVisible(false), CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => () => (clearTimeout(hideTimer.current), clearTimeout(previewTimer.current)), []);
  // Paused, the controls stay: the viewer sees where the film stands.
  const shown = visible || paused || onButtons || languagesOpen || error !== null;

  const togglePlay = useCallback(() => {
    const current = player.current;
    if (!current) return;
    if (current.getState().paused) void current.play();
    else current.pause();
  }, [player]);

  const seek = useCallback(
    (direction: -1 | 1) => {
      const current = player.current;
      if (!current) return;
      const base = current.getState();
      // Presses in a row add up from the target shown, not from where the video has got to.
      const from = preview ?? base.currentTime;
      const target = seekTarget({ ...base, currentTime: from }, direction);
      current.seek(target);
      setPreview(target);
      clearTimeout(previewTimer.current);
      previewTimer.current = setTimeout(() => setPreview(null), SEEK_PREVIEW_MS);
    },
    [player, preview],
  );

  const quality = state?.quality ?? 'auto';
  const cycleQuality = useCallback(() => {
    player.current?.setQuality(
      nextQuality(
        quality,
        tracks.map((track) => track.height),
      ),
    );
  }, [player, quality, tracks]);

  useRemoteKeys((key) => {
    reveal();
    if (key === 'guide') {
      // The channels beside the picture, rather than the guide page (decision 075).
      setChannelsOpen(onButtons ? 'button' : 'key');
      return true;
    }
    if (onButtons) {
      if (key === 'up' || key === 'back') {
        setOnButtons(false);
        return true;
      }
      return false; // left / right / OK: the buttons, by the spatial navigation
    }
    switch (key) {
      case 'ok':
      case 'playPause':
        togglePlay();
        return true;
      case 'play':
        void player.current?.play();
        return true;
      case 'pause':
        player.current?.pause();
        return true;
      case 'left':
      case 'rewind':
        seek(-1);
        return true;
      case 'right':
      case 'fastForward':
        seek(1);
        return true;
      case 'down':
        setOnButtons(true);
        void setFocus('player-play');
        return true;
      case 'up':
        return true;
      case 'back':
      case 'stop':
        onBack();
        return true;
      default:
        return false;
    }
  }, !blocked && !languagesOpen);
  const closeLanguages = useCallback(() => {
    setLanguagesOpen(false);
    void setFocus('player-languages');
  }, []);
  const languageCommands = useMemo(
    () => ({
      setAudioLanguage: (language: string) => player.current?.setAudioLanguage(language),
      setSubtitleLanguage: (language: string | null) => player.current?.setSubtitleLanguage(language),
      setSubtitleStyle: (style: Parameters<PlayerCommands['setSubtitleStyle']>[0]) =>
        player.current?.setSubtitleStyle(style),
    }),
    [player],
  );

  const time = preview ?? state?.currentTime ?? 0;
  // Live, outside a seek: the programme's progress; otherwise the position in the seekable window.
  const ratio =
    programme && preview === null
      ? Math.min(1, Math.max(0, (Date.now() - programme.start) / (programme.end - programme.start)))
      : state
        ? seekRatio(state, time)
        : 0;
  const thumbnail = preview !== null && source?.thumbnails ? thumbnailAt(source.thumbnails, ratio) : null;
  const qualityLabel = quality === 'auto' ? t('player.auto') : `${quality}p`;
  const languages = state?.languages;
  return (
    <div className="player" data-controls={shown || undefined}>
      <div ref={media} className="player__media" />
      {overlay}
      {channelsOpen && !blocked ? <ChannelPanel onClose={closeChannels} /> : null}
      {error ? (
        <p className="player__error" role="alert">
          {t('player.error')}
        </p>
      ) : null}
      {state?.loading && !error ? <span className="spinner player__spinner" aria-label={t('common.loading')} /> : null}
      <div className="player__chrome" aria-hidden={!shown}>
        <div className="player__top">
          <h1 className="player__title">
            {title}
            {rating ? ' ' : null}
            <RatingBadge rating={rating} />
          </h1>
          {subtitle ? <p className="player__subtitle">{subtitle}</p> : null}
        </div>
        <div className="player__bottom">
          <div className="seekbar" role="slider" aria-label={t('player.seek')} aria-valuenow={Math.round(time)}>
            <div className="seekbar__track">
              <div className="seekbar__fill" style={{ width: `${ratio * 100}%` }} />
              <div className="seekbar__head" style={{ left: `${ratio * 100}%` }}>
                {preview !== null ? (
                  <div className="seekbar__preview">
                    {thumbnail ? <img src={thumbnail.url} alt="" /> : null}
                    <span>{formatClock(time - (state?.seekStart ?? 0))}</span>
                  </div>
                ) : null}
              </div>
            </div>
            {programme ? (
              <div className="seekbar__times">
                <span>{timeOfDay(programme.start, i18n.language)}</span>
                <span className="seekbar__live">{t('player.live')}</span>
                <span>{timeOfDay(programme.end, i18n.language)}</span>
              </div>
            ) : (
              <div className="seekbar__times">
                <span>{formatClock(time)}</span>
                <span>{formatClock(state?.duration ?? 0)}</span>
              </div>
            )}
          </div>
          <FocusSection focusKey="player-buttons" className="player__buttons">
            {neighbours?.previous ? (
              <TvButton focusKey="player-previous" label={t('player.previous')} onSelect={neighbours.previous} />
            ) : null}
            <TvButton
              focusKey="player-play"
              primary
              icon={<Icon name={paused ? 'play' : 'pause'} />}
              label={paused ? t('player.play') : t('player.pause')}
              onSelect={togglePlay}
            />
            {neighbours?.next ? (
              <TvButton focusKey="player-next" label={t('player.next')} onSelect={neighbours.next} />
            ) : null}
            {actions}
            {hasLanguageChoices(languages) ? (
              <TvButton
                focusKey="player-languages"
                icon={<Icon name="subtitles" />}
                label={t('player.audioAndSubtitles')}
                onSelect={() => setLanguagesOpen(true)}
              />
            ) : null}
            {tracks.length > 1 ? (
              <TvButton
                focusKey="player-quality"
                icon={<Icon name="quality" />}
                label={`${t('player.quality')} · ${qualityLabel}`}
                onSelect={cycleQuality}
              />
            ) : null}
            <TvButton
              focusKey="player-channels"
              icon={<Icon name="live" />}
              label={t('player.channelList')}
              onSelect={() => setChannelsOpen('button')}
            />
          </FocusSection>
          <p className="player__hint">{onButtons ? t('tv.player.hintButtons') : t('tv.player.hint')}</p>
        </div>
      </div>
      {languagesOpen && hasLanguageChoices(languages) ? (
        <LanguagePanel languages={languages} commands={languageCommands} onClose={closeLanguages} />
      ) : null}
    </div>
  );
}
