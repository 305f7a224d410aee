import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn } from '../support/customer';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The demo home page (apps/server/src/db/seed/demo-rows.ts): one row of each type, with its style. */
const HOME_ROWS = [
  { title: 'Reprendre la lecture', type: 'ContentsProcessing', style: 'landscape' },
  { title: 'Les chaînes en direct', type: 'Channels', style: 'rounded' },
  { title: 'À la une', type: 'ContentCollection', style: 'landscape' },
  { title: 'Films', type: 'ReplayMovies', style: 'portrait' },
  { title: 'Séries', type: 'Series', style: 'portrait' },
  { title: 'Comédie', type: 'Category', style: 'default' },
  { title: 'Brigade du Port, saison 1', type: 'ContentList', style: 'landscape' },
  { title: 'Les dernières heures en replay', type: 'ReplayLastHours', style: 'landscape' },
  { title: 'Séries en replay', type: 'ReplaySeries', style: 'default' },
  { title: 'Mes favoris', type: 'Favorites', style: 'portrait' },
] as const;

describe('home rows (spec 2 §2 Home, §5 row types and styles)', () => {
  it('a customer with product access, a favourite and a started film sees every row type, each in its style', async () => {
    // Home rows need product access (spec 2 §1: others see the landing page): the demo-access account.
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/customer/login');
    await fillLogIn(page, 'demo@playz.fr', 'playz2026');
    await page.waitForURL((url) => url.pathname === '/');

    // The customer-linked rows fill from the customer's own actions (spec 2 §7 favourites, resume).
    expect(
      (await (await page.request.get('/api/1.2/content/1006/set-favorite?is_favorite=1')).json()).Error.Number,
    ).toBe(0);
    const resume = await page.request.get('/api/1.2/content/1003/playback/status?playback_time=12');
    expect((await resume.json()).Error.Number).toBe(0);
    try {
      await checkEveryRow(page);
    } finally {
      // The demo account is shared with other journeys: leave its favourites as they were, even
      // when a check failed.
      await page.request.get('/api/1.2/content/1006/set-favorite?is_favorite=0');
    }
    await context.close();
  });
});

/** Every row type of the demo home in its style, on desktop, then the favourites on a phone. */
async function checkEveryRow(page: Page) {
  await page.reload();

  for (const row of HOME_ROWS) {
    // The billboard above the rows is a region too: only the carousels count here.
    const region = page.locator('section.carousel').and(page.getByRole('region', { name: row.title, exact: true }));
    await region.waitFor();
    expect(await region.getAttribute('class'), row.type).toContain(`carousel--${row.style}`);
    expect(await region.getByRole('link').count(), `${row.type} has cards`).toBeGreaterThan(0);
  }
  // Continue watching carries a progress bar; ContentsDownload is ignored on the web.
  const processing = page.getByRole('region', { name: 'Reprendre la lecture', exact: true });
  expect(await processing.getByRole('progressbar').count()).toBeGreaterThan(0);
  expect(await page.getByRole('region', { name: 'Téléchargements' }).count()).toBe(0);
  await screenshot(page, 'home-every-row-desktop');

  await page.setViewportSize(PHONE);
  await page.getByRole('region', { name: 'Mes favoris', exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, 'home-every-row-phone');
}
