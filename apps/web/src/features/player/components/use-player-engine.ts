import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  createPlayer,
  type Player,
  type PlayerError,
  type PlayerSource,
  type PlayerState,
  type QualityTrack,
  type StartPosition,
  type TakenOpening,
} from '@playz/player';
import { connectProfileLanguages, sessionHints, useOptionalApi, type ProfileLanguageSync } from '@playz/queries';
import { usePlaybackRecovery } from './use-playback-recovery';
import { useQualityEvents, type QualityEvent } from './use-quality-events';

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

/** What hears the playback as it goes (the resume saver): each state, and each playback left. */
export interface PlaybackListener {
  update(state: PlayerState): void;
  /** A playback is left: the player goes (a retry, the page leaves) or another source is zapped in. */
  leave(): void;
}

export interface PlayerEngineOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  openingRef: RefObject<TakenOpening | null>;
  stream: PlayerSource;
  sourceKey: string;
  startTime: StartPosition | undefined;
  onEnded: (() => void) | undefined;
  onRefreshStream: (() => Promise<unknown>) | undefined;
  onQuality: ((event: QualityEvent) => void) | undefined;
  playback: PlaybackListener;
  /**
   * A warm standby (decision 128, as the TV's, decision 119): the first of the preloaded streams
   * is held loaded in a second, hidden element, and a zap onto it swaps the elements.
   */
  standby?: boolean | undefined;
  /** A zap showed the standby: `videoRef` now holds the element on screen. */
  onVideo?: ((video: HTMLVideoElement) => void) | undefined;
}

/**
 * @playz/player on the page's media element: one player per mount and retry, autoplay (muted
 * when the browser refuses sound), another source zapped into it, a failure recovered by a
 * reload where playback stood (usePlaybackRecovery). The page drives it through its commands.
 */
export function usePlayerEngine({
  videoRef,
  openingRef,
  stream,
  sourceKey,
  startTime,
  onEnded,
  onRefreshStream,
  onQuality,
  playback,
  standby = false,
  onVideo,
}: PlayerEngineOptions) {
  const playerRef = useRef<Player | null>(null);
  const streamRef = useRef(stream);
  streamRef.current = stream;
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  const playbackRef = useRef(playback);
  playbackRef.current = playback;
  const startTimeRef = useRef<StartPosition | undefined>(startTime);
  const startTimePropRef = useRef(startTime);
  startTimePropRef.current = startTime;
  // The source the player holds: a new sourceKey is zapped into it rather than a new player built.
  const loadedKeyRef = useRef(sourceKey);
  // Whether this load ended (reset at each zap): the end is reported once.
  const endedRef = useRef(false);
  const sourceKeyRef = useRef(sourceKey);
  sourceKeyRef.current = sourceKey;
  const onQualityRef = useRef(onQuality);
  onQualityRef.current = onQuality;
  // Where playback stood, to reload there after a failure.
  const positionRef = useRef(0);
  const destroying = useRef<Promise<unknown>>(Promise.resolve());
  const api = useOptionalApi();
  const apiRef = useRef(api);
  apiRef.current = api;
  const onVideoRef = useRef(onVideo);
  onVideoRef.current = onVideo;

  const [state, setState] = useState<PlayerState>(INITIAL_STATE);
  const [tracks, setTracks] = useState<QualityTrack[]>([]);
  const [error, setError] = useState<PlayerError | null>(null);
  const [mutedByBrowser, setMutedByBrowser] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const recovery = usePlaybackRecovery({
    error,
    refreshStream: onRefreshStream,
    reload: () => {
      if (positionRef.current > 0) startTimeRef.current = positionRef.current;
      setAttempt((n) => n + 1);
    },
  });
  const clearMutedByBrowser = useCallback(() => setMutedByBrowser(false), []);
  const loadKey = `${sourceKey}-${attempt}`;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    const opening = openingRef.current;
    openingRef.current = null;
    // A launched opening paused before this page took it over (a media key, a headset's button,
    // while the page showed no control yet) stays paused: that pause was the viewer's.
    const pausedByViewer = opening?.pausedByViewer() ?? false;
    endedRef.current = false;
    setError(null);
    setState(INITIAL_STATE);
    loadedKeyRef.current = sourceKeyRef.current;
    let languages: ProfileLanguageSync | null = null;
    const player = createPlayer(video, {
      opening,
      standby,
      // A zap showed the standby (decision 128): the page's element is that one now, in the old
      // one's place; its label and poster go with it, and the hooks on the element follow it.
      onVideo: (shown) => {
        const previous = videoRef.current;
        for (const name of ['aria-label', 'poster']) {
          const value = previous?.getAttribute(name);
          if (value) shown.setAttribute(name, value);
          else shown.removeAttribute(name);
        }
        videoRef.current = shown;
        if (!cancelled) onVideoRef.current?.(shown);
      },
      // Whose subtitle and audio choices apply (decision 069): the profile watching.
      viewer: sessionHints.viewer ?? null,
      // A change is saved for the profile on the server too (decision 081).
      onLanguagesChosen: (preference) => languages?.save(preference),
      onState: (next) => {
        if (cancelled) return;
        setState(next);
        setTracks(player.getTracks());
        if (next.currentTime > 0) positionRef.current = next.currentTime;
        // Heard before the end is reported: the end's resume point is saved before a next item.
        playbackRef.current.update(next);
        if (next.ended && !endedRef.current) onEndedRef.current?.();
        endedRef.current = next.ended;
      },
      onError: (playerError) => {
        if (cancelled || !playerError.fatal) return;
        onQualityRef.current?.({ event: 'error', detail: String(playerError.code).slice(0, 60) });
        setError(playerError);
      },
    });
    playerRef.current = player;
    // The profile's choices saved on the server, adopted when they arrive (decision 081).
    languages = connectProfileLanguages(apiRef.current, player);
    void (async () => {
      // The previous player (a retry, a new item) must let go of the element first: two
      // engines attached to one video element leave the new load hanging.
      await destroying.current;
      if (cancelled) return;
      await player.load(streamRef.current, startTimeRef.current);
      if (cancelled) return;
      setTracks(player.getTracks());
      if (pausedByViewer) return;
      // Autoplay; a browser that refuses sound without a gesture gets a muted start (spec).
      const result = await player.play();
      if (!cancelled && result === 'muted') setMutedByBrowser(true);
    })();
    return () => {
      cancelled = true;
      languages?.dispose();
      // Leaving the page (or a retry) stops the player: its playback is left.
      playbackRef.current.leave();
      playerRef.current = null;
      destroying.current = player.destroy().catch(() => undefined);
    };
    // One player per mount and retry: another source is zapped into it (below). Whether it keeps
    // a standby is the page's for its life (a channel page's).
  }, [attempt, videoRef, openingRef, standby]);

  // Another source (a channel change, start-over and back): loaded into the player that is
  // already attached, so the element, Shaka and its MediaSource pipeline stay (zapping, decision 022 addendum).
  useEffect(() => {
    const player = playerRef.current;
    if (!player || loadedKeyRef.current === sourceKey) return;
    loadedKeyRef.current = sourceKey;
    // Switching item stops the previous one: it is left, the new one starts afresh.
    playbackRef.current.leave();
    endedRef.current = false;
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
  // After the zap above: a zap onto the standby has swapped `videoRef` by then, so each load's
  // watch (its start-up time from the key) is on the element that shows it.
  useQualityEvents(videoRef, loadKey, onQuality, recovery.recovered);

  return {
    playerRef,
    state,
    tracks,
    error,
    attempt,
    /** Changes with each load (a zap, a retry): what casting and quality events follow. */
    loadKey,
    recovery,
    /** The browser started muted (autoplay without a gesture): the page offers the sound. */
    mutedByBrowser,
    clearMutedByBrowser,
  };
}
