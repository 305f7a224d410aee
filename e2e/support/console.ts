import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { base32Decode, hotp, totpStep } from '../../apps/server/src/modules/staff/totp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The operator at a shell: `npm run staff -- create-admin` against this run's database (decision
 * 080). Returns the password the command shows once.
 */
export function createAdminAtShell(email: string, name: string): string {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/staff.ts', 'create-admin', email, name],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '', NODE_ENV: 'production', PLAYZ_DEMO: '1' },
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr).toBe(0);
  const password = /shown once\): (\S+)/.exec(run.stdout)?.[1];
  expect(password, run.stdout).toBeTruthy();
  return password!;
}

/** What the member's authenticator app shows now for the key the console gave. */
export const codeNow = (secret: string) => hotp(base32Decode(secret), totpStep(Date.now()));

/** The console's first step: e-mail and password. */
export async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/admin/');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Continuer' }).click();
}

/** Password, then the authenticator enrolled with the key the console shows, then its code. */
export async function signInAndEnrol(page: Page, email: string, password: string, name: string) {
  await passwordStep(page, email, password);
  await page.getByRole('heading', { name: 'Protégez votre compte' }).waitFor();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel(/Code à 6 chiffres/).fill(codeNow(secret));
  await page.getByRole('button', { name: 'Valider' }).click();
  await page.getByRole('heading', { name: `Bonjour ${name}` }).waitFor();
}

/** The console's section links (the shell's navigation). */
export const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Sections de la console' });

export type StaffRoleLabel = 'Support' | 'Finance' | 'Éditorial' | 'Administration';

/**
 * An admin adds a member on the Team page (decision 080) and reads the first password the console
 * shows once; the member then signs in with `signInAndEnrol`.
 */
export async function addMember(
  admin: Page,
  role: StaffRoleLabel,
  name: string,
): Promise<{ email: string; password: string }> {
  await consoleNav(admin).getByRole('link', { name: 'Équipe' }).click();
  const form = admin.getByRole('form', { name: 'Ajouter un membre' });
  const email = `${role
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@playz.fr`;
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Nom').fill(name);
  await form.getByLabel(role).check();
  await form.getByRole('button', { name: 'Créer le compte' }).click();
  const password = ((await admin.getByTestId('first-password').textContent()) ?? '').trim();
  expect(password.length).toBeGreaterThanOrEqual(16);
  return { email, password };
}

/** Support's look-up (spec: customers by e-mail, phone or billing id): the customer's card opened. */
export async function openCustomerCard(page: Page, login: string) {
  await consoleNav(page).getByRole('link', { name: 'Clients' }).click();
  await page.getByLabel(/E-mail, numéro de mobile/).fill(login);
  await page.getByRole('button', { name: 'Chercher' }).click();
  await page.getByRole('link', { name: new RegExp(login.replace(/[.]/g, '\\.')) }).click();
  const card = page.getByRole('article');
  await card.getByRole('group', { name: 'Actions sur le compte' }).waitFor();
  return card;
}
