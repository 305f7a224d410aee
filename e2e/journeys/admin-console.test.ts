import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { base32Decode, hotp, totpStep } from '../../apps/server/src/modules/staff/totp';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from '../support/browser';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The operator at a shell: `npm run staff -- create-admin` against this run's database (decision 080). */
function createAdminAtShell(email: string, name: string): string {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/staff.ts', 'create-admin', email, name],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', PLAYZ_DEMO: '1' },
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr).toBe(0);
  const password = /shown once\): (\S+)/.exec(run.stdout)?.[1];
  expect(password, run.stdout).toBeTruthy();
  return password!;
}

/** What the member's authenticator app shows now for the key the console gave. */
const codeNow = (secret: string) => hotp(base32Decode(secret), totpStep(Date.now()));

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Continuer' }).click();
}

describe('the operator’s console: the first admin, the team, the audit log (decision 080)', () => {
  it('an admin made at the shell enrols an authenticator, adds an editor, reads the audit log and a customer’s card, on a desktop and a phone', async () => {
    const email = `console-${Date.now()}@playz.fr`;
    const password = createAdminAtShell(email, 'Ana Martin');
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);

    await signIn(page, email, password);
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
