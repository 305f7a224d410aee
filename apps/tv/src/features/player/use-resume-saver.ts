import { useEffect, useRef } from 'react';
import type { PlayerState } from '@playz/player';

/** How often the resume point is saved while playing (as on the web player). */
export const RESUME_SAVE_INTERVAL_MS = 10_000;
/** A glance under a second is not a start: it would only clutter continue watching. */
const MIN_RESUME_SECONDS = 1;

/**
 * spec 2 §4 Resume: the position is saved when playback pauses or ends, every 10 s while
 * playing, and when the player screen goes away (back).
 */
export function useResumeSaver(state: PlayerState | null, save: ((time: number) => void) | undefined) {
  const latest = useRef({ save, time: 0, playing: false });
  latest.current.save = save;
  const playing = state !== null && !state.paused && !state.ended;
  const wasPlaying = useRef(false);
  if (state && state.currentTime > 0) latest.current.time = state.ended ? state.duration : state.currentTime;
  latest.current.playing = playing;

  useEffect(() => {
    const stopped = wasPlaying.current && !playing;
    wasPlaying.current = playing;
    if (stopped && latest.current.time >= MIN_RESUME_SECONDS) latest.current.save?.(latest.current.time);
  }, [playing]);

  useEffect(() => {
    const current = latest.current;
    const timer = setInterval(() => {
      if (current.playing && current.time >= MIN_RESUME_SECONDS) current.save?.(current.time);
    }, RESUME_SAVE_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      if (current.playing && current.time >= MIN_RESUME_SECONDS) current.save?.(current.time);
    };
  }, []);
}
