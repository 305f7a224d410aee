import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { acceptCookies } from '../support/customer';

// Decision 044: a film's opening is loaded while the viewer stays on its card, and the press plays
// it at once; the player then goes on under the press's own stream (spec 2 §2 content player).
const baseUrl = inject('baseUrl');
const FILM = '/content/1001/l-ete-indien';
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) {
    await context.request.get('/api/1.2/customer/logout').catch(() => {});
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

type MarkedVideo = HTMLVideoElement & { openingMark?: boolean };

/**
 * The film from its start for this account (spec 2 §4: a resume point of 0 is none). It lasts
 * 32 s in the demo catalogue, and a journey before this one may have left the account's resume
 * point in its last 10 s, where the film starts again — not the resume this journey checks.
 */
async function fromTheStart(page: Page) {
  const saved = await page.request.get(`/api/1.2/content/1001/playback/status?playback_time=0`);
  expect((await saved.json()).Error.Number).toBe(0);
}

describe('openings (decision 044; spec 2 §2 play from a card, §4 resume)', () => {
  it('Enter on a card the viewer stayed on plays its opening at once, and the film goes on past it', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    contexts.push(context);
    const login = await page.request.post('/api/1.2/customer', {
      form: { login: 'abonne@playz.fr', password: 'playz2026' },
    });
    expect((await login.json()).Error.Number).toBe(0);
    await fromTheStart(page);
    const calls: string[] = [];
    const refusedMedia: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.includes('/url/')) calls.push(url.pathname.replace('/api/1.2', ''));
      if (url.pathname.startsWith('/media/s/') && response.status() >= 400) refusedMedia.push(url.pathname);
    });
    await page.goto('/');
    await acceptCookies(page);
    // Twice: from the film's start, then from where the viewer left it (spec 2 §4 resume).
    for (const round of [1, 2]) {
      calls.length = 0;
      const card = page.locator(`a[href="${FILM}"]`).first();
      await card.waitFor({ state: 'visible', timeout: 30_000 });
      await card.focus();
      // The opening: a hidden element holding the film's first frame, asked once.
      await page.waitForFunction(
        () => {
          const video = document.querySelector<MarkedVideo>('video[aria-hidden="true"]');
          if (!video || video.readyState < 2) return false;
          video.openingMark = true;
          return true;
        },
        undefined,
        { timeout: 30_000 },
      );
      expect(calls).toEqual(['/content/1001/url/opening']);
      const start = await page.evaluate(() => document.querySelector('video')!.currentTime);
      if (round === 2) expect(start).toBeGreaterThan(5);

      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === FILM);
      // The player's element is the opening's, playing (not a new load).
      await page.waitForFunction(
        () => {
          const video = document.querySelector<MarkedVideo>('.video__element');
          return video?.openingMark === true && !video.paused;
        },
        undefined,
        { timeout: 10_000 },
      );
      // Past the opening's segments (at least 6.4 s from its start): those came under the press's own grant.
      await page.waitForFunction((at) => (document.querySelector('video')?.currentTime ?? 0) > at, start + 7, {
        timeout: 30_000,
      });
      expect(calls).toEqual(['/content/1001/url/opening', '/content/1001/url/adaptive']);
      expect(refusedMedia).toEqual([]);
      expect(await page.locator('video').count()).toBe(1);
      // Leaving saves where the viewer is; home shows the film to resume.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
    }
  });

  it('on the TV, OK on Play shows the opening full screen at once, and the TV player goes on with it', async () => {
    const { context, page } = await newPage(browser, baseUrl, { width: 1280, height: 720 });
    contexts.push(context);
    const login = await page.request.post('/api/1.2/customer', {
      form: { login: 'abonne@playz.fr', password: 'playz2026' },
    });
    expect((await login.json()).Error.Number).toBe(0);
    await fromTheStart(page);
    const calls: string[] = [];
    const refusedMedia: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.includes('/url/')) calls.push(url.pathname.replace('/api/1.2', ''));
      if (url.pathname.startsWith('/media/s/') && response.status() >= 400) refusedMedia.push(url.pathname);
    });
    // The TV's film page: Play has the focus, so its opening is prepared once the page settles.
    await page.goto('/tv/content/1001');
    await page.waitForLoadState('networkidle');
    const consent = page.getByRole('dialog', { name: 'Consentement aux cookies' });
    if (await consent.isVisible()) {
      await page.keyboard.press('Enter');
      await consent.waitFor({ state: 'detached' });
    }
    await page.waitForFunction(
      () => {
        const video = document.querySelector<MarkedVideo>('video[aria-hidden="true"]');
        if (!video || video.readyState < 2) return false;
        video.openingMark = true;
        return true;
      },
      undefined,
      { timeout: 30_000 },
    );
    expect(calls).toEqual(['/content/1001/url/opening']);
    const start = await page.evaluate(() => document.querySelector('video')!.currentTime);
    await screenshot(page, 'tv-opening-film-page-1280');

    await page.keyboard.press('Enter');
    await screenshot(page, 'tv-opening-launched-1280');
    await page.waitForURL((url) => url.pathname === '/tv/clip/1001/player');
    // The TV player's element is the opening's, playing full screen (not a new load).
    await page.waitForFunction(
      () => {
        const video = document.querySelector<MarkedVideo>('.player__video');
        return video?.openingMark === true && !video.paused && video.getBoundingClientRect().width === innerWidth;
      },
      undefined,
      { timeout: 10_000 },
    );
    await page.waitForFunction((at) => (document.querySelector('video')?.currentTime ?? 0) > at, start + 7, {
      timeout: 30_000,
    });
    expect(calls).toEqual(['/content/1001/url/opening', '/content/1001/url/adaptive']);
    expect(refusedMedia).toEqual([]);
    expect(await page.locator('video').count()).toBe(1);
    await screenshot(page, 'tv-opening-player-1280');
  });
});
