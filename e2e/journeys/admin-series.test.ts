import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminAtShell, signInAndEnrol } from '../support/console';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies } from '../support/customer';

// An editor makes a series from the console (decision 105): its title, a season, a demo film as
// its first episode, then publishes it; a visitor finds it on the web's Series page and sees the
// episode in its season. The editor then takes the episode out and unpublishes the series, so the
// film is the film the other journeys of the group know. In between, the editor gives the series
// its own poster and backdrop from the browser (decision 115) and the visitor sees them.
const baseUrl = inject('baseUrl');
const CONSOLE = { width: 1280, height: 900 };
const TV_SCREEN = { width: 1920, height: 1080 };
const FILM = 'Marée haute';
const browser = useBrowser();
let work: string;
/** The studio's key art at hand: a 16:9 poster and a backdrop, made by ffmpeg as PNG files. */
const art: Record<'poster' | 'backdrop', string> = { poster: '', backdrop: '' };

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'playz-e2e-series-'));
  for (const [kind, source] of [
    ['poster', 'smptebars=size=1600x900:rate=1'],
    ['backdrop', 'testsrc2=size=1920x1080:rate=1'],
  ] as const) {
    art[kind] = path.join(work, `gardiens-${kind}.png`);
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', '1', art[kind]]);
  }
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
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

    // Its own artwork (decision 115): a poster, then a backdrop, each shown once the server made it.
    const artwork = page.getByRole('region', { name: 'Visuels' });
    const sent: Record<string, string> = {};
    for (const [kind, label, button] of [
      ['poster', 'Affiche', 'Envoyer l’affiche'],
      ['backdrop', 'Image de fond', 'Envoyer l’image de fond'],
    ] as const) {
      const field = artwork.locator('.artwork-input', { has: page.getByLabel(label, { exact: true }) });
      await field.getByLabel(label, { exact: true }).setInputFiles(art[kind]);
      await field.getByRole('button', { name: button }).click();
      // ffmpeg makes the apps' sizes inside the request: seconds on a loaded machine.
      await field.getByText('Image enregistrée : les spectateurs la voient maintenant.').waitFor({ timeout: 30_000 });
      expect(await field.getByAltText('Aperçu').getAttribute('src')).toMatch(
        new RegExp(`^/media/artwork/series-\\d+/${kind}-[a-f0-9]{16}\\.jpg$`),
      );
      sent[kind] = (await field.getByAltText('Aperçu').getAttribute('src'))!;
    }
    await artwork.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-series-artwork-1280');
    await page.setViewportSize(PHONE);
    await artwork.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-series-artwork-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
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
    // The series page shows the backdrop the editor sent (the picture viewers see behind its title).
    expect(await viewer.page.locator('.series-hero__backdrop').getAttribute('src')).toBe(sent.backdrop);
    await screenshot(viewer.page, 'web-console-series');
    await viewer.page.setViewportSize(PHONE);
    await screenshot(viewer.page, 'web-console-series-390');
    expect(
      await viewer.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await viewer.context.close();

    // The TV's series screen (spec 2 §2 /tv/series/{id}) at 1920x1080 shows the same backdrop.
    const seriesId = /\/admin\/series\/(\d+)/.exec(page.url())![1];
    const tv = await newPage(browser, baseUrl, TV_SCREEN);
    await tv.page.goto(`/tv/series/${seriesId}`);
    await tv.page.getByRole('heading', { name: title }).waitFor();
    expect(await tv.page.locator('.detail-hero__art').getAttribute('src')).toBe(sent.backdrop);
    await tv.page.waitForLoadState('networkidle');
    // A visitor's TV asks about cookies first (spec 3 §4); answered as a pointer remote does.
    const consent = tv.page.getByRole('dialog', { name: 'Consentement aux cookies' });
    if (await consent.isVisible()) {
      await consent.getByRole('button', { name: 'Tout accepter' }).click();
      await consent.waitFor({ state: 'hidden' });
    }
    await screenshot(tv.page, 'tv-console-series-1920');
    await tv.context.close();

    // Back as it was: the film leaves the season, the series leaves the apps.
    await page.getByRole('button', { name: `Retirer ${FILM} de la saison` }).click();
    await page.getByText(`${FILM} a quitté la saison.`).waitFor();
    await page.getByRole('button', { name: 'Dépublier la série' }).click();
    await page.getByText('La série est dépubliée : elle a quitté les applications.').waitFor();
    await editor.context.close();
  }, 180_000);
});
