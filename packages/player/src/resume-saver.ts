import type { PlayerState } from './player';

/** How often the resume point is saved while playing (spec 2 §4 Resume, decision 016). */
export const RESUME_SAVE_INTERVAL_MS = 10_000;

/** A glance shorter than this is not a start: saved, it would only clutter continue watching (decision 016). */
export const MIN_RESUME_SECONDS = 1;

/**
 * The resume rule of spec 2 §4, written once for every screen (the web page, the TV): the
 * position is saved when playback pauses or ends, every 10 s while playing, and when the
 * player goes away; a glance under a second is not saved. The screen feeds it the player's
 * states and says when it leaves; nothing of React or the page in it.
 */
export interface ResumeSaver {
  /** Each state the player reports: a playing video that pauses, or any that ends, is saved. */
  update(state: PlayerState): void;
  /**
   * Playback is left where it stands (the screen goes away, the page is hidden, another item
   * replaces it): saved, unless it ended (the end was saved then).
   */
  leave(): void;
  /** What plays next in the same player starts from nothing (a zap, a reload). */
  reset(): void;
  /** Begins the saves every 10 s while playing. */
  start(): void;
  /** Ends them, and leaves: the screen goes away. Calling it again saves nothing more. */
  stop(): void;
}

export function createResumeSaver(save: (time: number) => void): ResumeSaver {
  let time = 0;
  let playing = false;
  let ended = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const saveAt = (seconds: number) => {
    if (seconds >= MIN_RESUME_SECONDS) save(seconds);
  };
  const saver: ResumeSaver = {
    update(state) {
      const wasPlaying = playing;
      playing = !state.paused && !state.ended;
      // A state before the first frame (0) keeps the last time known: a reload starts there.
      if (state.currentTime > 0) time = state.currentTime;
      if (state.ended && !ended) {
        // The end saves the whole duration, so continue watching shows it watched.
        saveAt(state.duration || time);
      } else if (wasPlaying && state.paused && !state.ended) saveAt(time);
      ended = state.ended;
    },
    leave() {
      if (!ended) saveAt(time);
    },
    reset() {
      time = 0;
      playing = false;
      ended = false;
    },
    start() {
      clearInterval(timer);
      timer = setInterval(() => {
        if (playing) saveAt(time);
      }, RESUME_SAVE_INTERVAL_MS);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      saver.leave();
      saver.reset();
    },
  };
  return saver;
}
