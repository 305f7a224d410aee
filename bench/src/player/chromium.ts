import { chromium, type Browser, type BrowserContext } from 'playwright-core';

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
    video.requestVideoFrameCallback((now) => { window.benchFirstFrame = now; });
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
