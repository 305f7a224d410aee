import { openings as pageOpenings, outOfHiding, type Openings, type OpeningSource } from './openings';

/**
 * How long the intent stays on one target before its opening is asked: a viewer moving along a
 * row with the arrows or the pointer asks none for the cards passed (openings are a few per
 * minute per session, decision 044).
 */
export const OPENING_DWELL_MS = 300;

/** When a launched opening checks that its player page did open. */
export const LAUNCH_CHECK_MS = 1000;

/**
 * The opening of what the viewer points at (a `target` the app names: the web a page's path, the
 * TV a content id), or null for none: its key (`openingKey`, what the player page will take) and
 * how to ask its stream (@playz/queries `contentOpening` knows which contents have one).
 */
export type FindOpening = (target: string) => Promise<{
  key: string;
  source: () => Promise<OpeningSource>;
  /**
   * The key as the player page would ask it now: the start can move between the intent and the
   * press (the resume point the last player saved arrived meanwhile); a press then plays nothing
   * rather than a picture from the wrong place.
   */
  keyNow?: () => string;
} | null>;

/**
 * The viewer's intent to play, shared by the web's links and the TV's Play buttons (decision
 * 044): after OPENING_DWELL_MS on one target, its opening is prepared; the press plays it at
 * once; moving on, going back, or a press elsewhere asks or keeps nothing more.
 */
export interface OpeningIntent {
  /** The viewer points at or focuses `target` (null: at nothing that plays). */
  intent(target: string | null): void;
  /**
   * `target` pressed: its opening, when ready, plays at once, out of hiding with `launchedClass`
   * (the app's stylesheet puts that where its player will be), before the
   * player page has rendered. `opened` tells, LAUNCH_CHECK_MS later, whether that page did open;
   * if not, the opening stops. The element when it played, else null.
   */
  press(target: string, launchedClass: string, opened: () => boolean): HTMLVideoElement | null;
  /** The viewer went back or forward: an opening launched and not yet taken stops. */
  cancel(): void;
}

export function createOpeningIntent(find: FindOpening, openings: Openings = pageOpenings): OpeningIntent {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The target whose opening was asked last, and its key. */
  let last: { target: string; key: string; keyNow?: (() => string) | undefined } | null = null;
  /** Moves on at each intent, press and cancel: a preparation still reading its content then stops. */
  let generation = 0;

  async function prepare(target: string, asked: number): Promise<void> {
    const found = await find(target);
    if (!found || asked !== generation) return;
    last = { target, key: found.key, keyNow: found.keyNow };
    openings.prepare(found.key, found.source);
  }

  return {
    intent(target) {
      clearTimeout(timer);
      const asked = ++generation;
      if (target === null) return;
      timer = setTimeout(() => {
        prepare(target, asked).catch(() => {
          // No opening: the press plays the usual way.
        });
      }, OPENING_DWELL_MS);
    },
    press(target, launchedClass, opened) {
      // Pressed: an opening still waiting for its dwell (a tap is quicker) is not needed any more.
      clearTimeout(timer);
      generation++;
      if (last?.target !== target) return null;
      const key = last.key;
      if (last.keyNow && last.keyNow() !== key) {
        last = null;
        openings.drop(key);
        return null;
      }
      let launched: HTMLVideoElement | null = null;
      if (!openings.launch(key, (video) => void (launched = outOfHiding(video)).setAttribute('class', launchedClass)))
        return null;
      // A press that did not open the page (the click was stopped, a page that would not leave)
      // must not leave the film playing over it; the page takes it long before.
      setTimeout(() => !opened() && openings.drop(key), LAUNCH_CHECK_MS);
      return launched;
    },
    cancel() {
      clearTimeout(timer);
      generation++;
      last = null;
      openings.drop();
    },
  };
}
