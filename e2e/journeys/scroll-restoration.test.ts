import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn } from '../support/customer';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe("the scroll over back and forward (decision 132: the web's own scroll restoration)", () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('%s: a new page opens at its top, back brings the home rows back where they were', async (name, size) => {
    // Home rows need product access (spec 2 §1): the demo-access account.
    const { context, page } = await newPage(browser, baseUrl, size);
    await page.goto('/customer/login');
    await fillLogIn(page, 'demo@playz.fr', 'playz2026');
    await page.waitForURL((url) => url.pathname === '/');

    // The Comédie row (the sixth, below the fold) and its title's link to the category.
    const row = page.locator('section.carousel').and(page.getByRole('region', { name: 'Comédie', exact: true }));
    const link = row.getByRole('link', { name: 'Comédie', exact: true });
    await link.scrollIntoViewIfNeeded();
    const atRow = await scrollY(page);
    expect(atRow).toBeGreaterThan(100);
    await screenshot(page, `scroll-${name}-1-home-scrolled`);

    await link.click();
    await page.waitForURL((url) => url.pathname === '/category/1');
    await page.getByRole('heading', { level: 1, name: 'Comédie', exact: true }).waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    await screenshot(page, `scroll-${name}-2-category-top`);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await row.waitFor();
    await expect.poll(() => scrollY(page)).toBe(atRow);
    await screenshot(page, `scroll-${name}-3-home-back`);

    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/category/1');
    await expect.poll(() => scrollY(page)).toBe(0);
    await context.close();
  });
});
