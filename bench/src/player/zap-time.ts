import type { Page } from 'playwright-core';
import { benchContext, fullLoadTimes, sinceKeyPress, waitFirstFrame } from './chromium';
import type { PlayerBenchEnv, PlayerScenario } from './player-scenario';

/** The viewer stays this long on a channel before the next zap: the neighbours get preloaded. */
const DWELL_MS = 3000;
const FIRST_CHANNEL = 17;

async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Tout accepter' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/** Channel down with the key, `count` times: key press to the next channel's first frame. */
async function zapTimes(env: PlayerBenchEnv, count: number): Promise<number[]> {
  const context = await benchContext(env.browser, env.baseUrl, env.sessionCookie);
  try {
    const page = await context.newPage();
    await page.goto(`/channel/${FIRST_CHANNEL}`);
    await waitFirstFrame(page);
    await acceptCookies(page);
    const times: number[] = [];
    for (let zap = 0; zap < count; zap++) {
      await page.waitForTimeout(DWELL_MS);
      // The probe arms itself on the keydown (capturing, before the page's own listener).
      await page.keyboard.press('PageDown');
      await waitFirstFrame(page);
      times.push(await sinceKeyPress(page));
      await page.waitForFunction(
        (id) =>
          (globalThis as unknown as { location: { pathname: string } }).location.pathname.startsWith(`/channel/${id}`),
        FIRST_CHANNEL - zap - 1,
      );
    }
    return times;
  } finally {
    await context.close();
  }
}

/** The next channel by a full page load in the same tab (warm cache, as a reload would be). */
async function reloadTimes(env: PlayerBenchEnv, count: number): Promise<number[]> {
  const context = await benchContext(env.browser, env.baseUrl, env.sessionCookie);
  try {
    const page = await context.newPage();
    await page.goto(`/channel/${FIRST_CHANNEL}`);
    await waitFirstFrame(page);
    await acceptCookies(page);
    const paths = Array.from({ length: count }, (_, zap) => `/channel/${FIRST_CHANNEL - zap - 1}`);
    return await fullLoadTimes(page, paths, DWELL_MS);
  } finally {
    await context.close();
  }
}

export const zapScenarios: PlayerScenario[] = [
  {
    name: 'Channel zap, key press to the next channel’s picture',
    method:
      `The demo subscriber on \`/channel/${FIRST_CHANNEL}\`, then channel down (PageDown) again and again, ` +
      `${DWELL_MS / 1000} s on each channel. **Playz**: the key press zaps inside the page — the same ` +
      `Shaka player and video element load the next channel, from its preload (manifest and init ` +
      `segment fetched while the viewer watched the previous one) — timed from the keydown to the ` +
      `first frame presented after the new channel starts playing. **Peer**: the same channels by a ` +
      `full load of the next channel's page in the same tab (browser cache warm, as a reload), timed ` +
      `from its navigation start (so the peer is not charged the moment between key and navigation). ` +
      `Playz's zaps run first, then the reloads; the first zap of each side is a warm-up, not counted.`,
    playzLabel: 'Zap in the page',
    peerLabel: 'Full page load of the next channel',
    goal: 'Playz / peer ≤ 0.5× (decision 022 addendum)',
    async run(env) {
      const playz = (await zapTimes(env, env.samples + 1)).slice(1);
      console.log(`  zaps: ${playz.map((t) => t.toFixed(0)).join(', ')} ms`);
      const peer = (await reloadTimes(env, env.samples + 1)).slice(1);
      console.log(`  reloads: ${peer.map((t) => t.toFixed(0)).join(', ')} ms`);
      return { playz, peer };
    },
  },
];
