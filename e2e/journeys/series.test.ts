import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn } from '../support/customer';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The demo account (full access) keeps the subscriber's seeded favourites and progress untouched. */
async function logInAsDemo(page: Page) {
  await page.goto('/customer/login');
  await fillLogIn(page, 'demo@playz.fr', 'playz2026');
  await page.waitForURL((url) => !url.pathname.startsWith('/customer/login'));
}

describe('series and favourites (spec 2 §2, §4)', () => {
  it('series → season tab → episode opens the episode route and plays', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await logInAsDemo(page);
    await page.goto('/series');
    await page.getByRole('link', { name: 'Brigade du Port' }).click();
    await page.waitForURL((url) => url.pathname === '/series/2001/brigade-du-port');
    await page.getByRole('heading', { level: 1, name: 'Brigade du Port' }).waitFor();
    await page.getByRole('tab', { name: 'Saison 1', selected: true }).waitFor();

    await page.getByRole('tab', { name: 'Saison 2' }).click();
    await page.waitForURL(/^[^?]*\/series\/2001\/brigade-du-port\/season\/2102\/[a-z0-9-]+$/);
    await page.getByRole('tab', { name: 'Saison 2', selected: true }).waitFor();
    const firstEpisode = page.getByRole('tabpanel').getByRole('link').first();
    await firstEpisode.waitFor();
    expect(await firstEpisode.textContent()).toContain('Épisode 1');
    await screenshot(page, 'series-season-desktop');

    await firstEpisode.click();
    await page.waitForURL(/\/series\/2001\/[a-z0-9-]+\/season\/2102\/[a-z0-9-]+\/episode\/\d+\/[a-z0-9-]+$/);
    await page.getByTestId('video-player').waitFor();
    // It plays: the video clock moves past zero.
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, {
      timeout: 30_000,
    });
    expect(await page.getByRole('region', { name: 'Saison 2' }).locator('a[aria-current="page"]').count()).toBe(1);
    await screenshot(page, 'episode-player-desktop');
    await context.close();
  });

  it('a film marked as favourite shows in the home Favourites row after a reload', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await logInAsDemo(page);
    // Not a favourite to begin with, whatever a first attempt left.
    const unmarked = await page.request.get('/api/1.2/content/1002/set-favorite?is_favorite=0');
    expect(((await unmarked.json()) as { Error: { Number: number } }).Error.Number).toBe(0);
    await page.goto('/content/1002/nuit-blanche-a-lyon');
    await page.getByRole('heading', { level: 1, name: 'Nuit blanche à Lyon' }).waitFor();
    const add = page.getByRole('button', { name: 'Ajouter aux favoris' });
    await add.click();
    const remove = page.getByRole('button', { name: 'Retirer des favoris' });
    await remove.waitFor();

    await page.goto('/');
    await page.reload();
    const row = page.getByRole('region', { name: 'Mes favoris' });
    await row.getByRole('link', { name: 'Nuit blanche à Lyon' }).waitFor();
    await screenshot(page, 'home-favourites-phone');

    // Taken off again: the row no longer lists it.
    await page.goto('/content/1002/nuit-blanche-a-lyon');
    await page.getByRole('button', { name: 'Retirer des favoris' }).click();
    await page.getByRole('button', { name: 'Ajouter aux favoris' }).waitFor();
    await context.close();
  });
});
