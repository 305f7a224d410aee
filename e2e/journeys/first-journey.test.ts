import { describe, expect, inject, it } from 'vitest';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('first journey: visitor -> log in -> home rows -> film plays', () => {
  it('a visitor sees the landing page with its offers and no top menu (spec 2 §2 Landing, Layout)', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/');
    await page.getByText('La télé en direct et en replay', { exact: false }).first().waitFor();
    const offers = page.getByRole('region', { name: 'Nos offres' }).getByRole('article');
    await offers.first().waitFor();
    expect(await offers.count()).toBe(3);
    // The top menu (with its menu button) is hidden on the landing page (spec 2 §2 Layout).
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    await screenshot(page, 'landing-desktop');
    await context.close();
  });

  it('the demo subscriber logs in, sees home rows, opens a film and the video plays past 2 s', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('link', { name: 'Connexion' }).first().click();
    await page.waitForURL(/\/customer\/login/);
    await page.getByLabel('Adresse email').fill('abonne@playz.fr');
    await page.getByLabel('Mot de passe').fill('playz2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Home rows (spec 2 §2): the films row carries the demo films.
    const filmsRow = page.getByRole('region', { name: 'Films' });
    await filmsRow.waitFor();
    await screenshot(page, 'home-desktop');
    await filmsRow
      .getByRole('link', { name: /L'Été indien/ })
      .first()
      .click();
    await page.waitForURL(/\/content\/1001\//);

    const video = page.locator('video');
    await video.waitFor();
    await page.waitForFunction(
      () => {
        const v = document.querySelector('video');
        return v !== null && v.currentTime > 2;
      },
      undefined,
      { timeout: 30_000 },
    );
    const time = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(time).toBeGreaterThan(2);
    await screenshot(page, 'player-desktop');
    await context.close();
  });

  it('a wrong password shows the spec message at form level (spec 1 §8)', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await page.goto('/customer/login');
    await page.getByLabel('Adresse email').fill('abonne@playz.fr');
    await page.getByLabel('Mot de passe').fill('wrong-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Connexion impossible').waitFor();
    await screenshot(page, 'login-error-phone');
    await context.close();
  });

  it('an unknown path shows the not-found page (spec 1 §2)', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/no/such/page');
    await page.getByText('Page non trouvée').waitFor();
    await context.close();
  });
});
