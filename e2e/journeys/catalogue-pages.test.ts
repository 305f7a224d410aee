import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies, fillLogIn } from '../support/customer';
import { acceptTvCookies, focused, press } from '../support/tv-remote';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Opens the left menu and one of its Explore entries (decision 060). */
async function openFromMenu(page: Page, entry: string, pathname: string) {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('list', { name: 'Explorer' }).getByRole('link', { name: entry }).click();
  await page.waitForURL((url) => url.pathname === pathname);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** The demo catalogue's pages (apps/server/src/db/seed: demo-rows.ts, catalogue-extras.ts). */
const PAGES = [
  { path: '/categories', title: 'Catégories', name: 'categories' },
  { path: '/category/2', title: 'Documentaire', name: 'category' },
  { path: '/content-collection/1', title: 'À la une', name: 'collection' },
  { path: '/characters', title: 'Personnages', name: 'characters' },
  { path: '/character/1', title: 'Lina Roux', name: 'character' },
  { path: '/games', title: 'Jeux', name: 'games' },
  { path: '/comedy', title: 'Humour', name: 'comedy' },
] as const;

describe('every catalogue type on screen (spec 2 §1, §3, §7 Other catalogue; decision 060)', () => {
  it('spec 2 §7: home rows and the menu reach categories, collections, characters, games and comedy', async () => {
    // Home rows need product access (spec 2 §1): the demo-access account, only browsed here.
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/customer/login');
    await fillLogIn(page, 'demo@playz.fr', 'playz2026');
    await page.waitForURL((url) => url.pathname === '/');

    // spec 2 §3: a collection's Category and nested ContentCollection items are cards of the row.
    const featured = page.locator('section.carousel').and(page.getByRole('region', { name: 'À la une', exact: true }));
    await featured.getByRole('link', { name: 'Documentaire Catégorie' }).click();
    await page.waitForURL((url) => url.pathname === '/category/2');
    await heading(page, 'Documentaire').waitFor();
    expect(await page.getByRole('main').getByRole('link').count()).toBeGreaterThan(0);

    await page.goBack();
    await featured.getByRole('link', { name: 'Sketches Sélection' }).click();
    await page.waitForURL((url) => url.pathname === '/content-collection/2');
    await heading(page, 'Sketches').waitFor();

    // A Category row's title opens its category.
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Comédie', exact: true })
      .getByRole('link', { name: 'Comédie', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/category/1');
    await heading(page, 'Comédie').waitFor();

    await openFromMenu(page, 'Catégories', '/categories');
    await page.getByRole('main').getByRole('link', { name: 'Famille' }).click();
    await page.waitForURL((url) => url.pathname === '/category/5');

    await openFromMenu(page, 'Personnages', '/characters');
    await page.getByRole('main').getByRole('link', { name: 'Lina Roux' }).click();
    await page.waitForURL((url) => url.pathname === '/character/1');
    await heading(page, 'Lina Roux').waitFor();
    await page.getByRole('link', { name: 'Voir la série' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/series/2001/'));

    await openFromMenu(page, 'Jeux', '/games');
    const game = page.getByRole('link', { name: '2048 Nouvel onglet' });
    expect(await game.getAttribute('href')).toBe('https://play2048.co/');
    expect(await game.getAttribute('target')).toBe('_blank');

    await openFromMenu(page, 'Humour', '/comedy');
    await page.getByRole('region', { name: 'Sketches', exact: true }).getByRole('link').first().waitFor();
    await context.close();
  });

  it('each page at desktop and phone width, then an unknown category', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/categories');
    await acceptCookies(page);
    for (const size of ['desktop', 'phone'] as const) {
      if (size === 'phone') await page.setViewportSize(PHONE);
      for (const { path, title, name } of PAGES) {
        await page.goto(path);
        await heading(page, title).waitFor();
        // The heading comes with the route; its rows come with their own calls, later on a busy
        // machine: every one of them arrives (none stays busy), then every picture of the first
        // screen (no half-drawn screenshot).
        await expect
          .poll(() => page.locator('[aria-busy="true"]').count(), { message: `${path} has loaded`, timeout: 20_000 })
          .toBe(0);
        await page.waitForFunction(() =>
          [...document.images].every((image) => image.loading === 'lazy' || image.complete),
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
        await screenshot(page, `catalogue-${name}-${size}`);
      }
    }
    await page.goto('/category/999');
    await heading(page, 'Page non trouvée').waitFor();
    await context.close();
  });

  it('on the TV, Explore is reached by D-pad and opens a category, a collection and a character', async () => {
    const { context, page } = await newPage(browser, baseUrl, { width: 1920, height: 1080 });
    await page.goto('/tv/explore');
    await acceptTvCookies(page);
    await page.getByRole('heading', { level: 1, name: 'Explorer' }).waitFor();
    await expect.poll(async () => (await focused(page)).row).toBe('Catégories');
    await screenshot(page, 'catalogue-tv-explore');
    await press(page, 'ArrowRight');
    await expect.poll(async () => (await focused(page)).label).toBe('Documentaire');
    await press(page, 'Enter');
    await page.waitForURL((url) => url.pathname === '/tv/category/2');
    await page.getByRole('heading', { level: 1, name: 'Documentaire' }).waitFor();
    await screenshot(page, 'catalogue-tv-category');

    await page.goto('/tv/content-collection/1');
    await page.getByRole('heading', { level: 1, name: 'À la une' }).waitFor();
    await page.goto('/tv/character/1');
    await page.getByRole('heading', { level: 1, name: 'Lina Roux' }).waitFor();
    await expect.poll(async () => (await focused(page)).row).toBe('Où le retrouver');
    await screenshot(page, 'catalogue-tv-character');
    await context.close();
  });
});
