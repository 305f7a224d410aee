import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies } from '../support/customer';
import { acceptTvCookies, press } from '../support/tv-remote';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Every control the bar shows (buttons, the time, chips), with where it is drawn. */
function barBoxes(page: Page): Promise<{ bar: Box; items: Box[] }> {
  return page.evaluate(() => {
    const bar = document.querySelector('.video__bar')!;
    const box = (element: Element, name: string) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { name, left, right, top, bottom };
    };
    const items = [...bar.querySelectorAll('button, .video__time')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      })
      .map((element) => box(element, element.getAttribute('aria-label') ?? element.textContent ?? element.className));
    return { bar: box(bar, 'bar'), items };
  });
}

const overlaps = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

/** The controls shown and still: paused, the bar stays (spec 2 §4 controls hide only while playing). */
async function openBar(page: Page, path: string) {
  await page.goto(path);
  await acceptCookies(page);
  await page.getByTestId('video-player').waitFor();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, {
    timeout: 30_000,
  });
  await page.evaluate(() => document.querySelector('video')?.pause());
  await page.locator('.video__bar').waitFor({ state: 'visible' });
  // The time has its final text (the duration known) before the boxes are read.
  await page.waitForFunction(
    () => !/00:00:00 \/ 00:00:00/.test(document.querySelector('.video__time')?.textContent ?? ''),
  );
}

async function logIn(page: Page) {
  const res = await page.request.post('/api/1.2/customer', { form: { login: 'demo@playz.fr', password: 'playz2026' } });
  expect((await res.json()).Error.Number).toBe(0);
}

describe('spec 2 §2 the player bar on a phone and a desktop (decision 074)', () => {
  it('spec 2 §2 previous/next: the content, episode, list and channel players keep every control apart at 390 and 1440 px', async () => {
    const probe = await newPage(browser, baseUrl);
    await logIn(probe.page);
    // The first episode of season 2: its Previous is the last of season 1 (across seasons).
    const season = (await (await probe.page.request.get('/api/1.2/content-list/2102')).json()).Response.ContentList;
    const first = [...season.contents].sort((a, b) => a.episodeNumber - b.episodeNumber)[0];
    const episode = `/series/2001/${first.seriesSlug}/season/2102/${first.seasonSlug}/episode/${first.contentID}/${first.slug}`;
    await probe.context.close();
    const players = [
      { name: 'content', path: '/content/1004/le-grand-bazar', skips: false },
      { name: 'episode', path: episode, skips: true },
      { name: 'list', path: '/content-list/2101/brigade-du-port-saison-1', skips: true },
      { name: 'channel', path: '/channel/3/cine-club', skips: true },
    ];
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page } = await newPage(browser, baseUrl, viewport);
      await logIn(page);
      for (const player of players) {
        await openBar(page, player.path);
        await screenshot(page, `player-bar-${player.name}-${size}`);
        const { bar, items } = await barBoxes(page);
        const names = items.map((item) => item.name);
        // The essentials are on the bar itself at every size.
        expect.soft(names, `${player.name} ${size}`).toContain('Lecture');
        if (player.skips)
          expect.soft(names, `${player.name} ${size}`).toEqual(expect.arrayContaining(['Précédent', 'Suivant']));
        // Nothing runs out of the bar, nor over another control.
        const outside = items.filter((item) => item.left < bar.left - 0.5 || item.right > bar.right + 0.5);
        const clashes = items.flatMap((a, i) =>
          items.slice(i + 1).flatMap((b) => (overlaps(a, b) ? [`${a.name} × ${b.name}`] : [])),
        );
        expect.soft({ player: player.name, size, outside: outside.map((item) => item.name), clashes }).toEqual({
          ...{ player: player.name, size },
          ...{ outside: [], clashes: [] },
        });
      }
      await context.close();
    }
  });
});

describe("spec 1 §2, spec 2 §2 the TV player: an episode's neighbours and the channel side panel (decision 075)", () => {
  it("spec 2 §2 previous/next: a season's first episode goes back to the season before; Guide lists the channels and OK zaps", async () => {
    const { context, page } = await newPage(browser, baseUrl, { width: 1920, height: 1080 });
    await logIn(page);
    const seasonOf = async (id: number) =>
      (await (await page.request.get(`/api/1.2/content-list/${id}`)).json()).Response.ContentList.contents.sort(
        (a: { episodeNumber: number }, b: { episodeNumber: number }) => a.episodeNumber - b.episodeNumber,
      ) as { contentID: number; title: string }[];
    const [first] = await seasonOf(2102);
    const lastBefore = (await seasonOf(2101)).at(-1)!;
    await page.goto(`/tv/clip/${first!.contentID}/player`);
    await acceptTvCookies(page);
    await page.getByRole('heading', { level: 1, name: first!.title }).waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.2, undefined, {
      timeout: 30_000,
    });

    // The remote's Guide key (a TV browser's "Guide"): the channels over the left of the picture.
    await page.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Guide', bubbles: true })));
    const panel = page.getByRole('dialog', { name: 'Chaînes' });
    await panel.getByRole('button', { name: /Ciné Club/ }).waitFor();
    expect(await panel.getByRole('button').count()).toBeGreaterThan(5);
    await screenshot(page, 'tv-player-channels');
    await press(page, 'Escape');
    await panel.waitFor({ state: 'detached' });

    // Down to the buttons, left to Previous: the last episode of season 1.
    await press(page, 'ArrowDown');
    await press(page, 'ArrowLeft');
    await press(page, 'Enter');
    await page.waitForURL((url) => url.pathname === `/tv/clip/${lastBefore.contentID}/player`);
    await page.getByRole('heading', { level: 1, name: lastBefore.title }).waitFor();

    // Guide again, two channels down, OK: that channel plays; back would return to the episode.
    await page.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Guide', bubbles: true })));
    await panel.getByRole('button', { name: /Playz Info/ }).waitFor();
    await press(page, 'ArrowDown', 2);
    await press(page, 'Enter');
    await page.waitForURL((url) => url.pathname === '/tv/channel/3/player');
    await page.getByRole('heading', { level: 1, name: 'Ciné Club' }).waitFor();
    await context.close();
  });
});
