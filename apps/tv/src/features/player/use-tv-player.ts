import { useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  activePlayer,
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

export interface TvPlayerView {
  state: PlayerState | null;
  tracks: QualityTrack[];
  error: PlayerError | null;
}

/**
 * How long a channel plays before its neighbours' manifests and first segments are fetched
 * (decision 098): a zap after that starts from data already here. Shorter than the web's 5 s
 * (decision 022 addendum): on a remote, channel down is pressed every two or three seconds while
 * looking for something, and by then the channel's own start (first frame, first bandwidth
 * estimate) is long done.
 */
export const TV_PRELOAD_AFTER_PLAYING_MS = 2000;

/**
 * @playz/player on the screen's video element: one player for the screen's whole life, a new
 * `sourceKey` (the next channel, start-over) zapped into it rather than a new player built
 * (instant zapping, decision 035), autoplay, and destroyed when the screen goes. An opening taken over
 * (decision 044) is the first player's: its first load goes on under the stream's grant.
 */
export function useTvPlayer(
  video: React.RefObject<HTMLVideoElement | null>,
  opening: React.RefObject<TakenOpening | null>,
  source: PlayerSource | null,
  sourceKey: string,
  start: StartPosition | undefined,
  /** The streams a zap may go to next (a channel's neighbours), preloaded once this one plays. */
  preloadStreams: readonly PlayerSource[] = [],
  /**
   * The first of `preloadStreams` held loaded in a second, hidden element (a warm standby,
   * decision 119): only where the device holds two decoders.
   */
  standby = false,
) {
  const playerRef = useRef<Player | null>(null);
  const loaded = useRef<string | null>(null);
  const [view, setView] = useState<TvPlayerView>({ state: null, tracks: [], error: null });
  const api = useOptionalApi();
  const apiRef = useRef(api);
  apiRef.current = api;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const taken = opening.current;
    opening.current = null;
    let languages: ProfileLanguageSync | null = null;
    let release = () => {};
    const announce = (shown: HTMLVideoElement) => {
      release();
      // The phone remote drives this player through the same commands (apps/tv/src/remote).
      release = activePlayer.set({ commands: player, getState: player.getState, video: shown });
    };
    const player = createPlayer(element, {
      opening: taken,
      standby,
      // A zap showed the standby: the screen's element is that one now (its place in the page is
      // the old one's), for the quality reports, the poster and the remote.
      onVideo: (shown) => {
        video.current = shown;
        announce(shown);
      },
      // Whose subtitle and audio choices apply (decision 069): the profile watching.
      viewer: sessionHints.viewer ?? null,
      // A change (the panel, the phone remote) is saved for the profile on the server too (decision 081).
      onLanguagesChosen: (preference) => languages?.save(preference),
      onState: (state) => setView((v) => ({ ...v, state, tracks: player.getTracks() })),
      onError: (error) => {
        if (error.fatal) setView((v) => ({ ...v, error }));
      },
    });
    playerRef.current = player;
    // The profile's choices saved on the server, adopted when they arrive (decision 081).
    languages = connectProfileLanguages(apiRef.current, player);
    announce(element);
    return () => {
      languages?.dispose();
      release();
      playerRef.current = null;
      loaded.current = null;
      void player.destroy().catch(() => undefined);
    };
    // `standby` is the device's (two decoders or not): it does not change while the screen lives.
  }, [video, opening, standby]);

  // The key says when the source changes (a new object with the same key is the same stream).
  const loadSource = useEffectEvent(() => {
    const player = playerRef.current;
    if (!player || !source || loaded.current === sourceKey) return;
    const first = loaded.current === null;
    loaded.current = sourceKey;
    setView((v) => ({ ...v, error: null }));
    if (first) void player.load(source, start).then(() => player.play());
    else void player.zap(source, start);
  });
  const hasSource = source !== null;
  useEffect(() => {
    loadSource();
  }, [sourceKey, hasSource]);

  // The neighbours, by url: a new list with the same streams changes nothing.
  const preloadKey = preloadStreams.map((stream) => stream.url).join(' ');
  const preloadRef = useRef(preloadStreams);
  preloadRef.current = preloadStreams;
  useEffect(() => {
    const element = video.current;
    if (!element || preloadKey === '') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(() => playerRef.current?.preload(preloadRef.current), TV_PRELOAD_AFTER_PLAYING_MS);
    };
    if (!element.paused && element.readyState >= 3) start();
    else element.addEventListener('playing', start, { once: true });
    return () => {
      clearTimeout(timer);
      element.removeEventListener('playing', start);
    };
  }, [video, preloadKey]);

  return { player: playerRef, ...view };
}
