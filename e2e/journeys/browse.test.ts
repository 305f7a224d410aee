import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The cookie banner sits over the bottom of the page until a choice is made (spec 3 §4). */
async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Tout accepter' });
  await accept.waitFor({ timeout: 5000 }).catch(() => undefined);
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

describe('browsing: search, replay tabs, testimonials, campaign (spec 2 §2)', () => {
  it('typing "ete" in the search finds "L\'Été indien", keeps the query in the URL and opens it', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/service/infos');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Rechercher' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByRole('searchbox', { name: 'Rechercher un programme' }).pressSequentially('ete', { delay: 40 });
    const result = page.getByRole('link', { name: /L'Été indien/ });
    await result.waitFor();
    await page.getByText('1 résultat pour « ete »').waitFor();
    expect(new URL(page.url()).search).toBe('?q=ete');
    await screenshot(page, 'search-desktop');
    await result.click();
    await page.waitForURL(/\/content\/1001\//);
    await context.close();
  });

  it('replay tabs switch between the rows by channel and the rows by genre', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/replay/channels');
    await acceptCookies(page);
    await page.getByRole('region', { name: 'Playz Info' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Par chaîne' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('region', { name: 'Dernières 24 heures' }).waitFor();
    await screenshot(page, 'replay-channels-desktop');

    await page.getByRole('tab', { name: 'Par programme' }).click();
    await page.waitForURL((url) => url.pathname === '/replay/genres');
    await page.getByRole('region', { name: 'Comédie' }).waitFor();
    expect(await page.getByRole('region', { name: 'Playz Info' }).count()).toBe(0);
    await screenshot(page, 'replay-genres-desktop');

    // Arrow keys move between the tabs (tabs pattern).
    await page.getByRole('tab', { name: 'Par programme' }).press('ArrowLeft');
    await page.waitForURL((url) => url.pathname === '/replay/channels');
    await page.getByRole('region', { name: 'Playz Info' }).waitFor();
    await context.close();
  });

  it('the testimonials page, linked from the information hub, shows 20 reviews of 5 stars', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await page.goto('/service/infos');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Avis de nos abonnés' }).click();
    await page.waitForURL((url) => url.pathname === '/temoignages');
    await page.getByRole('heading', { level: 1, name: 'Ils regardent Playz' }).waitFor();
    const reviews = page.getByRole('article');
    expect(await reviews.count()).toBe(20);
    expect(await page.getByRole('article').getByRole('img', { name: 'Note : 5 sur 5' }).count()).toBe(20);
    await screenshot(page, 'testimonials-phone');
    await context.close();
  });

  it('the campaign page lists its videos and each opens the content player', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/service/csa');
    await acceptCookies(page);
    const watch = page.getByRole('link', { name: /^Regarder « / });
    await watch.first().waitFor();
    expect(await watch.count()).toBeGreaterThan(0);
    await screenshot(page, 'campaign-desktop');
    await watch.first().click();
    await page.waitForURL(/\/content\/\d+\//);
    await context.close();
  });
});
