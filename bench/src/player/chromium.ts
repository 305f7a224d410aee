import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, headless, as the e2e journeys run it (autoplay allowed, no GPU). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** What the probe logs once the frame is read: a page load waits for it without script of its own in the page. */
export const FIRST_FRAME_SIGNAL = 'playz-bench:first-frame';

/**
 * Installed in every page: the time (performance.now(), 0 = the page's navigation start) at
 * which a video presented its first frame after it started playing, read by
 * requestVideoFrameCallback; `window.benchArm()` (called at a key press) starts a new wait.
 * Media events do not bubble, but capturing listeners on the document see them all.
 */
export const FIRST_FRAME_PROBE = `
  window.benchFirstFrame = null;
  window.benchArmedAt = 0;
  window.benchArm = () => { window.benchFirstFrame = null; window.benchArmedAt = performance.now(); window.benchWaiting = true; };
  window.benchWaiting = true;
  document.addEventListener('keydown', () => window.benchArm(), true);
  document.addEventListener('playing', (event) => {
    const video = event.target;
    if (!window.benchWaiting || !(video instanceof HTMLVideoElement)) return;
    window.benchWaiting = false;
    video.requestVideoFrameCallback((now) => { window.benchFirstFrame = now; console.debug('${FIRST_FRAME_SIGNAL}'); });
  }, true);
`;

/** A browser context with the probe, the subscriber's session and a desktop viewport. */
export async function benchContext(
  browser: Browser,
  baseUrl: string,
  sessionCookie: string | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    locale: 'fr-FR',
  });
  await context.addInitScript(FIRST_FRAME_PROBE);
  if (sessionCookie) {
    const [name, value] = sessionCookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
  }
  return context;
}

/** p-th percentile (nearest rank) of the samples. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** What FIRST_FRAME_PROBE leaves on the page's window. */
export type ProbeWindow = { benchFirstFrame: number | null; benchArmedAt: number };

const FIRST_FRAME_TIMEOUT_MS = 30_000;

/** Waits for the probe's first frame (after a navigation or a key press armed it). */
export async function waitFirstFrame(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as unknown as ProbeWindow).benchFirstFrame !== null, null, {
    timeout: FIRST_FRAME_TIMEOUT_MS,
    polling: 16,
  });
}

/** Key press (the probe armed on keydown) to the first frame, in ms. */
export const sinceKeyPress = (page: Page) =>
  page.evaluate(() => {
    const probe = globalThis as unknown as ProbeWindow;
    return probe.benchFirstFrame! - probe.benchArmedAt;
  });

/**
 * The peer of the zap benchmarks: each path loaded in full in the same tab (warm cache, as a
 * reload), `dwellMs` after the previous picture, timed from its navigation start to its first frame.
 */
export async function fullLoadTimes(page: Page, paths: string[], dwellMs: number): Promise<number[]> {
  const times: number[] = [];
  for (const path of paths) {
    await page.waitForTimeout(dwellMs);
    await page.goto(path, { waitUntil: 'commit' });
    await waitFirstFrame(page);
    times.push(await page.evaluate(() => (globalThis as unknown as ProbeWindow).benchFirstFrame!));
  }
  return times;
}
