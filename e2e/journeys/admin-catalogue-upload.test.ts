import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAdminAtShell, signInAndEnrol } from '../support/console';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies, fillLogIn } from '../support/customer';

// An editor puts a film online from the console (decision 094): an admin made at the shell adds an
// editor, who signs in with a second factor, uploads a few seconds of video (made with ffmpeg
// here), watches the media job's progress reach done, writes its French title and publishes it;
// the demo subscriber finds it in the web search and plays it, its French subtitles (decision 114)
// in the player's menu, and the English sound the editor added (decision 114's addendum) in its audio menu.
const baseUrl = inject('baseUrl');
const CONSOLE = { width: 1280, height: 900 };
const SUBSCRIBER = { login: 'abonne@playz.fr', password: 'playz2026' };
const browser = useBrowser();
let work: string;
let video: string;
let poster: string;
let subtitles: string;
let english: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'playz-e2e-upload-'));
  video = path.join(work, 'phare-de-kerlouan.mp4');
  // Four seconds of a test pattern with a tone: small, and enough for a few segments.
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video],
  ]);
  // The key art an editor has at hand (decision 113): a 1600x900 PNG.
  poster = path.join(work, 'affiche-kerlouan.png');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'smptebars=size=1600x900:rate=1',
    '-frames:v',
    '1',
    poster,
  ]);
  // Its French subtitles as a SubRip file from a French PC (Windows-1252, CRLF), decision 114.
  subtitles = path.join(work, 'phare-de-kerlouan.fr.srt');
  writeFileSync(subtitles, Buffer.from('1\r\n00:00:00,300 --> 00:00:03,500\r\nLe phare s\xe9veille.\r\n', 'latin1'));
  // Its English sound as a WAV file (decision 114's addendum: a second audio language).
  english = path.join(work, 'phare-de-kerlouan.en.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=660:duration=4', english]);
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
});

describe('an editor uploads, watches the job, publishes; a viewer finds and plays it (decision 094)', () => {
  it('spec console §Catalogue: upload → media job to done → French title → publish → web search → playing', async () => {
    const admin = await newPage(browser, baseUrl, CONSOLE);
    const adminEmail = `admin-cat-${Date.now()}@playz.fr`;
    await signInAndEnrol(admin.page, adminEmail, createAdminAtShell(adminEmail, 'Ana Martin'), 'Ana Martin');
    const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections de la console' });
    await nav(admin.page).getByRole('link', { name: 'Équipe' }).click();
    const form = admin.page.getByRole('form', { name: 'Ajouter un membre' });
    const editorEmail = `editor-${Date.now()}@playz.fr`;
    await form.getByLabel('E-mail').fill(editorEmail);
    await form.getByLabel('Nom').fill('Eve Durand');
    await form.getByLabel('Éditorial').check();
    await form.getByRole('button', { name: 'Créer le compte' }).click();
    const firstPassword = ((await admin.page.getByTestId('first-password').textContent()) ?? '').trim();
    await admin.context.close();

    const editor = await newPage(browser, baseUrl, CONSOLE);
    const page = editor.page;
    await signInAndEnrol(page, editorEmail, firstPassword, 'Eve Durand');
    await nav(page).getByRole('link', { name: 'Catalogue' }).click();
    await page.getByLabel('Fichier vidéo').setInputFiles(video);
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await page.getByText('phare-de-kerlouan.mp4 est arrivé : la préparation commence.').waitFor({ timeout: 30_000 });
    // The job's progress, polled by the page, reaches done without a reload.
    const row = page.getByRole('row', { name: /phare-de-kerlouan\.mp4/ });
    await row.waitFor();
    await screenshot(page, 'console-catalogue-upload-1280');
    await row.getByText('Prêt', { exact: true }).waitFor({ timeout: 120_000 });
    expect(await row.getByRole('progressbar').getAttribute('value')).toBe('100');
    await screenshot(page, 'console-catalogue-done-1280');

    // The French title, then Publish.
    await row.getByRole('link', { name: 'phare-de-kerlouan.mp4' }).click();
    const title = 'Le Phare de Kerlouan';
    await page.getByRole('textbox', { name: 'Titre (Français)' }).fill(title);
    await page.getByRole('textbox', { name: 'Résumé (Français)' }).fill('Un gardien de phare face à la tempête.');
    await page.getByRole('textbox', { name: 'Titre (Anglais)' }).fill('The Kerlouan Lighthouse');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Enregistré.').waitFor();
    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    await page.getByText('Publié : visible dans le catalogue et la recherche.').waitFor();
    await screenshot(page, 'console-catalogue-content-1280');
    // Its poster from the browser (decision 113): previewed, sent, made into the apps' sizes.
    await page.getByLabel('Affiche', { exact: true }).setInputFiles(poster);
    await page.getByRole('button', { name: 'Envoyer l’affiche' }).click();
    await page.getByText('Image enregistrée : les spectateurs la voient maintenant.').waitFor({ timeout: 30_000 });
    const artwork = page.getByRole('region', { name: 'Visuels' });
    await expect
      .poll(() => artwork.getByAltText('Aperçu').first().getAttribute('src'))
      .toMatch(/^\/media\/artwork\/content-\d+\/poster-[a-f0-9]{16}\.jpg$/);
    // The field is emptied once sent (Chromium kept the file's name beside the new picture).
    expect(await page.getByLabel('Affiche', { exact: true }).inputValue()).toBe('');
    await artwork.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-catalogue-artwork-1280');
    // Its French subtitles from the browser (decision 114): the packaging job puts them in the streams.
    const tracks = page.getByRole('region', { name: 'Sous-titres et protection' });
    // The subtitles' form by its name: the audio form beside it has a language field too.
    const subtitleForm = tracks.getByRole('form', { name: 'Ajouter des sous-titres' });
    await subtitleForm.getByLabel('Fichier de sous-titres').setInputFiles(subtitles);
    await subtitleForm.getByLabel('Langue').selectOption('fr');
    await tracks.getByRole('button', { name: 'Ajouter les sous-titres' }).click();
    await tracks.getByText('Sous-titres reçus : la préparation les ajoute aux flux.').waitFor({ timeout: 30_000 });
    const track = tracks.getByRole('row', { name: /Français/ });
    // Polled by the panel: the job's state reaches "En ligne" without a reload.
    await track.getByText('En ligne', { exact: true }).waitFor({ timeout: 60_000 });
    // Its English sound: encoded to AAC by the packaging job and added to the streams.
    const audio = tracks.getByRole('form', { name: 'Langues audio' });
    await audio.getByLabel('Fichier audio (ou vidéo dont le son est pris)').setInputFiles(english);
    await audio.getByLabel('Langue de la piste audio').selectOption('en');
    await audio.getByRole('button', { name: 'Ajouter la langue audio' }).click();
    await tracks.getByText('Piste audio reçue : la préparation l’encode en AAC et l’ajoute aux flux.').waitFor();
    const audioTrack = tracks.getByRole('row', { name: /English/ });
    await audioTrack.getByText('Langue audio', { exact: true }).waitFor();
    await audioTrack.getByText('En ligne', { exact: true }).waitFor({ timeout: 60_000 });
    await tracks.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-catalogue-tracks-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-catalogue-content-390');
    await artwork.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-catalogue-artwork-390');
    await tracks.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-catalogue-tracks-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: /Retour au catalogue/ }).click();
    await page.getByRole('row', { name: /phare-de-kerlouan\.mp4/ }).waitFor();
    await screenshot(page, 'console-catalogue-390');
    await editor.context.close();

    // The subscriber finds it in the web search and plays it.
    const viewer = await newPage(browser, baseUrl);
    await viewer.page.goto('/customer/login');
    await fillLogIn(viewer.page, SUBSCRIBER.login, SUBSCRIBER.password);
    await viewer.page.waitForURL((url) => url.pathname === '/');
    await viewer.page.goto('/search');
    await acceptCookies(viewer.page);
    await viewer.page.getByRole('searchbox', { name: 'Rechercher un programme' }).pressSequentially('kerlouan', {
      delay: 40,
    });
    const result = viewer.page.getByRole('link', { name: new RegExp(title) });
    // The catalogue version reaches every node's cache within seconds (decision 013).
    await result.waitFor({ timeout: 30_000 });
    await result.click();
    await viewer.page.waitForURL(/\/content\/\d+\//);
    const player = viewer.page.locator('video');
    await player.waitFor({ timeout: 30_000 });
    await viewer.page.waitForFunction(
      () => {
        const v = document.querySelector('video');
        return !!v && v.currentTime > 0.5;
      },
      undefined,
      { timeout: 60_000 },
    );
    await screenshot(viewer.page, 'web-uploaded-film-playing');
    // The player's subtitle menu lists the subtitles the editor sent (decision 114).
    await viewer.page.getByRole('button', { name: 'Audio et sous-titres' }).click();
    const menu = viewer.page.getByRole('menu', { name: 'Audio et sous-titres' });
    await menu.getByRole('group', { name: 'Sous-titres' }).getByRole('menuitemradio', { name: 'Français' }).waitFor();
    // And its audio menu the English sound the editor sent, beside the film's French.
    const languages = menu.getByRole('group', { name: 'Audio', exact: true });
    await languages.getByRole('menuitemradio', { name: 'English' }).waitFor();
    await languages.getByRole('menuitemradio', { name: 'Français' }).waitFor();
    await screenshot(viewer.page, 'web-uploaded-film-subtitles');
    await viewer.context.close();
    // Two sign-ins with a second factor, the media job and a playback start: about two minutes.
  }, 300_000);
});
