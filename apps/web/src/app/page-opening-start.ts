import type { AdaptiveStream } from '@playz/api-contract';
import { openingKey, openings as pageOpenings, outOfHiding, type Openings } from '@playz/player';
import type { StandIn } from '@playz/player/stand-in';
import { streamTarget } from '@/lib/device';

/*
 * A first visit's opening read from the page's HTML and started (decision 111), in a module of its
 * own: the film page's first script (first-picture.ts, decision 127) runs it before the app's
 * entry has been fetched and evaluated, and the entry's call then finds what it started.
 */

/**
 * `performance.mark`s of a first visit's opening, read by the first-visit benchmark
 * (bench/src/player/ttff.ts) to tell the loads that carried one and where the time went.
 */
export const PAGE_OPENING_MARK = 'playz:page-opening';
export type PageOpeningStep = 'prepared' | 'view-asked' | 'view-granted' | 'pictured' | 'settled' | 'launched';
export const markPageOpening = (step: PageOpeningStep) => performance.mark(`${PAGE_OPENING_MARK}:${step}`);

/** The `<meta>` the server writes into a film's player page (apps/server/src/modules/seo/page-opening.ts). */
const META_NAME = 'playz-opening';

interface PageOpening {
  contentId: string;
  start: number | null;
  target: string;
  url: string;
  type: 'hls' | 'dash';
}

function isPageOpening(value: unknown): value is PageOpening {
  const opening = value as Partial<PageOpening> | null;
  return (
    typeof opening === 'object' &&
    opening !== null &&
    typeof opening.contentId === 'string' &&
    /^\d{1,15}$/.test(opening.contentId) &&
    (opening.start === null || typeof opening.start === 'number') &&
    typeof opening.url === 'string' &&
    /^\/(?!\/)/.test(opening.url) &&
    (opening.type === 'hls' || opening.type === 'dash')
  );
}

/**
 * A first visit of a film's player page (decision 111): the server put the film's opening
 * (decision 044, no device place) into the page's HTML, and its manifest is already on its way
 * (a preload). The entry starts loading it at once, before `/data` and the page's render, into
 * the openings the player page takes from (`openingKey` of the content and its start, as the
 * page asks). The player's own View stream still takes the device place when it plays. The first
 * script's `standIn` (decision 137) goes with the opening; removed when the page has none for
 * this app. Returns the opening's key, or null when the page has none (or one made for another
 * target).
 */
export function startPageOpening(
  doc: Document,
  openings: Openings = pageOpenings,
  target: string = streamTarget(),
  standIn: StandIn | null = null,
): { key: string; contentId: string } | null {
  const meta = doc.querySelector(`meta[name="${META_NAME}"]`);
  // Read once: a later page of the same app is no first visit.
  meta?.remove();
  let opening: unknown;
  try {
    opening = JSON.parse(meta?.getAttribute('content') ?? 'null');
  } catch {
    opening = null;
  }
  if (!isPageOpening(opening) || opening.target !== target) {
    standIn?.remove();
    return null;
  }
  const startTime = opening.start ?? undefined;
  const key = openingKey(opening.contentId, startTime);
  const stream = { url: opening.url, type: opening.type };
  openings.prepare(key, async () => ({ stream, startTime }), standIn);
  markPageOpening('prepared');
  // A picture to launch, the stand-in's or the player's, or the opening gone.
  void openings.pictured(key).then(() => markPageOpening('pictured'));
  // Its first frame decoded (or the opening gone): before the View answer or after it, the
  // benchmark's breakdown tells which one the launch waited for. Marked here, by whichever
  // started it: on a film page the entry is evaluated only after the picture (decision 134).
  void openings.settled(key).then(() => markPageOpening('settled'));
  return { key, contentId: opening.contentId };
}

/** What each document's opening started as: the first script's start, which the entry takes. */
const started = new WeakMap<Document, ReturnType<typeof startPageOpening>>();

/**
 * `startPageOpening` run once per document, whoever comes first: the film page's first script
 * (decision 127) or the app's entry, which then gets the same opening (its key and content).
 */
export function startPageOpeningOnce(
  doc: Document,
  openings: Openings = pageOpenings,
  target: string = streamTarget(),
  standIn: StandIn | null = null,
): ReturnType<typeof startPageOpening> {
  if (!started.has(doc)) started.set(doc, startPageOpening(doc, openings, target, standIn));
  // The entry came first: the opening is started already, without this stand-in.
  else standIn?.remove();
  return started.get(doc) ?? null;
}

/** The class that puts a launched opening where the player page's stage will be (player.css). */
export const LAUNCHED_CLASS = 'opening-launched';
/** Where a launched live picture goes: the channel page's stage, beside its side panel (player.css). */
export const LIVE_LAUNCHED_CLASS = 'opening-launched opening-launched--live';

/**
 * On the page's View grant (decisions 044, 111): the opening is launched where the player's
 * stage will be once it has a first frame decoded, its stand-in's or the player's (decision 137),
 * if the viewer is still on the page. The first script and the entry both call this, whichever
 * asked the stream (decision 131). Resolves to the element launched (the player's or its
 * stand-in's), null when none was.
 */
export function launchOncePictured(
  openings: Openings,
  key: string,
  stillHere?: () => boolean,
  /** Where the page's stage is: a film's, or a live channel's beside its side panel (decision 138). */
  className: string = LAUNCHED_CLASS,
): Promise<HTMLVideoElement | null> {
  markPageOpening('view-granted');
  return openings.pictured(key).then(() => {
    if (!(stillHere?.() ?? true)) return null;
    let launched: HTMLVideoElement | null = null;
    if (openings.launch(key, (video) => void (launched = outOfHiding(video)).setAttribute('class', className)))
      markPageOpening('launched');
    return launched;
  });
}

/** The documents whose View stream was asked, by the first script or by the entry. */
const streamAsked = new WeakSet<Document>();

/**
 * True for the first of the film page's first script and the app's entry to ask the page's View
 * stream (decision 131): the first script is `async`, and under load the entry can be evaluated
 * before it; the second then asks none (one `/url/adaptive` call, one launch, per visit).
 */
export function firstToAskPageStream(doc: Document): boolean {
  if (streamAsked.has(doc)) return false;
  streamAsked.add(doc);
  return true;
}

/** What the first script's View call gave, by document: its answer, or null (refused, failed). */
const earlyViews = new WeakMap<
  Document,
  { contentId: string; answer: Promise<AdaptiveStream | null>; handOver?: () => void }
>();
/** The documents whose View the first script's answer granted: it launches their opening itself. */
const grantedEarly = new WeakSet<Document>();

/**
 * Whether an answer lets the page's opening play: the film watched in full, as the player takes
 * it over (content-player-page.tsx), not a preview, a window or a protected stream.
 */
export const playsOpening = (data: AdaptiveStream | null | undefined): data is AdaptiveStream =>
  data?.usage === 'View' && !data.window && !data.contentProtection;

/**
 * Keeps the film page's first script's View answer (decision 131, page-stream-early.ts) for the
 * entry's query (`takeEarlyPageStream`); a grant of the opening's film is the first script's to
 * launch (`launchesEarly`), known before the entry's query can see the same answer.
 */
export function keepEarlyPageStream(
  doc: Document,
  contentId: string,
  answer: Promise<AdaptiveStream | null>,
  /** Called when the entry takes the answer: its own hold of the place starts then (decision 134). */
  handOver?: () => void,
): void {
  earlyViews.set(doc, { contentId, answer, handOver });
  void answer.then((data) => {
    if (playsOpening(data)) grantedEarly.add(doc);
  });
}

/**
 * The first script's View answer for this content, taken once by the entry's query (decision
 * 131); undefined when it asked none (its script came after the entry, or another content).
 */
export function takeEarlyPageStream(doc: Document, contentId: string): Promise<AdaptiveStream | null> | undefined {
  const early = earlyViews.get(doc);
  if (!early || early.contentId !== contentId) return undefined;
  earlyViews.delete(doc);
  early.handOver?.();
  return early.answer;
}

/**
 * The channel's own live edge, watched in full and not protected: what the channel page's player
 * takes over (decisions 138, 139).
 */
export const playsLive = (stream: AdaptiveStream | null | undefined): stream is AdaptiveStream =>
  stream?.usage === 'View' && stream.window === 'live' && !stream.contentProtection;

/** A channel page's launch by its first script (decision 139), by document: the entry waits on it. */
const earlyLaunches = new WeakMap<Document, Promise<HTMLVideoElement | null>>();
export const keepEarlyLaunch = (doc: Document, launched: Promise<HTMLVideoElement | null>) =>
  void earlyLaunches.set(doc, launched);
export const earlyLaunchOf = (doc: Document) => earlyLaunches.get(doc);

/** Whether the first script's answer granted this document's View: it launches the opening, not the entry. */
export const launchesEarly = (doc: Document): boolean => grantedEarly.has(doc);
