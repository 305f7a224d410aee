import type { Engine, EngineEvents, EngineFactory } from './engine';
import { mimeTypeOf } from './mime-type';
import type { PlayerSource } from './player';
import { defaultEngineFactory } from './engine-factory';
import type { StandIn } from './stand-in';

/**
 * Openings (decision 044): while the viewer points at a content's card, its first seconds are
 * loaded into a media element of their own, paused on the first frame, under a grant that takes
 * no device place. The press plays it at once where the player's stage will be (`launch`: the
 * stream, the decoder and the picture are already there); the player page it opens takes that
 * element and its engine, while its own stream call takes the place and the engine goes on under
 * that grant (`Engine.continueWith`).
 *
 * One opening at a time: pointing at another card drops the previous one.
 */

/**
 * An opening's grant opens its start's 3.2 s segment and the two after it: fetching no further
 * than this ahead keeps within them until well after the press.
 */
export const OPENING_AHEAD_SECONDS = 3;
/** The opening grant lives 60 s (server); an opening not taken by then is dropped. */
export const OPENING_MAX_AGE_MS = 50_000;
/**
 * A launched opening plays where the player page's stage will be until the page takes it; a
 * page that never does (it went elsewhere) leaves it playing this long at most.
 */
export const OPENING_LAUNCH_MS = 10_000;
/**
 * A player page waits this long at most for an opening still loading before it takes it
 * (`settled`, decision 111): past it, `take` drops what has not decoded and the page loads its own.
 */
export const OPENING_WAIT_MS = 3_000;

/** What a player page takes over: the element (paused on its first frame) and its engine. */
export interface TakenOpening {
  video: HTMLVideoElement;
  engine: Engine;
  /** The engine's events go to the taker from now on. */
  listen(events: EngineEvents): void;
  /**
   * The stream the engine loaded: an opening's grant (decision 044), or for a live channel's
   * first visit the page's own View stream (decision 138), which needs no continuation.
   */
  url: string;
  /**
   * The launched picture was paused after it played (a media key, a headset's button, while the
   * page showed no control yet): that pause was the viewer's, and the taker keeps it. Asked when
   * the taker starts its player, as the web player always read it (decision 134): read at the take
   * itself, a launched opening was seen paused there in half the presses of the first-frame
   * benchmark, and those presses then stayed paused until the player's recovery (0.5–1.3 s).
   */
  pausedByViewer(): boolean;
}

export interface OpeningSource {
  /** The opening's stream (GET /content/{id}/url/opening). */
  stream: PlayerSource;
  /** Where the press will start: the viewer's resume point, or the start (undefined). */
  startTime: number | undefined;
  /**
   * Start the player where the stand-in is when the player loads (decision 139): a live channel's
   * own start lies seconds past the stand-in's segment, and the hand-over's seek back to it cost
   * the segments fetched twice.
   */
  startAtStandIn?: boolean;
}

/** Names an opening: the content and where it starts (@playz/domain); the player page asks the same. */
export { openingKey } from '@playz/domain';

/**
 * Names a first visit's live channel opening (decision 138): the channel's own View stream from
 * its live edge, which the channel page takes over as a film page takes its film's.
 */
export const channelOpeningKey = (channelId: number): string => `channel:${channelId}`;

interface Prepared {
  key: string;
  video: HTMLVideoElement;
  engine: Promise<Engine | null>;
  /** The engine as soon as it is made (released with the opening, whatever its load did). */
  made: Engine | null;
  /** The engine once its load finished. */
  loaded: Engine | null;
  /** The stream it loads, once its source answered. */
  url: string;
  failed: boolean;
  events: EngineEvents | null;
  timer: ReturnType<typeof setTimeout>;
  /** Called once the opening is ready to take (its first frame decoded) or gone. */
  settle: () => void;
  settled: Promise<void>;
  /** A first visit's own picture (decision 137), until the player's element holds the same instant. */
  standIn: StandIn | null;
  /** Its first frame is decoded: it can be launched before the player's element is ready. */
  standInReady: boolean;
  /** Where the launch put the picture: the player's element goes there at the hand-over. */
  place: ((video: HTMLVideoElement) => void) | null;
  /** A launched stand-in handed over while paused after it had played. */
  pausedByViewer: boolean;
  /** The player's element was sought to the stand-in's instant (`handOver`), the stand-in still shown. */
  handingOver: boolean;
  /** Called once the opening shows a picture, the player's or its stand-in's, or is gone. */
  picture: () => void;
  pictured: Promise<void>;
}

export interface Openings {
  /**
   * Loads `key`'s opening unless it is the one prepared already; drops any other. `source` is
   * asked only when a new opening starts (it is a server call). A first visit's `standIn`
   * (decision 137) is the opening's picture until the player's element is ready; it goes with
   * the opening (a `standIn` given for an opening already prepared is removed).
   */
  prepare(key: string, source: () => Promise<OpeningSource | null>, standIn?: StandIn | null): void;
  /**
   * The press (decision 044): the opening of `key`, when ready, plays at once where `place` puts
   * it, before the player page has rendered; that page then takes it. False when not ready.
   */
  launch(key: string, place: (video: HTMLVideoElement) => void): boolean;
  /** The opening of `key` when it is ready (its first frame decoded): the caller owns it then. */
  take(key: string): TakenOpening | null;
  /** Whether `key`'s opening is still loading: `take` would drop it now, `settled` waits for it. */
  pending(key: string): boolean;
  /**
   * Resolves once `key`'s opening is ready to take or gone (at once when there is none), within
   * `OPENING_WAIT_MS`: a first visit's player page prepared by its HTML (decision 111) can be
   * ready to play before the opening it started has decoded its first frame.
   */
  settled(key: string): Promise<void>;
  /**
   * Resolves once `key`'s opening can be launched, its stand-in's first frame (decision 137) or
   * the player's decoded, or it is gone (at once when there is none), within `OPENING_WAIT_MS`.
   */
  pictured(key: string): Promise<void>;
  /** Drops the opening (only if it is `key`'s, when given). */
  drop(key?: string): void;
}

/**
 * At the hand-over from a playing stand-in (decision 137), the player's element is sought this far
 * ahead of it, and shown once the stand-in gets there: the seek is done by then, so the picture
 * goes on with no frame held.
 */
export const STAND_IN_LEAD_SECONDS = 0.3;

/**
 * A hand-over waits this long at most for the player's element to hold the stand-in's instant
 * (it fetches ahead of its own), looking again every `HAND_OVER_LOOK_MS`; then it hands over
 * within what that element holds (`heldEnd`).
 */
export const HAND_OVER_HOLD_WAIT_MS = 2000;
const HAND_OVER_LOOK_MS = 100;
/** A frame at 25 fps: an instant this close to a range's end is not held for a seek. */
const FRAME_SECONDS = 0.04;

/**
 * The end of what `video` holds (a frame short; its instant when it holds nothing). The hand-over
 * never seeks the player's element past it: Shaka then drops what it holds and fetches again, and
 * under load (2 cores, CI) a seek so made right after the player's own start left its video
 * stream fetching nothing, the element at HAVE_METADATA for good while the sound went on
 * (decision 137's addendum).
 */
function heldEnd(video: HTMLVideoElement): number {
  const ranges = video.buffered;
  return ranges.length > 0 ? ranges.end(ranges.length - 1) - FRAME_SECONDS : video.currentTime;
}

const HAVE_CURRENT_DATA = 2;

/** Where an opening's element waits: the stand-in (stand-in.ts) writes the same, `outOfHiding` undoes both. */
const HIDDEN_STYLE = 'position:fixed;right:0;bottom:0;width:1px;height:1px;opacity:0;pointer-events:none;';

export function createOpenings(
  options: {
    engineFactory?: EngineFactory;
    /** Where the element waits, out of sight (the document's body by default). */
    host?: () => HTMLElement;
  } = {},
): Openings {
  const engineFactory = options.engineFactory ?? defaultEngineFactory;
  let prepared: Prepared | null = null;

  const isReady = (entry: Prepared) =>
    entry.loaded !== null && !entry.failed && entry.video.readyState >= HAVE_CURRENT_DATA;
  /** A launched stand-in's player element, loaded and seeking to the stand-in's instant. */
  const handingOver = (entry: Prepared) =>
    entry.loaded !== null && !entry.failed && entry.standIn !== null && entry.place !== null && entry.handingOver;

  function release(entry: Prepared): void {
    entry.settle();
    entry.picture();
    entry.standIn?.remove();
    entry.standIn = null;
    clearTimeout(entry.timer);
    if (prepared === entry) prepared = null;
    if (!entry.video.paused) entry.video.pause();
    entry.video.remove();
    // At once, even mid-load (Shaka would go on fetching, retrying); an engine still being made
    // is destroyed as soon as it is (prepare).
    void entry.made?.destroy().catch(() => undefined);
  }

  function hiddenVideo(): HTMLVideoElement {
    const video = document.createElement('video');
    video.preload = 'auto';
    video.playsInline = true;
    // In the document (Chromium decodes and composites the first frame of a rendered element
    // only), one pixel, transparent, out of the accessibility tree and of the pointer's way.
    video.setAttribute('aria-hidden', 'true');
    video.tabIndex = -1;
    video.style.cssText = HIDDEN_STYLE;
    return video;
  }

  /** The player's element is ready: the stand-in, if any, hands over to it, or goes unseen. */
  function becameReady(entry: Prepared): void {
    entry.settle();
    entry.picture();
    if (!entry.standIn) return;
    if (entry.place) handOver(entry);
    else {
      entry.standIn.remove();
      entry.standIn = null;
    }
  }

  /**
   * From a launched stand-in to the player's element (decision 137): that one is sought where the
   * stand-in will be `STAND_IN_LEAD_SECONDS` later (within what the stand-in holds) and takes its
   * place when the stand-in gets there; a paused stand-in hands over at its own instant.
   */
  function handOver(entry: Prepared, since = Date.now()): void {
    const standIn = entry.standIn!;
    const from = standIn.video;
    const to = entry.video;
    entry.handingOver = true;
    const wanted = from.paused ? from.currentTime : Math.min(from.currentTime + STAND_IN_LEAD_SECONDS, heldEnd(from));
    // Not held yet (a player that came late, the stand-in ahead of its buffer): looked at again
    // while it fetches, then handed over within what it holds (a fraction of a second seen twice).
    if (heldEnd(to) < wanted && Date.now() - since < HAND_OVER_HOLD_WAIT_MS) {
      setTimeout(() => entry.standIn === standIn && handOver(entry, since), HAND_OVER_LOOK_MS);
      return;
    }
    const target = Math.min(wanted, heldEnd(to));
    to.addEventListener(
      'seeked',
      () => {
        if (entry.standIn !== standIn) return;
        const rate = from.playbackRate || 1;
        const wait = from.paused ? 0 : Math.max(0, ((to.currentTime - from.currentTime) * 1000) / rate);
        setTimeout(() => entry.standIn === standIn && finishHandOver(entry), wait);
      },
      { once: true },
    );
    to.currentTime = target;
  }

  /** The player's element in the stand-in's place, playing as it was; the stand-in gone. */
  function finishHandOver(entry: Prepared): void {
    const from = entry.standIn!.video;
    const to = entry.video;
    // Further apart than the lead (and a frame's rounding): the stand-in was paused long, or
    // stalled; within it, the player's element starts that little ahead rather than seek again.
    // Never past what it holds (`heldEnd`).
    if (Math.abs(to.currentTime - from.currentTime) > STAND_IN_LEAD_SECONDS + 0.05)
      to.currentTime = Math.min(from.currentTime, heldEnd(to));
    to.muted = from.muted;
    to.volume = from.volume;
    entry.pausedByViewer = from.paused && from.played.length > 0;
    const playing = !from.paused;
    entry.place?.(to);
    entry.standIn!.remove();
    entry.standIn = null;
    if (playing) to.play().catch(() => undefined);
  }

  /** `promise`, or `OPENING_WAIT_MS`, whichever comes first. */
  async function within(promise: Promise<void>): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, OPENING_WAIT_MS)))]);
    clearTimeout(timer);
  }

  return {
    prepare(key, source, standIn = null) {
      if (prepared?.key === key && !prepared.failed) {
        if (standIn && standIn !== prepared.standIn) standIn.remove();
        return;
      }
      if (prepared) release(prepared);
      const video = hiddenVideo();
      let settle = () => {};
      const settled = new Promise<void>((resolve) => (settle = resolve));
      let picture = () => {};
      const pictured = new Promise<void>((resolve) => (picture = resolve));
      const entry: Prepared = {
        key,
        video,
        made: null,
        loaded: null,
        url: '',
        failed: false,
        events: null,
        engine: Promise.resolve(null),
        timer: setTimeout(() => release(entry), OPENING_MAX_AGE_MS),
        settle,
        settled,
        standIn,
        standInReady: false,
        place: null,
        pausedByViewer: false,
        handingOver: false,
        picture,
        pictured,
      };
      // The first frame decoded after the load: ready to take.
      video.addEventListener('loadeddata', () => isReady(entry) && becameReady(entry));
      prepared = entry;
      void standIn?.ready.then((shown) => {
        if (entry.standIn !== standIn) return;
        if (!shown) entry.standIn = null;
        entry.standInReady = shown;
        if (shown) entry.picture();
      });
      const fail = () => {
        entry.failed = true;
        if (prepared === entry) release(entry);
      };
      // Until a page takes it, an error only ends the opening (the press then plays the usual way).
      const events: EngineEvents = {
        onError: (error) => (entry.events ? entry.events.onError(error) : error.fatal && fail()),
        onTracksChanged: () => entry.events?.onTracksChanged(),
        onBuffering: (buffering) => entry.events?.onBuffering(buffering),
      };
      entry.engine = (async () => {
        const opened = await source();
        // A stand-in shows its picture first (decision 137): the player's fetch and start, Shaka's
        // evaluation above all, come after it rather than beside it on the one main thread.
        if (standIn) await standIn.ready;
        if (!opened || prepared !== entry) return null;
        entry.url = opened.stream.url;
        (options.host?.() ?? document.body).append(video);
        const engine = await engineFactory('shaka', video, events);
        entry.made = engine;
        // Dropped while it was being made: its release found no engine to destroy.
        if (prepared !== entry) {
          void engine.destroy().catch(() => undefined);
          return null;
        }
        engine.limitAhead(OPENING_AHEAD_SECONDS);
        const standInAt = opened.startAtStandIn && entry.standIn ? entry.standIn.video.currentTime : undefined;
        await engine.load(opened.stream.url, mimeTypeOf(opened.stream), standInAt ?? opened.startTime);
        entry.loaded = engine;
        if (isReady(entry)) becameReady(entry);
        return engine;
      })().catch(() => {
        fail();
        return null;
      });
    },

    launch(key, place) {
      const entry = prepared;
      if (!entry || entry.key !== key || entry.failed) return false;
      const ready = isReady(entry);
      // The player's picture first; else a first visit's stand-in (decision 137), which hands
      // over to the player's element once that one is ready.
      const picture = ready ? entry.video : entry.standInReady ? entry.standIn?.video : undefined;
      if (!picture) return false;
      clearTimeout(entry.timer);
      entry.timer = setTimeout(() => release(entry), OPENING_LAUNCH_MS);
      entry.place = place;
      if (ready && entry.standIn) {
        entry.standIn.remove();
        entry.standIn = null;
      }
      place(picture);
      // The press is a gesture: the browser lets it play with sound.
      picture.play().catch(() => undefined);
      return true;
    },

    take(key) {
      const entry = prepared;
      if (!entry || entry.key !== key) return null;
      const engine = entry.loaded;
      // Not ready (its first frame not decoded yet): dropped, so it does not compete with the
      // page's own start. A player's element sought for its hand-over (decision 137) has decoded
      // already; its seek drops its ready state until it has decoded up to the stand-in's
      // instant, which under load took over a second: dropped then, the page started the film
      // again from its start, the viewer's first seconds shown twice.
      if (!engine || !(isReady(entry) || handingOver(entry))) {
        release(entry);
        return null;
      }
      // A launched stand-in still playing: its hand-over is done now, the page takes the rest.
      if (entry.standIn && entry.place) finishHandOver(entry);
      else if (entry.standIn) {
        entry.standIn.remove();
        entry.standIn = null;
      }
      clearTimeout(entry.timer);
      prepared = null;
      const { video } = entry;
      return {
        video,
        engine,
        listen(events) {
          entry.events = events;
        },
        url: entry.url,
        pausedByViewer: () => video.paused && (video.played.length > 0 || entry.pausedByViewer),
      };
    },

    pending(key) {
      return prepared?.key === key && !isReady(prepared);
    },

    async settled(key) {
      const entry = prepared;
      if (!entry || entry.key !== key || isReady(entry)) return;
      await within(entry.settled);
    },

    async pictured(key) {
      const entry = prepared;
      if (!entry || entry.key !== key || isReady(entry) || entry.standInReady) return;
      await within(entry.pictured);
    },

    drop(key) {
      if (prepared && (key === undefined || prepared.key === key)) release(prepared);
    },
  };
}

/** The page's openings: one at a time, shared by the intent listener and the player pages. */
export const openings = createOpenings();

/**
 * A player page's media element (web and TV): the opening of `key`'s, taken over and out of its
 * hiding place, or a new element when there is none ready; any other opening stops (a press
 * launched one this page does not play: a preview, another content).
 */
export function mediaElementFor(
  key: string | undefined,
  from: Openings = openings,
): { video: HTMLVideoElement; opening: TakenOpening | null } {
  const opening = key ? from.take(key) : null;
  if (!opening) {
    from.drop();
    return { video: document.createElement('video'), opening: null };
  }
  return { video: outOfHiding(opening.video), opening };
}

/**
 * An opening's element out of its hiding place (`hiddenVideo`, a stand-in's too): seen, in the accessibility
 * tree, styled only by the class its app gives it (a launched opening's, a player's).
 */
export function outOfHiding(video: HTMLVideoElement): HTMLVideoElement {
  for (const hiding of ['style', 'aria-hidden', 'tabindex', 'class']) video.removeAttribute(hiding);
  return video;
}
