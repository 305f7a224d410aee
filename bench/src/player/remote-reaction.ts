import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startRelayPeer } from '../remote/relay-peer';
import { DEMO_SUBSCRIBER } from '../scenarios';
import type { PlayerBenchEnv, PlayerScenario } from './player-scenario';

const FILM_ID = 1001;
const FILM = `/content/${FILM_ID}/l-ete-indien`;
const PHONE = { width: 390, height: 844 };
const TV = { width: 1280, height: 720 };
/** Between two commands: the phone's mirror of the TV's state settles (its button changes). */
const DWELL_MS = 600;
const PEER_SCREEN = 'bench-peer-tv';

/**
 * In both pages: every click (the phone) and the video's play / pause events (the TV) stamped on
 * the wall clock in high resolution, `performance.timeOrigin + performance.now()`, which is one
 * clock for every page of the browser. Media events do not bubble; capturing listeners see them.
 */
const STAMP_SCRIPT = `
  window.benchStamps = [];
  const stamp = (type) => window.benchStamps.push({ type, at: performance.timeOrigin + performance.now() });
  for (const type of ['play', 'pause']) document.addEventListener(type, () => stamp(type), true);
  document.addEventListener('click', () => stamp('click'), true);
`;

type Stamp = { type: string; at: number };
const stampsOf = (page: Page) => page.evaluate(() => (globalThis as unknown as { benchStamps: Stamp[] }).benchStamps);

/**
 * A signed-in context of its own (a session and a device of its own, as a real phone and TV).
 * `bypassCSP`: the peer's relay lives on another port, which the app's connect-src refuses; both
 * sides run in these same pages, so neither gets a different browser.
 */
async function signedIn(browser: Browser, baseUrl: string, viewport: typeof PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'fr-FR', bypassCSP: true });
  await context.addInitScript(STAMP_SCRIPT + PEER_ENDS_SCRIPT);
  const login = await context.request.post('/api/1.2/customer', {
    form: { login: DEMO_SUBSCRIBER.login, password: DEMO_SUBSCRIBER.password },
  });
  if (!login.ok()) throw new Error(`log-in failed: HTTP ${login.status()}`);
  return context;
}

async function acceptCookies(page: Page, tv: boolean) {
  if (tv) {
    await page.waitForLoadState('networkidle');
    const dialog = page.getByRole('dialog', { name: 'Consentement aux cookies' });
    if (await dialog.isVisible().catch(() => false)) {
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
    }
    return;
  }
  const accept = page.getByRole('button', { name: 'Tout accepter' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

const tvPaused = (tv: Page) => tv.evaluate<boolean | null>(`document.querySelector('video')?.paused ?? null`);

/** A click on the phone and the TV video's `type` event after it: milliseconds between them. */
async function reaction(phone: Page, tv: Page, click: () => Promise<void>, type: 'play' | 'pause'): Promise<number> {
  const since = (await stampsOf(tv)).length;
  const clicksBefore = (await stampsOf(phone)).length;
  await click();
  await tv.waitForFunction(
    ([from, wanted]) =>
      (globalThis as unknown as { benchStamps: Stamp[] }).benchStamps.slice(from).some((s) => s.type === wanted),
    [since, type] as const,
    { timeout: 10_000, polling: 16 },
  );
  const clicked = (await stampsOf(phone)).slice(clicksBefore).find((s) => s.type === 'click')!;
  const event = (await stampsOf(tv)).slice(since).find((s) => s.type === type)!;
  return event.at - clicked.at;
}

/** Pause when the TV plays, play when it is paused, by `click`: that command's reaction time. */
async function toggle(phone: Page, tv: Page, click: (command: 'pause' | 'play') => Promise<void>) {
  const command = (await tvPaused(tv)) ? 'play' : 'pause';
  await phone.waitForTimeout(DWELL_MS);
  return reaction(phone, tv, () => click(command), command);
}

/**
 * The peer's two ends, installed in both pages with the stamps (the benchmark's tsconfig has no DOM
 * types, so the page code is text): `benchJoinAsTv` registers on a plain \`ws\` relay and plays or
 * pauses the video on an action; `benchJoinAsPhone` links that TV and adds two buttons whose
 * clicks send the action.
 */
const PEER_ENDS_SCRIPT = `
  window.benchJoinAsTv = (url, udid) => new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.onopen = () => socket.send(JSON.stringify({ action: 'registerDevice', data: { type: 'Server', udid } }));
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data));
      if (frame.event === 'onDeviceRegistered') resolve();
      const video = document.querySelector('video');
      if (frame.action === 'pause') video?.pause();
      if (frame.action === 'play') void video?.play();
    };
  });
  window.benchJoinAsPhone = (url, udid) => new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.onopen = () =>
      socket.send(JSON.stringify({ action: 'registerDevice', data: { type: 'Client', udid: 'bench-peer-phone' } }));
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data));
      if (frame.event === 'onDeviceRegistered') socket.send(JSON.stringify({ action: 'linkServerDevice', data: { udid } }));
      if (frame.event !== 'onServerDeviceLinked') return;
      for (const [index, action] of ['pause', 'play'].entries()) {
        const button = document.createElement('button');
        button.id = 'bench-peer-' + action;
        button.textContent = action;
        button.style.cssText = 'position:fixed;top:0;z-index:99999;left:' + index * 80 + 'px';
        button.onclick = () => socket.send(JSON.stringify({ action, data: {} }));
        document.body.append(button);
      }
      resolve();
    };
  });
`;

type PeerWindow = Record<'benchJoinAsTv' | 'benchJoinAsPhone', (url: string, udid: string) => Promise<void>>;

async function joinRelay(phone: Page, tv: Page, relayUrl: string) {
  const args = [relayUrl, PEER_SCREEN] as const;
  await tv.evaluate(([url, udid]) => (globalThis as unknown as PeerWindow).benchJoinAsTv(url, udid), args);
  await phone.evaluate(([url, udid]) => (globalThis as unknown as PeerWindow).benchJoinAsPhone(url, udid), args);
}

/** The phone linked to the TV, the film pushed and playing on the TV; `use` runs on both pages. */
async function linkedPair<T>(env: PlayerBenchEnv, use: (phone: Page, tv: Page) => Promise<T>): Promise<T> {
  const tvContext = await signedIn(env.browser, env.baseUrl, TV);
  const phoneContext = await signedIn(env.browser, env.baseUrl, PHONE);
  try {
    // From the film's start (spec 2 §4: 0 is no resume point): the TV saves it at each pause, and
    // a run that started late in the 32 s film would reach its end, whose own pause flips the phone.
    await tvContext.request.get(`/api/1.2/content/${FILM_ID}/playback/status?playback_time=0`);
    const tv = await tvContext.newPage();
    await tv.goto('/tv');
    await acceptCookies(tv, true);
    const phone = await phoneContext.newPage();
    await phone.goto(`/remote?play=${encodeURIComponent(FILM)}`);
    await acceptCookies(phone, false);
    await phone
      .getByRole('button', { name: /^Piloter — / })
      .first()
      .click();
    await phone.getByRole('button', { name: 'Regarder sur la TV' }).click();
    await tv.waitForFunction(
      `(() => { const video = document.querySelector('video'); return video && !video.paused && video.readyState >= 3; })()`,
      null,
      { timeout: 45_000 },
    );
    await phone.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    return await use(phone, tv);
  } finally {
    await phoneContext.close();
    await tvContext.close();
  }
}

export const remoteReactionScenarios: PlayerScenario[] = [
  {
    name: 'Remote control reaction, phone button to the TV’s video',
    method:
      `The demo subscriber's TV app (\`/tv\`, ${TV.width}×${TV.height}) and its phone remote (\`/remote\`, ` +
      `${PHONE.width}×${PHONE.height}), two contexts of one Chromium, each signed in with a session ` +
      `and device of its own; the phone links the TV and pushes a film, which plays. Then pause and ` +
      `play alternate, ${DWELL_MS} ms apart, timed from the click on the phone (a capturing listener) ` +
      `to the TV video's \`pause\` or \`play\` event, on one clock (\`performance.timeOrigin + now()\`, ` +
      `the same for every page of the browser). **Playz**: the remote's own Pause / Lecture button — ` +
      `the command over the remote-control WebSocket (session, validation, the account's devices), ` +
      `the TV app's player engine. **Peer**: in the same two pages, a button whose click sends the ` +
      `same frame over a plain \`ws\` relay (\`bench/src/remote/relay-peer.ts\`, no session or ` +
      `validation, in the benchmark's process) to a socket in the TV page that pauses or plays the ` +
      `video itself: the floor for this hop in a browser. The film from its start; the sides alternate ` +
      `command by command; one warm-up command a side is not counted.`,
    playzLabel: 'Remote button over Playz’s socket',
    peerLabel: 'Same frame over a plain ws relay',
    goal: 'The TV reacts within 100 ms (decision 034: p95 ≤ 100 ms); the ratio says what Playz adds to the floor',
    async run(env) {
      const relay = await startRelayPeer(64 * 1024);
      try {
        return await linkedPair(env, async (phone, tv) => {
          const label = { pause: 'Pause', play: 'Lecture' } as const;
          await joinRelay(phone, tv, relay.url);
          // Command by command, Playz then the relay: the machine's drift falls on both sides.
          const playz: number[] = [];
          const peer: number[] = [];
          for (let i = 0; i <= env.samples; i++) {
            const ours = await toggle(phone, tv, (command) =>
              phone.getByRole('button', { name: label[command], exact: true }).click(),
            );
            const relayed = await toggle(phone, tv, (command) => phone.locator(`#bench-peer-${command}`).click());
            if (i === 0) continue;
            playz.push(ours);
            peer.push(relayed);
          }
          console.log(`  Playz: ${playz.map((t) => t.toFixed(1)).join(', ')} ms`);
          console.log(`  relay: ${peer.map((t) => t.toFixed(1)).join(', ')} ms`);
          return { playz, peer };
        });
      } finally {
        await relay.close();
      }
    },
  },
];
