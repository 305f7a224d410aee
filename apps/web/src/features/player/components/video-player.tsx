import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdaptiveStream } from '@playz/api-contract';
import { CONTROLS_HIDE_MS, canForward, forwardTarget, rewindTarget } from '@playz/domain';
import {
  createPlayer,
  mediaElementFor,
  type Player,
  type PlayerError,
  type PlayerSource,
  type PlayerState,
  type QualityTrack,
  type StartPosition,
  type TakenOpening,
} from '@playz/player';
import {
  ExitFullscreenIcon,
  ForwardIcon,
  FullscreenIcon,
  MutedIcon,
  PauseIcon,
  PlayIcon,
  RewindIcon,
  VolumeIcon,
} from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { QualityMenu } from './quality-menu';
import { SeekBar } from './seek-bar';
import { PlayerErrorOverlay } from './player-error-overlay';
import { CastButton } from './cast-button';
import { RemoteControlButton } from '@/components/remote-control-button';
import { PlayerTime } from './player-time';
import { usePlaybackRecovery } from './use-playback-recovery';
import { useQualityEvents, type QualityEvent } from './use-quality-events';

export interface VideoPlayerProps {
  stream: Pick<AdaptiveStream, 'url' | 'type' | 'thumbnails'> & Partial<Pick<AdaptiveStream, 'contentProtection'>>;
  /**
   * Changes only when another item or usage is played; a refreshed url alone does not reload. A
   * new key loads the new stream into the same player and element (a channel zap, decision 022 addendum).
   */
  sourceKey: string;
  /** Streams the viewer may go to next (a channel's neighbours): fetched ahead so a zap starts at once. */
  preloadStreams?: readonly PlayerSource[] | undefined;
  /** How long this stream plays before `preloadStreams` are fetched (tests shorten it). */
  preloadAfterMs?: number | undefined;
  title: string;
  poster?: string | null | undefined;
  startTime?: StartPosition | undefined;
  onEnded?: () => void;
  /** Controls the page adds to the bar (start-over on a channel). */
  extraControls?: React.ReactNode;
  /** A disabled programme plays muted, whatever the viewer chose (spec 2 §4). */
  forceMuted?: boolean | undefined;
  /**
   * Asks the server for a fresh stream URL (an expired grant, a network drop): the player then
   * reloads where it was. Without it, a failure waits for the viewer's retry.
   */
  onRefreshStream?: (() => Promise<unknown>) | undefined;
  /**
   * The opening this stream may take over (decision 044, `openingKey` of @playz/player): its
   * element, paused on the first frame, becomes this player's and plays at once.
   */
  openingKey?: string | undefined;
  /** Quality of experience for the operator (start-up time, stalls, errors), sent to /event/log. */
  onQuality?: ((event: QualityEvent) => void) | undefined;
  /**
   * Where playback stands, to save as the resume point (spec 2 §4): on pause, at the end, when
   * the player goes away, and every 10 s while playing.
   */
  onSaveTime?: (time: number) => void;
}

export type { QualityEvent };

/** How often the resume point is saved while playing. */
export const RESUME_SAVE_INTERVAL_MS = 10_000;
const MIN_RESUME_SECONDS = 1;

const INITIAL_STATE: PlayerState = {
  paused: true,
  loading: true,
  seeking: false,
  muted: false,
  ended: false,
  currentTime: 0,
  duration: 0,
  quality: 'auto',
  activeHeight: null,
  live: false,
  seekStart: 0,
  seekEnd: 0,
};

/** Taps closer than this on the same side seek (spec 2 §2 "double-tap seeks on touch devices"). */
const DOUBLE_TAP_MS = 300;

function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element?.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable;
}

function isActivationTarget(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element?.tagName && ['BUTTON', 'A'].includes(element.tagName);
}

/** The content video with custom controls over packages/player (spec 2 §2, §4, §9). */
/** How long a channel plays before its neighbours are preloaded (instant zapping, decision 022). */
const PRELOAD_AFTER_PLAYING_MS = 5000;

export function VideoPlayer({
  stream,
  sourceKey,
  preloadStreams,
  preloadAfterMs = PRELOAD_AFTER_PLAYING_MS,
  title,
  poster,
  startTime,
  onEnded,
  onSaveTime,
  extraControls,
  forceMuted,
  onRefreshStream,
  onQuality,
  openingKey,
}: VideoPlayerProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // An opening taken over: its engine is handed to the first player made (decision 044).
  const openingRef = useRef<TakenOpening | null>(null);
  // The key the player mounted with: it changes while the film plays (each resume point saved
  // moves the start), and the playing element must not leave the page and come back.
  const mountOpeningKey = useRef(openingKey);
  const playerRef = useRef<Player | null>(null);
  const streamRef = useRef(stream);
  streamRef.current = stream;
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  const onSaveTimeRef = useRef(onSaveTime);
  onSaveTimeRef.current = onSaveTime;
  const startTimeRef = useRef<StartPosition | undefined>(startTime);
  const startTimePropRef = useRef(startTime);
  startTimePropRef.current = startTime;
  // The source the player holds: a new sourceKey is zapped into it rather than a new player built.
  const loadedKeyRef = useRef(sourceKey);
  // What this load has played so far: its resume point, whether it ended (reset at each zap).
  const playback = useRef({ ended: false, playing: false, lastTime: 0 });
  const sourceKeyRef = useRef(sourceKey);
  sourceKeyRef.current = sourceKey;
  const onQualityRef = useRef(onQuality);
  onQualityRef.current = onQuality;
  // Where playback stood, to reload there after a failure.
  const positionRef = useRef(0);
  const destroying = useRef<Promise<unknown>>(Promise.resolve());

  const [state, setState] = useState<PlayerState>(INITIAL_STATE);
  const [tracks, setTracks] = useState<QualityTrack[]>([]);
  const [error, setError] = useState<PlayerError | null>(null);
  const [mutedByBrowser, setMutedByBrowser] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const recovery = usePlaybackRecovery({
    error,
    refreshStream: onRefreshStream,
    reload: () => {
      if (positionRef.current > 0) startTimeRef.current = positionRef.current;
      setAttempt((n) => n + 1);
    },
  });
  useQualityEvents(videoRef, `${sourceKey}-${attempt}`, onQuality, recovery.recovered);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastTap = useRef<{ time: number; side: 'left' | 'right' } | null>(null);

  // The media element is made here, not rendered by React, so an opening's element (already
  // holding the stream's first frame) can be this player's. Layout effects run before every
  // other effect, so the element is in place for all of them.
  useLayoutEffect(() => {
    if (!videoRef.current) {
      const { video, opening } = mediaElementFor(mountOpeningKey.current);
      openingRef.current = opening;
      videoRef.current = video;
      Object.assign(video, { className: 'video__element', playsInline: true, preload: 'auto' });
    }
    const video = videoRef.current;
    mediaRef.current?.append(video);
    return () => video.remove();
    // One element for the player's life, as a rendered <video> was, left in place.
  }, []);
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (poster) video.poster = poster;
    else video.removeAttribute('poster');
    video.setAttribute('aria-label', title);
  }, [poster, title]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    const opening = openingRef.current;
    openingRef.current = null;
    const current = playback.current;
    Object.assign(current, { ended: false, playing: false, lastTime: 0 });
    const save = (time: number) => {
      // A glance (under a second) is not a start: it would only clutter continue watching.
      if (time >= MIN_RESUME_SECONDS) onSaveTimeRef.current?.(time);
    };
    setError(null);
    setState(INITIAL_STATE);
    loadedKeyRef.current = sourceKeyRef.current;
    const player = createPlayer(video, {
      opening,
      onState: (next) => {
        if (cancelled) return;
        setState(next);
        setTracks(player.getTracks());
        const wasPlaying = current.playing;
        current.playing = !next.paused && !next.ended;
        if (next.currentTime > 0) {
          current.lastTime = next.currentTime;
          positionRef.current = next.currentTime;
        }
        if (next.ended && !current.ended) {
          save(next.duration || current.lastTime);
          onEndedRef.current?.();
        } else if (wasPlaying && next.paused && !next.ended) save(current.lastTime);
        current.ended = next.ended;
      },
      onError: (playerError) => {
        if (cancelled || !playerError.fatal) return;
        onQualityRef.current?.({ event: 'error', detail: String(playerError.code).slice(0, 60) });
        setError(playerError);
      },
    });
    playerRef.current = player;
    void (async () => {
      // The previous player (a retry, a new item) must let go of the element first: two
      // engines attached to one video element leave the new load hanging.
      await destroying.current;
      if (cancelled) return;
      await player.load(streamRef.current, startTimeRef.current);
      if (cancelled) return;
      setTracks(player.getTracks());
      // Autoplay; a browser that refuses sound without a gesture gets a muted start (spec).
      const result = await player.play();
      if (!cancelled && result === 'muted') setMutedByBrowser(true);
    })();
    const timer = setInterval(() => {
      if (current.playing) save(current.lastTime);
    }, RESUME_SAVE_INTERVAL_MS);
    const onPageHide = () => {
      if (!current.ended) save(current.lastTime);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the page (or a retry) stops the player: its time is saved.
      if (!current.ended) save(current.lastTime);
      playerRef.current = null;
      destroying.current = player.destroy().catch(() => undefined);
    };
    // One player per mount and retry: another source is zapped into it (below).
  }, [attempt]);

  // Another source (a channel change, start-over and back): loaded into the player that is
  // already attached, so the element, Shaka and its MediaSource pipeline stay (zapping, decision 022 addendum).
  useEffect(() => {
    const player = playerRef.current;
    if (!player || loadedKeyRef.current === sourceKey) return;
    loadedKeyRef.current = sourceKey;
    const current = playback.current;
    // Switching item stops the previous one: its time is saved, the new one starts afresh.
    if (!current.ended && current.lastTime >= MIN_RESUME_SECONDS) onSaveTimeRef.current?.(current.lastTime);
    Object.assign(current, { ended: false, playing: false, lastTime: 0 });
    positionRef.current = 0;
    startTimeRef.current = startTimePropRef.current;
    setError(null);
    let cancelled = false;
    void player.zap(streamRef.current, startTimeRef.current).then((result) => {
      if (!cancelled && result === 'muted') setMutedByBrowser(true);
    });
    return () => {
      cancelled = true;
    };
  }, [sourceKey]);

  // The neighbours, by url: a new list object with the same streams changes nothing.
  const preloadKey = (preloadStreams ?? []).map((source) => source.url).join(' ');
  const preloadRef = useRef(preloadStreams);
  preloadRef.current = preloadStreams;
  useEffect(() => {
    // Pages with nothing to go to next (a film) never ask.
    if (preloadRef.current === undefined) return;
    // The neighbours wait until this channel has played a while: fetched at once they compete
    // with its own start (first frame, the first bandwidth estimate) on a slow line or CPU.
    const video = videoRef.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(() => playerRef.current?.preload(preloadRef.current ?? []), preloadAfterMs);
    };
    if (video && !video.paused && video.readyState >= 3) start();
    video?.addEventListener('playing', start, { once: true });
    return () => {
      clearTimeout(timer);
      video?.removeEventListener('playing', start);
    };
  }, [preloadKey, attempt, preloadAfterMs]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Controls hide 3 s after the last interaction while playing (spec 2 §9).
  const revealControls = useCallback(() => {
    setControlsVisible(true);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsVisible(false), CONTROLS_HIDE_MS);
  }, []);
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const player = () => playerRef.current;
  const togglePlay = useCallback(() => {
    const current = playerRef.current;
    if (!current) return;
    if (current.getState().paused) void current.play();
    else current.pause();
  }, []);
  // Seek rules of spec 2 §9, counted within the seekable window (the whole VOD, or a live window).
  const rewind = useCallback(() => {
    const current = playerRef.current;
    if (!current) return;
    const { currentTime, seekStart } = current.getState();
    current.seek(seekStart + rewindTarget(currentTime - seekStart));
  }, []);
  const forward = useCallback(() => {
    const current = playerRef.current;
    if (!current) return;
    const { currentTime, seekStart, seekEnd } = current.getState();
    current.seek(seekStart + forwardTarget(currentTime - seekStart, seekEnd - seekStart));
  }, []);
  const toggleMute = useCallback(() => {
    const current = playerRef.current;
    if (!current) return;
    current.setMuted(!current.getState().muted);
    setMutedByBrowser(false);
  }, []);
  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else if (container.requestFullscreen) void container.requestFullscreen().catch(() => {});
    else (videoRef.current as HTMLVideoElement & { webkitEnterFullscreen?: () => void })?.webkitEnterFullscreen?.();
  }, []);

  // Keyboard: space/k play-pause, arrows seek, f fullscreen, m mute.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target))
        return;
      const key = event.key.toLowerCase();
      if ((key === ' ' || key === 'enter') && isActivationTarget(event.target)) return;
      const actions: Record<string, () => void> = {
        ' ': togglePlay,
        k: togglePlay,
        arrowleft: rewind,
        arrowright: forward,
        f: toggleFullscreen,
        m: toggleMute,
      };
      const action = actions[key];
      if (!action) return;
      event.preventDefault();
      action();
      revealControls();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [togglePlay, rewind, forward, toggleFullscreen, toggleMute, revealControls]);

  const onSurfacePointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') {
      togglePlay();
      revealControls();
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    const side = event.clientX - rect.left < rect.width / 2 ? 'left' : 'right';
    const now = Date.now();
    const previous = lastTap.current;
    if (previous && previous.side === side && now - previous.time < DOUBLE_TAP_MS) {
      lastTap.current = null;
      if (side === 'left') rewind();
      else forward();
      revealControls();
      return;
    }
    lastTap.current = { time: now, side };
    // A single tap on touch shows or hides the controls.
    if (controlsVisible && !state.paused) setControlsVisible(false);
    else revealControls();
  };

  // A disabled programme is muted while it lasts (spec 2 §4); the viewer's choice comes back
  // after it, or when the viewer zaps away (the element stays from one channel to the next).
  const mutedBeforeForce = useRef<boolean | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (forceMuted) {
      mutedBeforeForce.current ??= video.muted;
      video.muted = true;
    } else if (mutedBeforeForce.current !== null) {
      const viewerMuted = mutedBeforeForce.current;
      mutedBeforeForce.current = null;
      if (playerRef.current) playerRef.current.setMuted(viewerMuted);
      else video.muted = viewerMuted;
    }
  }, [forceMuted, state.muted]);

  const showControls = controlsVisible || state.paused || menuOpen || error !== null;
  const position = state.currentTime - state.seekStart;
  const span = Math.max(0, state.seekEnd - state.seekStart);
  const forwardAllowed = canForward(position, span);

  return (
    <div
      ref={containerRef}
      className={`video${showControls ? ' video--controls' : ' video--idle'}${fullscreen ? ' video--fullscreen' : ''}`}
      onPointerMove={(event) => event.pointerType === 'mouse' && revealControls()}
      onFocus={revealControls}
      data-testid="video-player"
    >
      <div className="video__media" ref={mediaRef} />
      <div className="video__surface" onPointerUp={onSurfacePointerUp} aria-hidden="true" />

      {state.loading && !error ? (
        <div className="video__center">
          <Spinner label={t('common.loading')} size={56} />
        </div>
      ) : null}
      {state.paused && !state.loading && !error ? (
        <button type="button" className="video__big-play" onClick={togglePlay} aria-label={t('player.play')}>
          <PlayIcon size={44} />
        </button>
      ) : null}
      {error ? <PlayerErrorOverlay recovering={recovery.recovering} onRetry={recovery.retry} /> : null}
      {mutedByBrowser && state.muted ? (
        <button type="button" className="video__unmute" onClick={toggleMute}>
          <MutedIcon size={20} />
          <span>{t('player.unmute')}</span>
        </button>
      ) : null}

      <div className="video__top" aria-hidden={!showControls}>
        <p className="video__title">{title}</p>
      </div>

      <div className="video__controls" aria-hidden={!showControls} inert={!showControls}>
        <SeekBar
          currentTime={state.live ? position : state.currentTime}
          duration={state.live ? span : state.duration}
          thumbnails={stream.thumbnails}
          onSeek={(time) => player()?.seek(state.live ? state.seekStart + time : time)}
        />
        <div className="video__bar">
          <div className="video__group">
            <button
              type="button"
              className="player-button player-button--primary"
              onClick={togglePlay}
              aria-label={state.paused ? t('player.play') : t('player.pause')}
            >
              {state.paused ? <PlayIcon /> : <PauseIcon />}
            </button>
            <button type="button" className="player-button" onClick={rewind} aria-label={t('player.rewind')}>
              <RewindIcon />
            </button>
            <button
              type="button"
              className="player-button"
              onClick={forward}
              disabled={!forwardAllowed}
              aria-label={t('player.forward')}
            >
              <ForwardIcon />
            </button>
            <button
              type="button"
              className="player-button player-button--mute"
              onClick={toggleMute}
              aria-label={state.muted ? t('player.unmute') : t('player.mute')}
              aria-pressed={state.muted}
            >
              {state.muted ? <MutedIcon /> : <VolumeIcon />}
            </button>
            <PlayerTime state={state} onBackToLive={() => player()?.seekToLiveEdge()} />
            {extraControls}
          </div>
          <div className="video__group">
            <CastButton videoRef={videoRef} loadKey={`${sourceKey}-${attempt}`} />
            <RemoteControlButton time={state.live ? undefined : state.currentTime} />
            {tracks.length > 1 ? (
              <QualityMenu
                tracks={tracks}
                quality={state.quality}
                activeHeight={state.activeHeight}
                onSelect={(quality) => player()?.setQuality(quality)}
                onOpenChange={setMenuOpen}
              />
            ) : null}
            <button
              type="button"
              className="player-button"
              onClick={toggleFullscreen}
              aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            >
              {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
