import path_ from 'node:path';
import type { Page } from 'playwright-core';
import { benchContext, FIRST_FRAME_SIGNAL, sinceKeyPress, waitFirstFrame } from './chromium';
import { PEER_PAGE_PATH } from './hls-peer';
import type { PlayerBenchEnv, PlayerSamples, PlayerScenario } from './player-scenario';

const FIRST_FRAME_TIMEOUT_MS = 30_000;

/**
 * `BENCH_TRACE_DIR=/tmp/x`: each first visit's Chromium trace (chrome://tracing, Perfetto) goes
 * there, and each press's on the Playz side, from just before the key to its first frame.
 */
const TRACE_DIR = process.env.BENCH_TRACE_DIR ?? '';
let traces = 0;

/**
 * Run in the page after its first frame: a first visit's steps in ms from navigation start, the
 * page opening's marks (apps/web/src/app/page-opening.ts) and the requests between the HTML and
 * the picture (decision 120's breakdown): the entry, Shaka, the film page's first script
 * (decision 127), `/data`, the content, the stream
 * call, the manifest and the first segments, each `name start→end` (`name*` when it was the
 * page's preload). A live channel's first visit (decisions 138, 139) leaves the same marks.
 */
const FIRST_VISIT_STEPS = `(() => {
  const ms = (value) => Math.round(value);
  const marks = performance
    .getEntriesByType('mark')
    .filter((mark) => mark.name.startsWith('playz:page-opening:'))
    .map((mark) => mark.name.slice('playz:page-opening:'.length) + ' ' + ms(mark.startTime));
  if (marks.length === 0) return [];
  const named = [
    [/\\/assets\\/main-[^/]*\\.js$/, 'entry'],
    [/\\/assets\\/shaka-player[^/]*\\.js$/, 'shaka'],
    [/\\/assets\\/first-picture-[^/]*\\.js$/, 'first-script'],
    [/\\/api\\/[^?]*\\/data(\\?|$)/, '/data'],
    [/\\/api\\/[^?]*\\/content\\/\\d+(\\?|$)/, 'content'],
    [/\\/url\\/adaptive/, 'view-stream'],
    [/\\/api\\/[^?]*\\/channels(\\?|$)/, 'channels'],
    [/\\.mpd(\\?|$)/, 'manifest'],
    [/init-stream\\d+\\.m4s/, 'init'],
    [/chunk-stream\\d+-\\d+\\.m4s/, 'segment'],
  ];
  const requests = performance.getEntriesByType('resource').flatMap((entry) => {
    const found = named.find(([pattern]) => pattern.test(entry.name));
    // A preload (initiator 'link') the player's own request took (decision 127) shows as 'name*';
    // the same file asked twice would be a preload the player did not use.
    const preloaded = entry.initiatorType === 'link' && found && found[1] !== 'entry' && found[1] !== 'shaka' && found[1] !== 'first-script' ? '*' : '';
    return found ? [found[1] + preloaded + ' ' + ms(entry.startTime) + '→' + ms(entry.responseEnd)] : [];
  });
  return [...marks, ...requests.slice(0, 16)];
})()`;

/**
 * Run in the page after a press's first frame: the requests made after the key press, in ms from
 * it (`name start→end`), the profile of what a press still waits on.
 */
const PRESS_STEPS = `(() => {
  const armed = globalThis.benchArmedAt;
  const ms = (value) => Math.round(value - armed);
  const named = [
    [/\\/assets\\/shaka-player[^/]*\\.js$/, 'shaka'],
    [/\\/assets\\/[^/]*\\.js$/, 'chunk'],
    [/\\/url\\/adaptive/, 'view-stream'],
    [/\\/api\\/[^?]*\\/channels(\\?|$)/, 'channels'],
    [/\\/api\\/[^?]*\\/channel\\/\\d+\\/schedule/, 'schedule'],
    [/\\/api\\//, 'api'],
    [/\\.(mpd|m3u8)(\\?|$)/, 'manifest'],
    [/init-stream\\d+\\.m4s/, 'init'],
    [/chunk-stream\\d+-\\d+\\.m4s/, 'segment'],
  ];
  return performance.getEntriesByType('resource').filter((entry) => entry.startTime >= armed).flatMap((entry) => {
    const found = named.find(([pattern]) => pattern.test(entry.name));
    return found ? [found[1] + ' ' + ms(entry.startTime) + '→' + ms(entry.responseEnd)] : [];
  }).slice(0, 16);
})()`;

/**
 * Opens `path` in a new context (a first visit: nothing cached) and returns its time to first
 * frame, or null when no frame came within the timeout.
 */
async function firstFrameOfNewVisit(
  env: PlayerBenchEnv,
  path: string,
  sessionCookie = env.sessionCookie,
): Promise<number | null> {
  const context = await benchContext(env.browser, env.baseUrl, sessionCookie);
  let trace: string | null = null;
  try {
    const page: Page = await context.newPage();
    if (TRACE_DIR) {
      trace = path_.join(TRACE_DIR, `first-visit-${++traces}.json`);
      await env.browser.startTracing(page, { path: trace, screenshots: false });
    }
    // The probe's console line, not a `waitForFunction`: that one evaluates Playwright's injected
    // script (100-200 ms of main thread on this machine) in the page just after its commit, where
    // both sides' first requests were being taken in (decision 136).
    const frame = page
      .waitForEvent('console', {
        predicate: (line) => line.text() === FIRST_FRAME_SIGNAL,
        timeout: FIRST_FRAME_TIMEOUT_MS,
      })
      .then(
        () => true,
        () => false,
      );
    await page.goto(path, { waitUntil: 'commit' });
    const shown = await frame;
    if (!shown) return null;
    // A film's page that carried its opening (decision 111) says so by its marks, and where its
    // time went (decision 120): the marks with the requests that lead to the picture.
    const steps = (await page.evaluate(FIRST_VISIT_STEPS)) as string[];
    if (steps.length > 0) console.log(`  (${steps.join(', ')})`);
    return await page.evaluate(() => (globalThis as unknown as { benchFirstFrame: number }).benchFirstFrame);
  } finally {
    // One trace at a time in a browser: stopped whatever the load gave, before the next one.
    if (trace) {
      await env.browser.stopTracing();
      console.log(`  (Chromium trace: ${trace})`);
    }
    // Closed at once, well under a second of playback: no resume point is saved between loads.
    await context.close();
  }
}

/** The HLS URL the API gives the subscriber for this stream (signed, carrying its own authority). */
async function signedHlsUrl(env: PlayerBenchEnv, apiPath: string, sessionCookie = env.sessionCookie): Promise<string> {
  const response = await fetch(`${env.baseUrl}/api/1.2/${apiPath}/url/adaptive?target=player_hls&product_usage=View`, {
    headers: { cookie: sessionCookie },
  });
  const body = (await response.json()) as { Response?: { AdaptiveStream?: { url: string } } };
  const url = body.Response?.AdaptiveStream?.url;
  if (!url) throw new Error(`no stream for ${apiPath}: ${JSON.stringify(body).slice(0, 300)}`);
  return url;
}

/**
 * One warm-up of each side (Chromium's own first start, the server's first reads), then `samples`
 * rounds, peer then Playz, so the machine's drift falls on both; a side that showed no frame is
 * counted as a failure, not a time.
 */
async function alternateSides(
  env: PlayerBenchEnv,
  label: string,
  round: () => Promise<{ peer: number | null; playz: number | null }>,
): Promise<PlayerSamples> {
  const samples: Required<PlayerSamples> = { playz: [], peer: [], failures: { playz: 0, peer: 0 } };
  const show = (time: number | null) =>
    time === null ? `no frame in ${FIRST_FRAME_TIMEOUT_MS / 1000} s` : `${time.toFixed(0)} ms`;
  for (let index = 0; index <= env.samples; index++) {
    const { peer, playz } = await round();
    console.log(
      `  ${index === 0 ? 'warm-up' : `${label} ${index}/${env.samples}`}: Playz ${show(playz)}, peer ${show(peer)}`,
    );
    if (index === 0) continue;
    for (const [side, time] of [
      ['playz', playz],
      ['peer', peer],
    ] as const) {
      if (time === null) samples.failures[side]++;
      else samples[side].push(time);
    }
  }
  return samples;
}

/**
 * `eachItsOwnSubscriber`: each round (both sides) as a subscriber no load has used yet, so that a
 * film's page carries its opening every time (decision 044 gives a customer three per film per ten
 * minutes; with one customer only a run's first loads had one).
 */
const measure = (env: PlayerBenchEnv, playzPath: string, apiPath: string, eachItsOwnSubscriber = false) =>
  alternateSides(env, 'load', async () => {
    const cookie = eachItsOwnSubscriber ? await env.newSubscriber() : env.sessionCookie;
    const peerUrl = `${PEER_PAGE_PATH}?src=${encodeURIComponent(await signedHlsUrl(env, apiPath, cookie))}`;
    const peer = await firstFrameOfNewVisit(env, peerUrl, cookie);
    return { peer, playz: await firstFrameOfNewVisit(env, playzPath, cookie) };
  });

/** The viewer looks at the page this long before pressing play: the page has settled. */
const SETTLE_MS = 1500;

/** A page opened and settled, then Enter: key press to the first frame, or null when none came. */
async function firstFrameOfKeyPress(
  env: PlayerBenchEnv,
  path: string,
  ready: (page: Page) => Promise<void>,
  /** After the frame: whether it came the way the scenario says (else the try is a failure). */
  check?: (page: Page) => Promise<boolean>,
  sessionCookie = env.sessionCookie,
): Promise<number | null> {
  const context = await benchContext(env.browser, env.baseUrl, sessionCookie);
  let trace = false;
  try {
    const page = await context.newPage();
    await page.goto(path);
    await ready(page);
    // Started before the settling wait: the trace's start interrupts V8 (~120 ms measured), which
    // landed on the key's own event when started just before it.
    if (TRACE_DIR && !path.startsWith(PEER_PAGE_PATH)) {
      trace = true;
      await env.browser.startTracing(page, {
        path: path_.join(TRACE_DIR, `press-${++traces}.json`),
        screenshots: false,
      });
    }
    await page.waitForTimeout(SETTLE_MS);
    // The probe arms itself on the keydown, before the page's own listeners.
    await page.keyboard.press('Enter');
    const shown = await waitFirstFrame(page).then(
      () => true,
      () => false,
    );
    if (!shown) return null;
    const time = await sinceKeyPress(page);
    if (trace) await env.browser.stopTracing();
    const steps = path.startsWith(PEER_PAGE_PATH) ? [] : ((await page.evaluate(PRESS_STEPS)) as string[]);
    if (steps.length) console.log(`  (${steps.join(', ')})`);
    if (check && !(await check(page))) {
      console.log('  (a frame not from the opening: counted as a failure)');
      return null;
    }
    return time;
  } finally {
    await context.close();
  }
}

/** The home page with a card focused (a film's, a channel's; cookie choice made, as a returning viewer has). */
const homeWithCardFocused = (cardPath: string) => async (page: Page) => {
  const accept = page.getByRole('button', { name: 'Tout accepter' });
  if (await accept.isVisible({ timeout: 5000 }).catch(() => false)) await accept.click();
  const card = page.locator(`a[href="${cardPath}"]`).first();
  await card.waitFor({ state: 'visible', timeout: FIRST_FRAME_TIMEOUT_MS });
  await card.focus();
};

/** The peer page has hls.js loaded and waits for the key (hls-peer.ts, ?start=key). */
const peerReady = async (page: Page) => {
  await page.waitForFunction(() => (globalThis as unknown as { benchPeerReady?: boolean }).benchPeerReady === true);
};

/**
 * Each round of a press as a subscriber of its own, both sides: decision 044 gives a customer three
 * openings per film per ten minutes, and each side's View takes one of the account's device places
 * (spec 1 §6) until its lease ends; with the demo subscriber on every round, the run's later
 * presses had no opening and the peer's stream call found the places taken.
 */
const measurePlayPressed = (env: PlayerBenchEnv, cardPath: string, apiPath: string) =>
  alternateSides(env, 'play', async () => {
    const cookie = await env.newSubscriber();
    const peerUrl = `${PEER_PAGE_PATH}?start=key&src=${encodeURIComponent(await signedHlsUrl(env, apiPath, cookie))}`;
    const peer = await firstFrameOfKeyPress(env, peerUrl, peerReady, undefined, cookie);
    return { peer, playz: await firstFrameOfKeyPress(env, '/', homeWithCardFocused(cardPath), undefined, cookie) };
  });

/**
 * The TV app's film page (decision 044 addendum): the cookie choice made with OK as the TV's
 * dialog offers it, then Play focused (the page's first focus), as a viewer with a remote finds it.
 */
const tvFilmPageReady = async (page: Page) => {
  const play = page.getByRole('button', { name: /^(Lecture|Reprendre)$/ });
  await play.waitFor({ timeout: FIRST_FRAME_TIMEOUT_MS });
  const consent = page.getByRole('dialog', { name: 'Consentement aux cookies' });
  if (await consent.isVisible({ timeout: 2000 }).catch(() => false)) {
    await page.keyboard.press('Enter');
    await consent.waitFor({ state: 'detached' });
  }
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: { querySelector(s: string): object | null } }).document.querySelector(
        '.tv-button--primary[data-focused]',
      ) !== null,
  );
  // The opening, once prepared, marked: the player must show that element, not a load of its own.
  await page
    .waitForFunction(
      () => {
        type Marked = { readyState: number; benchOpening?: boolean };
        const doc = (globalThis as unknown as { document: { querySelector(s: string): Marked | null } }).document;
        const video = doc.querySelector('video[aria-hidden="true"]');
        if (!video || video.readyState < 2) return false;
        video.benchOpening = true;
        return true;
      },
      null,
      { timeout: 10_000 },
    )
    .catch(() => console.log('  (no opening prepared before the press)'));
};

/** The TV player shows the opening's element (decision 044), not an element of its own. */
const tvPlayerTookOpening = (page: Page) =>
  // The player's route opens once the launched picture's first frame is shown (decision 144).
  page
    .waitForFunction(
      () => {
        type Marked = { benchOpening?: boolean };
        const doc = (globalThis as unknown as { document: { querySelector(s: string): Marked | null } }).document;
        return doc.querySelector('.player__video')?.benchOpening === true;
      },
      null,
      { timeout: 5_000 },
    )
    .then(
      () => true,
      () => false,
    );

/** As `measurePlayPressed`, each round its own subscriber, on the TV app's film page. */
const measureTvPlayPressed = (env: PlayerBenchEnv, filmPath: string, apiPath: string) =>
  alternateSides(env, 'OK', async () => {
    const cookie = await env.newSubscriber();
    const peerUrl = `${PEER_PAGE_PATH}?start=key&src=${encodeURIComponent(await signedHlsUrl(env, apiPath, cookie))}`;
    const peer = await firstFrameOfKeyPress(env, peerUrl, peerReady, undefined, cookie);
    return { peer, playz: await firstFrameOfKeyPress(env, filmPath, tvFilmPageReady, tvPlayerTookOpening, cookie) };
  });

const METHOD = (what: string, playzPath: string, who = "the demo subscriber's session cookie") =>
  `Each load is a first visit: a new browser context (empty cache) with ${who}, ` +
  `the page opened, and the time read in the page from its navigation start to the first video frame ` +
  `presented after playback starts (\`requestVideoFrameCallback\` after the first \`playing\` event). ` +
  `**Playz**: the player page \`${playzPath}\` (${what}) as a viewer opens it — app shell, API calls ` +
  `(app data, the item, its signed stream URL), Shaka and the stream; in Chromium the web app asks for ` +
  `DASH (spec 2 §4 target). **Peer**: a bare page served by the benchmark on the same origin with stock ` +
  `hls.js (npm, default settings) in a plain \`<video>\`, given the HLS URL the API signs for the same ` +
  `stream (asked before the page opens: not counted). Both manifests list the same segments (decision 022). ` +
  `Sides alternate, one warm-up load each is not counted.`;

export const ttffScenarios: PlayerScenario[] = [
  {
    name: 'Time to first frame, VOD film',
    method:
      METHOD(
        'the film 1001, from its start',
        '/content/1001/l-ete-indien',
        `the session cookie of a subscriber of its own (a paid Playz Mensuel like the demo subscriber's, ` +
          `no history; the same one for both sides of a round, a new one for each round)`,
      ) +
      ` Each round has its own subscriber so that every load is the same first visit: the page's HTML ` +
      `carries the film's opening (decision 111) under decision 044's counts, three per film per ` +
      `customer per ten minutes, which one customer reused by every load spent on the run's first loads. ` +
      `The first frame is the opening's stand-in (decision 137): the page's first script appends the ` +
      `first segments the HTML preloads into an element of its own, launched on the View grant; Shaka ` +
      `is fetched after that picture and its element takes over at the same instant.`,
    playzLabel: 'Playz player page',
    peerLabel: 'hls.js in a bare page',
    goal: 'Playz / peer ≤ 0.7× and Playz p50 under 900 ms (decisions 033, 137)',
    run: (env) => measure(env, '/content/1001/l-ete-indien', 'content/1001', true),
  },
  {
    name: 'Time to first frame, live channel',
    method:
      METHOD(
        'channel 5, at the live edge',
        '/channel/5',
        `the session cookie of a subscriber of its own (a paid Playz Mensuel like the demo subscriber's; ` +
          `the same one for both sides of a round, a new one for each round)`,
      ) +
      ` Each round has its own subscriber: each side's View takes one of the account's device places ` +
      `(spec 1 §6) until its lease ends, and with one customer the run's later loads found them taken. ` +
      `The page's HTML carries the segment of the channel's timeline its player starts in (and the next), ` +
      `which its first script appends into an element of its own, the stand-in picture; that script asks ` +
      `the channel's View stream and launches the picture on the stage on that grant, before the app's ` +
      `entry is imported; Shaka is fetched after that picture and its element takes over at the same ` +
      `instant (decisions 138, 139).`,
    playzLabel: 'Playz player page',
    peerLabel: 'hls.js in a bare page',
    goal: 'Playz / peer ≤ 0.7× and Playz p50 under 1 s (decision 033)',
    run: (env) => measure(env, '/channel/5', 'channel/5', true),
  },
  {
    name: 'Time to first frame, play pressed in the app (VOD film)',
    method:
      `Play → first frame as a viewer meets it, the app already open. **Playz**: the home page (a new ` +
      `browser context with the demo subscriber's session cookie), cookie choice made, the film 1001's ` +
      `card focused, ${SETTLE_MS / 1000} s to settle, then Enter: timed from the keydown to the first ` +
      `video frame presented after playback starts (\`requestVideoFrameCallback\` after the first ` +
      `\`playing\`). The focus has loaded the page's code, Shaka and the content (decision 033 ` +
      `addendum) and, after 300 ms on the card, the film's opening, paused on its first frame ` +
      `(decision 044): the press plays it where the player's stage will be; then the route change, the ` +
      `page's render and its stream URL call, under which the player goes on. **Peer**: the bare page ` +
      `with stock hls.js loaded, holding the HLS URL the ` +
      `API signed for the same stream (asked before: not counted); the same wait, then Enter runs ` +
      `\`new Hls()\`, \`loadSource\`, \`attachMedia\` and \`play()\`. Sides alternate, one warm-up each.`,
    playzLabel: 'Enter on the film’s card on home',
    peerLabel: 'hls.js started by a key press',
    goal: 'Playz / peer ≤ 0.7× and Playz p50 under 1 s (decision 033, "play → first frame")',
    run: (env) => measurePlayPressed(env, '/content/1001/l-ete-indien', 'content/1001'),
  },
  {
    name: 'Time to first frame, play pressed in the app (live channel)',
    method:
      `Play → first frame of a live channel as a viewer meets it, the app already open. **Playz**: the ` +
      `home page (a new browser context with the demo subscriber's session cookie), cookie choice made, ` +
      `channel 5's card (the home's channels row) focused, ${SETTLE_MS / 1000} s to settle, then Enter: ` +
      `timed from the keydown to the first video frame presented after playback starts ` +
      `(\`requestVideoFrameCallback\` after the first \`playing\`). The focus has loaded the channel ` +
      `page's code, Shaka, the channels' list and the press's start (decisions 033 addendum, 140); the ` +
      `press asks the channel's View stream and prepares its opening before the route changes, the ` +
      `stream from the live edge is launched on the stage once decoded, the click held from the router ` +
      `until its first frame (decision 143), and the page's player, rendered then, takes it over ` +
      `(decision 140; a channel has no focus-time opening, decision 044). **Peer**: the bare page with stock hls.js loaded, holding the live HLS URL ` +
      `the API signed for the same channel (asked before: not counted); the same wait, then Enter runs ` +
      `\`new Hls()\`, \`loadSource\`, \`attachMedia\` and \`play()\`. Sides alternate, one warm-up each.`,
    playzLabel: 'Enter on the channel’s card on home',
    peerLabel: 'hls.js started by a key press',
    goal: 'Playz / peer ≤ 0.7× and Playz p50 under 1 s (decision 033, "play → first frame")',
    run: (env) => measurePlayPressed(env, '/channel/5/mini-z', 'channel/5'),
  },
  {
    name: 'Time to first frame, OK on Play in the TV app (VOD film)',
    method:
      `Play → first frame on the TV app, the app already open. **Playz**: the TV's page of the film ` +
      `1001 (\`/tv/content/1001\`, a new browser context with the demo subscriber's session cookie), ` +
      `cookie choice made with OK, Play focused (the page's first focus), ${SETTLE_MS / 1000} s to settle, ` +
      `then Enter (the remote's OK): timed from the keydown to the first video frame presented after ` +
      `playback starts. Resting on Play has prepared the film's opening (decision 044 addendum): OK ` +
      `shows it full screen, then, once its first frame is shown (decision 144), the player route ` +
      `renders and takes it, under its own stream call. ` +
      `**Peer**: the bare page with stock hls.js, as in the web's measure. Sides alternate, one warm-up each.`,
    playzLabel: 'OK on Play on the TV’s film page',
    peerLabel: 'hls.js started by a key press',
    goal: 'Playz / peer ≤ 0.7× and Playz p50 under 1 s (decision 033 "play → first frame", on the TV app)',
    run: (env) => measureTvPlayPressed(env, '/tv/content/1001', 'content/1001'),
  },
];
