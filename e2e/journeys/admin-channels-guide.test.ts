import { describe, expect, inject, it } from 'vitest';
import { createAdminAtShell, signInAndEnrol } from '../support/console';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies, fillLogIn } from '../support/customer';

/** The console's desktop screenshots at 1280 px, the narrowest office screen it is laid out for. */
const DESKTOP = { width: 1280, height: 800 };
const HOUR = 3600_000;

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** XMLTV's time: "20261130143000 +0000". */
const xmltvTime = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

describe('channels and guide from the console (decisions 102, 103, 108)', () => {
  it('an editor reorders the channels, adds a programme on the timeline, previews and applies an XMLTV file; the viewer’s guide shows them', async () => {
    // The admin makes an editor (decision 080), who does the rest.
    const adminEmail = `guide-admin-${Date.now()}@playz.fr`;
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await signInAndEnrol(page, adminEmail, createAdminAtShell(adminEmail, 'Ada Min'), 'Ada Min');
    const editorEmail = `guide-editor-${Date.now()}@playz.fr`;
    const made = await page.evaluate(async (email) => {
      const res = await fetch('/api/admin/staff', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, name: 'Eve Grille', roles: ['editor'] }),
      });
      return (await res.json()) as { Response: { password: string } };
    }, editorEmail);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await signInAndEnrol(page, editorEmail, made.Response.password, 'Eve Grille');

    // 1. The channels: the second one moves up, with its own button.
    const sections = page.getByRole('navigation', { name: 'Sections de la console' });
    await sections.getByRole('link', { name: 'Chaînes', exact: true }).click();
    await page.getByRole('heading', { name: 'Chaînes', exact: true }).waitFor();
    const names = async () => page.locator('tbody tr td.name a').allTextContents();
    const [first, second] = await names();
    await page.getByRole('button', { name: `Monter ${second}` }).click();
    await page.getByRole('status').getByText(`${second} est maintenant à la place 1.`).waitFor();
    expect((await names()).slice(0, 2)).toEqual([second, first]);
    await screenshot(page, 'console-channels');
    const viewerOrder = async () =>
      ((await (await page.request.get('/api/1.2/channels')).json()).Response.Channels as { name: string }[]).map(
        (c) => c.name,
      );
    expect((await viewerOrder()).slice(0, 2)).toEqual([second, first]);

    // 2. Its timeline: the next programme that has not started makes room for one from the catalogue.
    await page.getByRole('link', { name: second!, exact: true }).click();
    await page.getByRole('heading', { name: `Grille de ${second}` }).waitFor();
    const channelId = Number(/channels\/(\d+)\/schedule/.exec(page.url())![1]);
    const blocks = page.getByRole('list', { name: /^Programmes du/ }).getByRole('listitem');
    await blocks.first().waitFor();
    const labels = await blocks.evaluateAll((items) => items.map((i) => i.getAttribute('aria-label') ?? ''));
    const inParis = (at: Date, parts: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hourCycle: 'h23', ...parts }).format(at);
    const soon = new Date(Date.now() + 10 * 60_000);
    const nowParis = inParis(soon, { hour: '2-digit', minute: '2-digit' });
    // Ten minutes from now is already tomorrow in Paris (after 23:50): today's times are all past.
    const soonIsTomorrow = inParis(soon, { day: 'numeric' }) !== inParis(new Date(), { day: 'numeric' });
    // The first programme starting at least ten minutes from now (Paris time, as the page shows);
    // late in the evening, the first of the next day.
    let target = soonIsTomorrow ? undefined : labels.find((l) => l.slice(0, 5) > nowParis && l.slice(0, 5) < '23:00');
    if (!target) {
      await page.getByRole('button', { name: 'Jour suivant →' }).click();
      await page
        .getByRole('list', { name: /^Programmes du/ })
        .getByRole('listitem')
        .first()
        .waitFor();
      const next = await blocks.evaluateAll((items) => items.map((i) => i.getAttribute('aria-label') ?? ''));
      target = next.find((l) => (!soonIsTomorrow || l.slice(0, 5) > nowParis) && l.slice(0, 5) < l.slice(6, 11));
    }
    expect(target, labels.join('\n')).toBeTruthy();
    const [from, to] = [target!.slice(0, 5), target!.slice(6, 11)];
    const title = target!.slice(12, target!.lastIndexOf(','));
    await page.getByRole('button', { name: `Modifier ${title} ${from}` }).click();
    await page.getByRole('button', { name: 'Retirer de la grille' }).click();
    await page.getByRole('status').getByText(`« ${title} » a été retiré.`).waitFor();
    await page.getByLabel('Chercher un contenu du catalogue').fill('aurores');
    const pick = page.getByRole('button', { name: /^Choisir / }).first();
    const picked = ((await pick.textContent()) ?? '').trim();
    await pick.click();
    const addForm = page.locator('form', { has: page.getByRole('heading', { name: 'Ajouter un programme' }) });
    await addForm.getByLabel('Début (Paris)').fill(from);
    const minutes = (Date.parse(`1970-01-01T${to}:00Z`) - Date.parse(`1970-01-01T${from}:00Z`)) / 60_000;
    await addForm.getByLabel('Durée (minutes)').fill(String(Math.max(1, Math.min(minutes, 30))));
    await addForm.getByRole('button', { name: 'Ajouter à la grille' }).click();
    await page
      .getByRole('status')
      .getByText(new RegExp(`^« .+ » : ${from}–`))
      .waitFor();
    // The day is read again after the change: wait for the new block rather than the first answer.
    const addedBlock = page
      .getByRole('list', { name: /^Programmes du/ })
      .getByRole('listitem', { name: new RegExp(`^${from}–`) });
    await addedBlock.waitFor();
    const addedLabel = (await addedBlock.getAttribute('aria-label')) ?? '';
    const addedTitle = addedLabel.slice(12, addedLabel.lastIndexOf(','));
    expect(picked).toContain(addedTitle);
    await screenshot(page, 'console-schedule');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-schedule-phone');
    await page.setViewportSize(DESKTOP);

    // 3. An XMLTV file for the same channel, eight hours ahead (after the programme added above,
    // which starts within six hours, the longest a programme lasts): previewed, then applied.
    const start = Math.ceil((Date.now() + 8 * HOUR) / HOUR) * HOUR;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<tv>
  <channel id="parcours.fr"><display-name>${second}</display-name></channel>
  <programme start="${xmltvTime(start)}" stop="${xmltvTime(start + HOUR)}" channel="parcours.fr"><title>Soirée importée</title></programme>
  <programme start="nonsense" stop="${xmltvTime(start + 2 * HOUR)}" channel="parcours.fr"><title>Heure fausse</title></programme>
</tv>
`;
    await sections.getByRole('link', { name: 'Chaînes', exact: true }).click();
    await page.getByRole('link', { name: 'Importer XMLTV ou M3U' }).click();
    await page.getByRole('heading', { name: 'Importer une grille ou une liste de chaînes' }).waitFor();
    await page
      .getByLabel('Fichier XMLTV (.xml) ou M3U (.m3u)')
      .setInputFiles({ name: 'soiree.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
    await page.getByRole('button', { name: 'Prévisualiser' }).click();
    await page.getByText('début illisible').waitFor();
    await page.getByRole('cell', { name: second!, exact: true }).first().waitFor();
    await screenshot(page, 'console-guide-import');
    await page.getByRole('button', { name: 'Appliquer l’import' }).click();
    await page.getByText(/^Import appliqué : 1 programmes/).waitFor();

    // 4. The viewer's guide of that channel shows both.
    const viewer = await context.browser()!.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'fr-FR' });
    const watch = await viewer.newPage();
    await watch.goto('/customer/login');
    await fillLogIn(watch, 'abonne@playz.fr', 'playz2026');
    await watch.waitForURL((url) => !url.pathname.startsWith('/customer/login'));
    await acceptCookies(watch);
    await watch.goto(`/channel/${channelId}`);
    const guide = watch.locator('[data-testid="guide-entry"]');
    await guide.filter({ hasText: 'Soirée importée' }).first().waitFor();
    await guide.filter({ hasText: addedTitle }).first().waitFor();
    await screenshot(watch, 'viewer-guide-after-console');
    await viewer.close();

    // The live events page, looked at on a desktop and a phone (decision 108).
    await sections.getByRole('link', { name: 'Événements', exact: true }).click();
    await page.getByRole('heading', { name: 'Événements en direct' }).waitFor();
    await page
      .getByRole('button', { name: /^Modifier / })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Nouvel événement' }).click();
    await page.getByLabel('Nom (Français)').waitFor();
    await screenshot(page, 'console-live-events');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-live-events-phone');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways).toBe(false);
    await context.close();
  });
});
