import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createAdminAtShell, signInAndEnrol } from '../support/console';
import { launchBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies } from '../support/customer';

// An editor makes a series from the console (decision 105): its title, a season, a demo film as
// its first episode, then publishes it; a visitor finds it on the web's Series page and sees the
// episode in its season. The editor then takes the episode out and unpublishes the series, so the
// film is the film the other journeys of the group know.
const baseUrl = inject('baseUrl');
const CONSOLE = { width: 1280, height: 900 };
const FILM = 'Marée haute';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('an editor makes and publishes a series; a visitor sees it on the web (decision 105)', () => {
  it('spec 2 §2 Series: console series → season → episode → publish → web Series page and its season', async () => {
    const editor = await newPage(browser, baseUrl, CONSOLE);
    const page = editor.page;
    const email = `admin-series-${Date.now()}@playz.fr`;
    await signInAndEnrol(page, email, createAdminAtShell(email, 'Ana Martin'), 'Ana Martin');
    await page
      .getByRole('navigation', { name: 'Sections de la console' })
      .getByRole('link', { name: 'Séries' })
      .click();
    const title = `Les Gardiens de la marée ${Date.now() % 100_000}`;
    await page.getByLabel('Titre en français de la nouvelle série').fill(title);
    await page.getByRole('button', { name: 'Créer la série' }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('textbox', { name: 'Titre (Anglais)' }).fill('The Tide Keepers');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Série enregistrée.').waitFor();
    await page.getByRole('button', { name: 'Ajouter une saison' }).click();
    const season = page.getByRole('region', { name: 'Saison 1' });
    await season.waitFor();
    const find = season.getByRole('search');
    await find.getByRole('searchbox').fill('maree haute');
    await find.getByRole('button', { name: 'Chercher' }).click();
    await season.getByRole('button', { name: `Ajouter ${FILM}`, exact: true }).click();
    await page.getByText(`${FILM} est le dernier épisode de la saison 1.`).waitFor();
    await page.getByRole('button', { name: 'Publier la série' }).click();
    await page.getByText('La série est publiée : les applications la montrent.').waitFor();
    await screenshot(page, 'console-series-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-series-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize(CONSOLE);

    // A visitor on the web: the Series page lists it at once, its page shows the episode.
    const viewer = await newPage(browser, baseUrl);
    await viewer.page.goto('/series');
    await acceptCookies(viewer.page);
    const tile = viewer.page.getByRole('link', { name: title });
    await tile.waitFor({ timeout: 15_000 });
    await tile.click();
    await viewer.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await viewer.page
      .getByRole('tabpanel')
      .getByRole('link', { name: new RegExp(FILM) })
      .waitFor();
    await screenshot(viewer.page, 'web-console-series');
    await viewer.context.close();

    // Back as it was: the film leaves the season, the series leaves the apps.
    await page.getByRole('button', { name: `Retirer ${FILM} de la saison` }).click();
    await page.getByText(`${FILM} a quitté la saison.`).waitFor();
    await page.getByRole('button', { name: 'Dépublier la série' }).click();
    await page.getByText('La série est dépubliée : elle a quitté les applications.').waitFor();
    await editor.context.close();
  }, 180_000);
});
