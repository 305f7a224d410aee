/*
 * A first visit's stand-in picture (decision 137): the film page's first script appends the
 * opening's first segments, which the page preloads (decision 127), into a media element of its
 * own, with no player, and shows that picture while Shaka is still being fetched and started; a
 * live channel page's appends the segment its player will start in (decision 139). The
 * openings (openings.ts) launch it on the View grant and hand over to the player's element once
 * that one holds the same instant. This module imports nothing: it runs in the first script's
 * own chunk, before anything else has arrived.
 */

/** One track's first files and the type MSE takes for them, as the page's `<meta>` names them. */
export interface StandInTrack {
  mime: string;
  init: string;
  media: string;
  /**
   * The segments after the first, appended once the picture is there (a live channel's, decision
   * 139): the longer the stand-in holds, the later the player may come without a frozen frame.
   */
  following?: string[];
  /**
   * Seconds added to the segment's timestamps (`SourceBuffer.timestampOffset`): a live channel's
   * segments carry their clip's own time, which the MPD maps to the channel's timeline (decision
   * 139), so that the stand-in's instants are the player's. Absent for a film (its own time).
   */
  offset?: number;
}

export interface StandIn {
  readonly video: HTMLVideoElement;
  /**
   * True once its first frame is decoded; false when it will show none (a type this browser does
   * not play, a file not fetched, an append refused, removed first).
   */
  readonly ready: Promise<boolean>;
  /** Ends it: its element leaves the page and lets its media go; late answers are ignored. */
  remove(): void;
}

/**
 * The `<meta>`s the server writes: a film's player page's opening (apps/server/src/modules/seo/
 * page-opening.ts) and a live channel page's picture (live-picture.ts, decision 139).
 */
const META_NAMES = ['playz-opening', 'playz-live-picture'];

const isTrack = (track: unknown): track is StandInTrack => {
  const { mime, init, media } = (track ?? {}) as Partial<StandInTrack>;
  // Same-origin paths only: the page's preloads, nothing the `<meta>` could point elsewhere.
  const path = (url: unknown) => typeof url === 'string' && /^\/(?!\/)/.test(url);
  const { offset, following } = track as Partial<StandInTrack>;
  return (
    typeof mime === 'string' &&
    path(init) &&
    path(media) &&
    (offset === undefined || Number.isFinite(offset)) &&
    (following === undefined || (Array.isArray(following) && following.every(path)))
  );
};

/** The stand-in's tracks from the page's opening `<meta>` (left in place: the opening reads it next). */
export function standInTracksOf(doc: Document): StandInTrack[] {
  try {
    const content = META_NAMES.map((name) => doc.querySelector(`meta[name="${name}"]`))
      .find(Boolean)
      ?.getAttribute('content');
    const picture = (JSON.parse(content ?? 'null') as { picture?: unknown } | null)?.picture;
    return Array.isArray(picture) && picture.length > 0 && picture.every(isTrack) ? picture : [];
  } catch {
    return [];
  }
}

/**
 * The stand-in's element waits out of sight as an opening's does (openings.ts, whose `outOfHiding`
 * undoes it): in the document, since Chromium decodes the first frame of a rendered element only.
 * Written here again rather than imported: this module's chunk imports nothing.
 */
function hiddenVideo(doc: Document): HTMLVideoElement {
  const video = doc.createElement('video');
  video.preload = 'auto';
  video.playsInline = true;
  video.setAttribute('aria-hidden', 'true');
  video.tabIndex = -1;
  video.style.cssText = 'position:fixed;right:0;bottom:0;width:1px;height:1px;opacity:0;pointer-events:none;';
  return video;
}

const HAVE_CURRENT_DATA = 2;

/**
 * Starts the stand-in: fetches every track's init and first segment at once (the preloads answer
 * them: same URL, same mode), appends each track's two in order, and waits for the first frame.
 * Null when there is nothing to show or this browser plays none of it (no MSE, a type refused):
 * the player's own picture is then the first, as before.
 */
export function startStandIn(
  tracks: readonly StandInTrack[],
  options: {
    doc?: Document;
    fetchImpl?: typeof fetch;
    mediaSource?: typeof MediaSource;
    /** Where the element waits (the document's body, there once the first script runs). */
    host?: () => HTMLElement;
  } = {},
): StandIn | null {
  const Source = options.mediaSource ?? globalThis.MediaSource;
  if (!Source || tracks.length === 0 || !tracks.every((track) => Source.isTypeSupported(track.mime))) return null;
  const doc = options.doc ?? document;
  const doFetch = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const video = hiddenVideo(doc);
  const source = new Source();
  const url = URL.createObjectURL(source);
  let removed = false;
  const bytes = (file: string) =>
    doFetch(file, { credentials: 'same-origin' }).then((answer) => {
      if (!answer.ok) throw new Error(`stand-in: ${answer.status}`);
      return answer.arrayBuffer();
    });
  // Asked at once, every file of every track: they are the page's preloads, in or arriving.
  const files = tracks.map((track) => [bytes(track.init), bytes(track.media)] as const);
  const following = tracks.map((track) => (track.following ?? []).map(bytes));
  for (const list of [...files, ...following]) for (const file of list) file.catch(() => undefined);
  const append = async (buffer: SourceBuffer, file: Promise<ArrayBuffer>) => {
    const data = await file;
    if (removed) throw new Error('stand-in: removed');
    await new Promise<void>((done, failed) => {
      buffer.addEventListener('updateend', () => done(), { once: true });
      buffer.addEventListener('error', () => failed(new Error('stand-in: append')), { once: true });
      buffer.appendBuffer(data);
    });
  };

  const appended = new Promise<void>((resolve, reject) => {
    source.addEventListener(
      'sourceopen',
      () => {
        const appends = tracks.map(async (track, index) => {
          const buffer = source.addSourceBuffer(track.mime);
          if (track.offset) buffer.timestampOffset = track.offset;
          for (const file of files[index]!) await append(buffer, file);
          return buffer;
        });
        Promise.all(appends).then((buffers) => {
          // The following segments behind the first picture; one refused only ends it sooner.
          buffers.forEach(
            (buffer, index) =>
              void (async () => {
                for (const file of following[index]!) await append(buffer, file);
              })().catch(() => undefined),
          );
          // A live segment lies far from 0 on its channel's timeline: the element starts where
          // it begins (a film's starts at 0, where the element is).
          const held = video.buffered;
          if (tracks.some((track) => track.offset) && held.length > 0 && video.currentTime < held.start(0))
            video.currentTime = held.start(0);
          resolve();
        }, reject);
      },
      { once: true },
    );
  });
  const decoded = new Promise<void>((resolve, reject) => {
    const check = () => video.readyState >= HAVE_CURRENT_DATA && resolve();
    video.addEventListener('loadeddata', check);
    video.addEventListener('canplay', check);
    video.addEventListener('error', () => reject(new Error('stand-in: media error')), { once: true });
  });
  decoded.catch(() => undefined);
  const ready = appended
    .then(() => decoded)
    .then(
      () => !removed,
      () => {
        remove();
        return false;
      },
    );
  video.src = url;
  (options.host?.() ?? doc.body).append(video);

  function remove(): void {
    if (removed) return;
    removed = true;
    video.pause();
    video.remove();
    // Lets the decoder and the appended bytes go now, not at the next collection.
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
  return { video, ready, remove };
}
