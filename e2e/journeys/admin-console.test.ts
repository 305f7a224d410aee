import { describe, expect, inject, it } from 'vitest';
import { codeNow, createAdminAtShell, passwordStep } from '../support/console';
import { DESKTOP, useBrowser, newPage, PHONE, screenshot } from '../support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('the operator’s console: the first admin, the team, the audit log (decision 080)', () => {
  it('an admin made at the shell enrols an authenticator, adds an editor, reads the audit log and a customer’s card, on a desktop and a phone', async () => {
    const email = `console-${Date.now()}@playz.fr`;
    const password = createAdminAtShell(email, 'Ana Martin');
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);

    await passwordStep(page, email, password);
    await page.getByRole('heading', { name: 'Protégez votre compte' }).waitFor();
    await screenshot(page, 'console-enrol');
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel(/Code à 6 chiffres/).fill(codeNow(secret));
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { name: 'Bonjour Ana Martin' }).waitFor();
    await screenshot(page, 'console-home');

    await page
      .getByRole('navigation', { name: 'Sections de la console' })
      .getByRole('link', { name: 'Équipe' })
      .click();
    await page.getByRole('cell', { name: email }).waitFor();
    const form = page.getByRole('form', { name: 'Ajouter un membre' });
    await form.getByLabel('E-mail').fill(`editor-${Date.now()}@playz.fr`);
    await form.getByLabel('Nom').fill('Eve Durand');
    await form.getByLabel('Éditorial').check();
    await form.getByRole('button', { name: 'Créer le compte' }).click();
    expect(((await page.getByTestId('first-password').textContent()) ?? '').length).toBeGreaterThanOrEqual(16);
    await page
      .getByRole('row', { name: /Eve Durand/ })
      .getByText('Première connexion à faire')
      .waitFor();
    await screenshot(page, 'console-staff');

    await page.getByRole('link', { name: 'Journal d’audit' }).click();
    await page
      .getByRole('row', { name: /staff\.create/ })
      .first()
      .waitFor();
    const actions = await page.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(actions).toEqual(expect.arrayContaining(['staff.create', 'staff.enrol-second-factor']));
    await screenshot(page, 'console-audit');

    // Support's view: the demo subscriber found by a part of the e-mail, the card with the money.
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByLabel(/E-mail, numéro de mobile/).fill('abonne@playz');
    await page.getByRole('button', { name: 'Chercher' }).click();
    await page.getByRole('link', { name: /abonne@playz\.fr/ }).click();
    const card = page.getByRole('article');
    await card.getByRole('region', { name: 'Abonnements' }).getByRole('listitem').first().waitFor();
    await screenshot(page, 'console-customer');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-customer-phone');
    await page.getByRole('link', { name: 'Équipe' }).click();
    await page.getByRole('cell', { name: email }).waitFor();
    await screenshot(page, 'console-staff-phone');

    // Signed out, the console asks to sign in again and its API refuses the old cookie.
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('heading', { name: 'Connexion à la console' }).waitFor();
    const after = await page.request.get('/api/admin/session');
    expect((await after.json()).Error.Number).toBe(11);
    await context.close();
  });
});
