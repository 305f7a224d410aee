import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@playz/api-client';
import type { AdaptiveStream, Channel } from '@playz/api-contract';
import { currentScheduleEntry } from '@playz/domain';
import {
  channelOpeningKey,
  framePresented,
  openings as pageOpenings,
  OPENING_WAIT_MS,
  type Openings,
} from '@playz/player';
import {
  appDataQuery,
  channelsQuery,
  channelStreamQuery,
  liveUsageOf,
  programmeNeedsCode,
  type AppData,
} from '@playz/queries';
import { streamTarget } from '@/lib/device';
import {
  earlyLaunchOf,
  firstToAskPageStream,
  launchOncePictured,
  LIVE_LAUNCHED_CLASS,
  markPageOpening,
  playsLive,
  takeEarlyPageStream,
} from './page-opening-start';
import { siteLinkOf } from './navigation-intent';
import { holdPageStream } from './page-stream-hold';

/** `/channels` (the first channel) and `/channel/{id}` with or without its slug, as the router has them. */
const CHANNEL_PAGE = /^\/(?:channels|channel\/(\d{1,15})(?:\/[^/]+)?)$/;

export { LIVE_LAUNCHED_CLASS } from './page-opening-start';

export interface ChannelOpening {
  /**
   * Resolves once the app may render: the launched picture's first frame presented, or no opening,
   * within `OPENING_WAIT_MS`.
   */
  pictureFirst: Promise<void>;
}

/**
 * A first visit of a live channel's page (decision 138): the page's reads and its own View stream
 * are asked by the entry as soon as it runs, not after the app's first render, and the stream is
 * loaded into an opening (decision 044's element and engine) that is launched on the stage as soon
 * as its first frame is decoded. The page then takes it over (`channelOpeningKey`), as a film page
 * takes its film's; its queries find the same answers under their own keys (one call each).
 *
 * Only where the page would play that same stream at once: a signed-in viewer whose access Views
 * live (a preview is the page's to start), the channel up, and a programme on air that is enabled
 * and asks no parental code. Anything else asks only the reads (no side effects) and leaves the
 * start to the page. Null for any other page.
 */
export function startChannelOpening(
  pathname: string,
  services: { api: ApiClient; queryClient: QueryClient },
  options: {
    openings?: Openings;
    target?: 'player_dash' | 'player_hls';
    stillHere?: () => boolean;
    win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
    doc?: Document;
  } = {},
): ChannelOpening | null {
  const page = CHANNEL_PAGE.exec(pathname);
  if (!page) return null;
  const openings = options.openings ?? pageOpenings;
  const doc = options.doc ?? document;
  const { queryClient, api } = services;
  // The page's first script asked the stream and started the channel already (decision 139); else
  // it asks nothing from now on, and the start is the entry's.
  const startedEarly = !firstToAskPageStream(doc);
  const started = (async (): Promise<void> => {
    const [data, channels] = await Promise.all([
      queryClient.fetchQuery(appDataQuery(api)),
      queryClient.fetchQuery(channelsQuery(api)),
    ]);
    const channel = channels.find((c) => String(c.channelID) === page[1]) ?? channels[0];
    if (!channel) return;
    const key = channelOpeningKey(channel.channelID);
    const early = startedEarly ? takeEarlyPageStream(doc, key) : undefined;
    // An early answer is the page's whatever the app's rule says: its place is held below.
    if (!early && !playsAtOnce(data, channel)) return;
    const asked = viewStreamQuery(api, channel, options.target ?? streamTarget());
    // The first script's answer is this query's (one call per visit); a failed or refused one is
    // asked again here, for the page's own error.
    const query = early
      ? { ...asked, queryFn: async (context: { signal: AbortSignal }) => (await early) ?? asked.queryFn(context) }
      : asked;
    const stream = await holdUntilPageObserves(queryClient, api, query, options.win ?? window);
    if (early) {
      const launched = await (earlyLaunchOf(doc) ?? null);
      if (launched) await framePresented(launched);
      return;
    }
    if (!playsLive(stream)) return;
    openings.prepare(key, async () => ({ stream, startTime: undefined }));
    markPageOpening('prepared');
    void openings.settled(key).then(() => markPageOpening('settled'));
    const launched = await launchOncePictured(openings, key, options.stillHere, LIVE_LAUNCHED_CLASS);
    if (launched) await framePresented(launched);
  })().catch(() => undefined);
  return { pictureFirst: within(started, OPENING_WAIT_MS) };
}

/**
 * A channel press's hold (decision 143): the click is let through to the router once the
 * channel's picture is up, its stream refused, or this long after the press, whichever is first.
 */
export const PRESS_PICTURE_WAIT_MS = 800;

/** A press the channel's start took (`pressChannelOpening`). */
export interface PressedChannel {
  /** Resolves once the channel's first frame is presented, its stream refused, or PRESS_PICTURE_WAIT_MS. */
  pictureFirst: Promise<void>;
  /** The viewer went elsewhere before the page opened: its opening is dropped. */
  cancel(): void;
}

/**
 * A press on a link to a channel's page, in the app (decision 140): the same start as a first
 * visit's, made at the press rather than after the page's render (measured: the render asked the
 * stream 200–290 ms after the key, and Shaka's manifest came 130 ms after its answer). Only where
 * the app already knows the viewer and the channel (`/data` and `/channels` in its cache: the
 * channels' list is read on the card's focus) and the page would play the View stream at once.
 * The opening is prepared at once, before the route changes, so the page's player always finds
 * it and takes it over (a page that started its own would make a second player); its source is
 * the stream's answer, held for the page's query as on a first visit. It is launched on the live
 * stage while the viewer is still where they pressed (the click held, `pressChannelLink`) or on
 * that channel's page. Null when the press is left to the page (a press on a channel's page among
 * them: the page zaps itself).
 */
export function pressChannelOpening(
  pathname: string,
  services: { api: ApiClient; queryClient: QueryClient },
  options: {
    openings?: Openings;
    target?: 'player_dash' | 'player_hls';
    win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
    here?: () => string;
  } = {},
): PressedChannel | null {
  const id = CHANNEL_PAGE.exec(pathname)?.[1];
  const here = options.here ?? (() => window.location.pathname);
  const from = here();
  // From a channel's page (its side panel) the page zaps itself, onto its warm standby (decision
  // 128): its player is not mounted again, so it would never take an opening, which would play
  // over it, sound and all.
  if (!id || CHANNEL_PAGE.test(from)) return null;
  const { queryClient, api } = services;
  const data = queryClient.getQueryData<AppData>(appDataQuery(api).queryKey);
  const channel = queryClient
    .getQueryData<Channel[]>(channelsQuery(api).queryKey)
    ?.find((c) => String(c.channelID) === id);
  if (!data || !channel || !playsAtOnce(data, channel)) return null;
  const openings = options.openings ?? pageOpenings;
  const key = channelOpeningKey(channel.channelID);
  const query = viewStreamQuery(api, channel, options.target ?? streamTarget());
  const stream = holdUntilPageObserves(queryClient, api, query, options.win ?? window);
  openings.prepare(key, async () => {
    const answer = await stream;
    return playsLive(answer) ? { stream: answer, startTime: undefined } : null;
  });
  const current = () => here() === from || CHANNEL_PAGE.exec(here())?.[1] === id;
  const pictured = stream.then(async (answer) => {
    // Refused (the devices limit): the page shows why; nothing of the opening plays.
    if (!playsLive(answer)) {
      openings.drop(key);
      return;
    }
    const launched = await launchOncePictured(openings, key, current, LIVE_LAUNCHED_CLASS);
    if (launched) await framePresented(launched);
  });
  return { pictureFirst: within(pictured, PRESS_PICTURE_WAIT_MS), cancel: () => openings.drop(key) };
}

/** The channel press whose click is held (`pressChannelLink`), and whether its click is going through again. */
let heldPress: { pathname: string; cancel(): void } | null = null;
let passingOn = false;

/**
 * A click on a link to a channel's page (decision 143): where the press starts the channel
 * (`pressChannelOpening`), the click is held from the router until the channel's picture is up,
 * then made again on the same link for the router. The page's render — its route's commit and
 * effects, 85–100 ms tasks, and its own calls — then comes after the first frame rather than
 * between Shaka's manifest and its first segments (a trace of the press, decision 143). A held
 * link pressed again changes nothing; another press drops the held one; a viewer gone elsewhere
 * meanwhile (back) drops it too. False when the click is the router's at once.
 */
export function pressChannelLink(
  pathname: string,
  services: { api: ApiClient; queryClient: QueryClient },
  options: Parameters<typeof pressChannelOpening>[2] = {},
  click?: MouseEvent,
): boolean {
  // The held click made again: the router's now.
  if (passingOn) return false;
  if (heldPress?.pathname === pathname && click) {
    click.preventDefault();
    click.stopPropagation();
    return true;
  }
  heldPress?.cancel();
  heldPress = null;
  const pressed = pressChannelOpening(pathname, services, options);
  const link = click ? siteLinkOf(click) : null;
  if (!pressed || !click || !link) return pressed !== null;
  click.preventDefault();
  click.stopPropagation();
  const doc = link.ownerDocument;
  const pressedAt = doc.location.href;
  const hold = { pathname, cancel: pressed.cancel };
  heldPress = hold;
  void pressed.pictureFirst.then(() => {
    if (heldPress !== hold) return;
    heldPress = null;
    if (doc.location.href !== pressedAt) return pressed.cancel();
    // The same link, or the same page's link if a render replaced it meanwhile.
    const again = link.isConnected ? link : [...doc.links].find((l) => l.href === link.href);
    passingOn = true;
    try {
      if (again) again.click();
      else doc.location.assign(link.href);
    } finally {
      passingOn = false;
    }
  });
  return true;
}

/** The channel page's own View stream query (its key and parameters, the programme on air's proof). */
function viewStreamQuery(api: ApiClient, channel: Channel, target: 'player_dash' | 'player_hls') {
  const onAir = currentScheduleEntry(channel.schedules, Date.now());
  return channelStreamQuery(
    api,
    channel.channelID,
    'View',
    target,
    false,
    () => (onAir ? onAir.content.contentID : null),
    () => {},
  );
}

/** The page would play this channel's View stream at once, with nothing asked of the viewer first. */
function playsAtOnce(data: AppData, channel: Channel): boolean {
  const customer = data.Customer;
  if (!customer.logged || liveUsageOf(customer) !== 'View' || channel.streamState === 'down') return false;
  const onAir = currentScheduleEntry(channel.schedules, Date.now());
  return !onAir || (onAir.content.enabled && !programmeNeedsCode(customer, onAir.content));
}

/**
 * Asks the channel's View stream, held until the page observes the same query (`holdPageStream`,
 * as a film's first visit, decision 131). Resolves to the answer, or null when refused or failed
 * (the page's own query then tells the viewer why).
 */
function holdUntilPageObserves(
  queryClient: QueryClient,
  api: ApiClient,
  query: ReturnType<typeof channelStreamQuery>,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>,
): Promise<AdaptiveStream | null> {
  const key = JSON.stringify(query.queryKey);
  const observer = new QueryObserver(queryClient, query);
  // Subscribing asks the stream (the observer's mount); its first settled result is the answer.
  return new Promise((resolve) => {
    holdPageStream(
      { api, queryClient },
      observer,
      (result) => {
        if (result.status === 'success') resolve(result.data ?? null);
        else if (result.status === 'error') resolve(null);
      },
      (queryKey) => (JSON.stringify(queryKey) === key ? 'same' : null),
      win,
    );
  });
}

/** `promise` or `ms`, whichever comes first. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
