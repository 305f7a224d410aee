import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { AdaptiveStream } from '@playz/api-contract';
import { forwardTarget, rewindTarget } from '@playz/domain';
import type { PlayerSource, PlayerState, StartPosition } from '@playz/player';
import type { CastMediaStatus } from '@/lib/cast-protocol';
import { MutedIcon, PlayIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useCastSender, type CastMedia, type CastSender } from '../cast/use-cast-sender';
import { CastingNotice } from './casting-notice';
import { PlayerErrorOverlay } from './player-error-overlay';
import { useSkipKeys, type PlayerNeighbours } from './skip-controls';
import { useControlsVisibility } from './use-controls-visibility';
import { useForcedMute } from './use-forced-mute';
import { useFullscreen } from './use-fullscreen';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';
import { PRELOAD_AFTER_PLAYING_MS, useNeighbourPreload } from './use-neighbour-preload';
import { usePlayerCommands, type PlayerActions } from './use-player-commands';
import { usePlayerEngine, type PlaybackListener } from './use-player-engine';
import type { QualityEvent } from './use-quality-events';
import { useResume } from './use-resume';
import { useVideoElement } from './use-video-element';
import { VideoControls } from './video-controls';

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
  /** The items before and after this one (episodes, a list's contents, channels): the bar's previous and next. */
  neighbours?: PlayerNeighbours | undefined;
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
  /** The Google Cast receiver to offer and what it needs (decision 070); without it, the browser's own casting. */
  cast?: CastMedia | undefined;
  /**
   * The first of `preloadStreams` held loaded in a second, hidden element (a warm standby,
   * decision 128): a zap onto it swaps the elements. A channel's page, where the browser can.
   */
  standby?: boolean | undefined;
}

export type { QualityEvent };

/**
 * The content video with custom controls over packages/player (spec 2 §2, §4, §9): the engine
 * (use-player-engine) plays the stream, the controls, keys and taps give it its commands
 * (use-player-commands), and the resume rule hears its playback (use-resume).
 */
export function VideoPlayer({
  stream,
  sourceKey,
  preloadStreams,
  preloadAfterMs = PRELOAD_AFTER_PLAYING_MS,
  title,
  poster,
  startTime,
  onEnded,
  neighbours,
  onSaveTime,
  extraControls,
  forceMuted,
  onRefreshStream,
  onQuality,
  openingKey,
  cast: castMedia,
  standby,
}: VideoPlayerProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  // How many zaps have shown a standby (decision 128): each swaps the element on screen.
  const [swaps, setSwaps] = useState(0);
  const { mediaRef, videoRef, openingRef } = useVideoElement({ openingKey, poster, title, swaps });
  const resume = useResume(onSaveTime);
  // While casting the local player stands paused: the resume point follows the receiver instead.
  const castingRef = useRef(false);
  const playback = useMemo<PlaybackListener>(
    () => ({
      update: (next) => {
        if (!castingRef.current) resume.update(next);
      },
      leave: resume.leave,
    }),
    [resume],
  );
  const engine = usePlayerEngine({
    videoRef,
    openingRef,
    stream,
    sourceKey,
    startTime,
    onEnded,
    onRefreshStream,
    onQuality,
    playback,
    standby,
    onVideo: () => setSwaps((n) => n + 1),
  });
  // Changes with each load and each element shown: casting's availability and the neighbours'
  // wait for this one playing are looked for on the element on screen.
  const videoKey = `${engine.loadKey}-${swaps}`;
  const { error } = engine;
  const cast = useCastSender({
    // An encrypted stream needs a licence token the receiver cannot ask for (decision 051): not offered.
    media: stream.contentProtection ? undefined : castMedia,
    stream: { url: stream.url, type: stream.type, title, poster, live: engine.state.live },
    position: () => engine.playerRef.current?.getState().currentTime ?? 0,
    // The profile's choices as the player holds them (the server's copy, else the browser's).
    languages: () => engine.playerRef.current?.getLanguagePreference() ?? null,
    onStart: () => {
      castingRef.current = true;
      engine.playerRef.current?.pause();
    },
    onEnd: (time) => {
      castingRef.current = false;
      const player = engine.playerRef.current;
      if (!player) return;
      // Playback goes on here from where the receiver was (spec 2 §4 resume).
      if (time !== null && !player.getState().live) player.seek(time);
      void player.play();
    },
  });
  const casting = cast.state === 'casting' && cast.deviceName !== null;
  // The bar mirrors the receiver while casting; its buttons and keys drive it.
  const state = casting ? mirroredState(engine.state, cast.remote) : engine.state;
  useMirroredResume(casting, state, resume);
  useNeighbourPreload(videoRef, engine.playerRef, preloadStreams, preloadAfterMs, videoKey);
  const { fullscreen, toggleFullscreen } = useFullscreen(containerRef, videoRef);
  const localCommands = usePlayerCommands(engine.playerRef, engine.clearMutedByBrowser);
  const commands = useMemo(
    () => (casting ? castCommands(localCommands, cast, state) : localCommands),
    [casting, localCommands, cast, state],
  );
  const { controlsVisible, revealControls, onSurfacePointerUp } = useControlsVisibility({
    paused: state.paused,
    togglePlay: commands.togglePlay,
    rewind: commands.rewind,
    forward: commands.forward,
  });
  useKeyboardShortcuts({ ...commands, toggleFullscreen }, revealControls);
  useSkipKeys(neighbours, revealControls);
  useForcedMute(videoRef, engine.playerRef, forceMuted, state.muted, swaps);

  const showControls = controlsVisible || state.paused || menuOpen || error !== null;

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

      {casting ? <CastingNotice deviceName={cast.deviceName ?? ''} poster={poster} onStop={cast.stop} /> : null}
      {state.loading && !error && !casting ? (
        <div className="video__center">
          <Spinner label={t('common.loading')} size={56} />
        </div>
      ) : null}
      {state.paused && !state.loading && !error && !casting ? (
        <button type="button" className="video__big-play" onClick={commands.togglePlay} aria-label={t('player.play')}>
          <PlayIcon size={44} />
        </button>
      ) : null}
      {error ? <PlayerErrorOverlay recovering={engine.recovery.recovering} onRetry={engine.recovery.retry} /> : null}
      {engine.mutedByBrowser && state.muted ? (
        <button type="button" className="video__unmute" onClick={commands.toggleMute}>
          <MutedIcon size={20} />
          <span>{t('player.unmute')}</span>
        </button>
      ) : null}

      <div className="video__top" aria-hidden={!showControls}>
        <p className="video__title">{title}</p>
      </div>

      <VideoControls
        state={state}
        tracks={engine.tracks}
        thumbnails={stream.thumbnails}
        shown={showControls}
        commands={commands}
        fullscreen={fullscreen}
        onToggleFullscreen={toggleFullscreen}
        onMenuOpenChange={setMenuOpen}
        videoRef={videoRef}
        loadKey={videoKey}
        castSender={castMedia && !stream.contentProtection ? cast : undefined}
        extraControls={extraControls}
        neighbours={neighbours}
      />
    </div>
  );
}

/** The bar's state while casting: the local player's, with the receiver's playback. */
function mirroredState(local: PlayerState, remote: CastMediaStatus | null): PlayerState {
  if (!remote) return { ...local, paused: true, loading: true };
  return {
    ...local,
    paused: remote.playerState !== 'PLAYING' && remote.playerState !== 'BUFFERING',
    loading: remote.playerState === 'BUFFERING',
    ended: remote.idleReason === 'FINISHED',
    currentTime: remote.currentTime,
    duration: remote.duration || local.duration,
    seekEnd: local.live ? local.seekEnd : remote.duration || local.seekEnd,
  };
}

/** The controls' actions sent to the receiver: play, pause and seek there (rewind and forward by the same rules). */
function castCommands(local: PlayerActions, cast: CastSender, state: PlayerState): PlayerActions {
  const seekBy = (target: number) => cast.seek(Math.max(0, target));
  return {
    ...local,
    togglePlay: () => (state.paused ? cast.play() : cast.pause()),
    seek: seekBy,
    rewind: () => seekBy(state.seekStart + rewindTarget(state.currentTime - state.seekStart)),
    forward: () =>
      seekBy(state.seekStart + forwardTarget(state.currentTime - state.seekStart, state.seekEnd - state.seekStart)),
    // The local player remembers and saves the choice (decision 081); the receiver plays it.
    setAudioLanguage: (language) => {
      local.setAudioLanguage(language);
      cast.editTracks({ audioLanguage: language });
    },
    setSubtitleLanguage: (language) => {
      local.setSubtitleLanguage(language);
      cast.editTracks({ subtitleLanguage: language });
    },
    setSubtitleStyle: (style) => {
      local.setSubtitleStyle(style);
      cast.editTracks({ textTrackStyle: style });
    },
  };
}

/** While casting, the resume saver hears the receiver's playback, so leaving the page saves where it is. */
function useMirroredResume(casting: boolean, state: PlayerState, resume: PlaybackListener) {
  useEffect(() => {
    if (casting && !state.loading) resume.update(state);
  }, [casting, state, resume]);
}
