import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../player/chromium';
import { startPlayzMediaServer } from '../player/media-server';
import { cumulativeLayoutShift, WEB_VITALS_PROBE, type LayoutShift } from './web-vitals';

/** The name `--only` matches (bench/src/run.ts). */
export const LANDING_SCENARIO_NAME = 'Landing page: initial JavaScript, LCP and CLS';

export interface Viewport {
  label: string;
  width: number;
  height: number;
  deviceScaleFactor: number;
  isMobile: boolean;
}

export const VIEWPORTS: Viewport[] = [
  { label: 'Desktop 1440×900', width: 1440, height: 900, deviceScaleFactor: 1, isMobile: false },
  // A current mid-size phone (390×844 CSS px at 3×), touch and mobile meta viewport on.
  { label: 'Phone 390×844', width: 390, height: 844, deviceScaleFactor: 3, isMobile: true },
];

export interface LoadedScript {
  /** Path on the server, e.g. /assets/index-….js */
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface LandingLoad {
  lcp: number | null;
  cls: number;
  scripts: LoadedScript[];
}

/** The gzip size of each script body, computed once per file (the names carry a content hash). */
const gzipSizes = new Map<string, number>();
function gzipBytes(path: string, body: Buffer): number {
  let size = gzipSizes.get(path);
  if (size === undefined) {
    // Level 9, as a server compressing static assets ahead of time would.
    size = zlib.gzipSync(body, { level: 9 }).length;
    gzipSizes.set(path, size);
  }
  return size;
}

/** One first visit (new context: empty cache, no session) of `/`, read once the network is idle. */
async function loadLanding(browser: Browser, baseUrl: string, viewport: Viewport): Promise<LandingLoad> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.deviceScaleFactor,
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    locale: 'fr-FR',
  });
  await context.addInitScript(WEB_VITALS_PROBE);
  try {
    const page = await context.newPage();
    const bodies: Array<Promise<LoadedScript>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const path = new URL(response.url()).pathname;
      bodies.push(response.body().then((body) => ({ path, bytes: body.length, gzipBytes: gzipBytes(path, body) })));
    });
    // networkidle: no request for 500 ms — what the page loads before it is idle.
    await page.goto('/', { waitUntil: 'networkidle' });
    const vitals = await page.evaluate(
      () => (globalThis as unknown as { benchVitals: { lcp: number | null; shifts: LayoutShift[] } }).benchVitals,
    );
    return { lcp: vitals.lcp, cls: cumulativeLayoutShift(vitals.shifts), scripts: await Promise.all(bodies) };
  } finally {
    await context.close();
  }
}

export interface ViewportResult {
  viewport: Viewport;
  loads: LandingLoad[];
}

/**
 * The player's code: Shaka's library chunk (vite names it after the package's file,
 * `shaka-player.compiled…`) must not load on `/`. The app's own small `shaka-engine` chunk (the
 * engine adapter, on demand too since decision 142) is not it.
 */
export const isPlayerChunk = (path: string) => /shaka-player/i.test(path);

/** `loads` measured first visits of `/` per viewport, after one warm-up visit each. */
export async function measureLanding(loads: number): Promise<ViewportResult[]> {
  const server = await startPlayzMediaServer(() => {});
  const browser = await launchChromium();
  const results: ViewportResult[] = [];
  try {
    for (const viewport of VIEWPORTS) {
      const measured: LandingLoad[] = [];
      for (let round = 0; round <= loads; round++) {
        const load = await loadLanding(browser, server.baseUrl, viewport);
        const kb = load.scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1000;
        console.log(
          `  ${viewport.label}, ${round === 0 ? 'warm-up' : `load ${round}/${loads}`}: LCP ${load.lcp?.toFixed(0) ?? 'none'} ms, CLS ${load.cls.toFixed(3)}, ${load.scripts.length} scripts, ${kb.toFixed(1)} kB gzip`,
        );
        if (round > 0) measured.push(load);
      }
      results.push({ viewport, loads: measured });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}
