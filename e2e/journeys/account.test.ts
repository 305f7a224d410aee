import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The cookie banner sits over the bottom of the page until a choice is made (spec 3 §4). */
async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Tout accepter' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

async function logIn(page: Page, login: string, password: string) {
  await page.goto('/customer/login');
  await acceptCookies(page);
  await page.getByLabel('Adresse email').fill(login);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('account journey (spec 1 §2, §4, §8)', () => {
  const password = 'journey-pass';
  const newPassword = 'journey-pass-2';
  // The account's login, made at each attempt of the first test (a second attempt cannot register
  // the same one) and moved by the second.
  let login = '';

  it('registers a new account, sees the welcome page, edits the name, logs out and logs in again', async () => {
    login = `journey-${Date.now()}@example.com`;
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/customer/register');
    await acceptCookies(page);
    await page.getByLabel('Adresse email').fill(login);
    await page.getByLabel(/^Mot de passe/).fill(password);
    await page.getByLabel(/^Confirmation du mot de passe/).fill(password);
    await page.getByLabel(/J'accepte de recevoir/).check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    // Registration success: go to / (spec 1 §4), logged in: without a subscription that is the
    // landing page, whose header names the account. (The register page's own top menu shows the
    // login for a moment first: waiting for that raced the landing page on a busy machine.)
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('.landing__bar').getByRole('link', { name: login }).waitFor();

    // Welcome (spec 1 §2): greeting with the service name and the login.
    await page.goto('/customer/welcome');
    await page.getByRole('heading', { name: /Bienvenue sur Playz/ }).waitFor();
    expect(await page.getByText(login).count()).toBeGreaterThan(0);
    await screenshot(page, 'account-welcome-desktop');

    // My account -> edit name as a hash dialog (desktop), then back on the account page.
    await page.getByRole('link', { name: 'Accéder au service' }).click();
    await page.goto('/customer/account');
    await page.getByRole('link', { name: 'Modifier mon nom' }).click();
    await page.waitForURL((url) => url.hash === '#/customer/edit-name');
    const dialog = page.getByRole('dialog', { name: 'Modifier mon nom' });
    await dialog.getByLabel(/^Prénom/).fill('Jeanne');
    await dialog.getByLabel(/^Nom/).fill('Voyageuse');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Jeanne Voyageuse', { exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await screenshot(page, 'account-desktop');

    // Edit password (decision 032): the current password is asked for, a wrong one is refused under it.
    await page.getByRole('link', { name: 'Modifier mon mot de passe' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Modifier mon mot de passe' });
    await passwordDialog.getByLabel(/^Mot de passe actuel/).fill('pas-le-bon');
    await passwordDialog.getByLabel(/^Nouveau mot de passe/).fill(newPassword);
    await passwordDialog.getByLabel(/^Confirmation du mot de passe/).fill(newPassword);
    await passwordDialog.getByRole('button', { name: 'Confirmer' }).click();
    await passwordDialog.getByText("Le mode passe n'est pas valide").waitFor();
    await screenshot(page, 'account-edit-password-desktop');
    await passwordDialog.getByLabel(/^Mot de passe actuel/).fill(password);
    await passwordDialog.getByRole('button', { name: 'Confirmer' }).click();
    await passwordDialog.waitFor({ state: 'detached' });
    await page.getByText('Votre mot de passe a été modifié').waitFor();

    // Log out with confirm (spec 1 §4): home, logged out.
    await page.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Déconnexion' }).click();
    await page.getByRole('dialog', { name: 'Se déconnecter ?' }).getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Connexion' }).first().waitFor();

    // Log in again with the new password: the new name is kept.
    await logIn(page, login, newPassword);
    await page.goto('/customer/account');
    await page.getByText('Jeanne Voyageuse', { exact: true }).waitFor();
    await context.close();
  });

  it('changes the login on a phone with the current password (decision 032)', async () => {
    const newLogin = `journey-moved-${Date.now()}@example.com`;
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await logIn(page, login, newPassword);
    await page.goto('/customer/edit-login');
    const form = page.getByRole('region', { name: 'Modifier mon identifiant' });
    await form.getByLabel(/^Nouvelle adresse email/).fill(newLogin);
    await form.getByRole('button', { name: 'Confirmer' }).click();
    await form.getByText('Veuillez saisir votre mot de passe').waitFor();
    await screenshot(page, 'account-edit-login-phone');
    await form.getByLabel(/^Mot de passe actuel/).fill(newPassword);
    await form.getByRole('button', { name: 'Confirmer' }).click();
    await page.waitForURL((url) => url.pathname === '/customer/account');
    login = newLogin;
    await page.getByText(newLogin).first().waitFor();
    await context.close();
  });

  it('refuses to register the same e-mail twice, under the login field (spec 1 §8, error 12)', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await page.goto('/customer/register');
    await acceptCookies(page);
    await page.getByLabel('Adresse email').fill('abonne@playz.fr');
    await page.getByLabel(/^Mot de passe/).fill(password);
    await page.getByLabel(/^Confirmation du mot de passe/).fill(password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Cette adresse email est déjà enregistrée').waitFor();
    await screenshot(page, 'account-register-exists-phone');
    await context.close();
  });

  it('shows Dutch messages on the login form once the language is Dutch (spec 1 §1, §5)', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/customer/login');
    await acceptCookies(page);
    await page.getByLabel('Langue').selectOption('nl');
    await page.getByRole('heading', { name: 'Inloggen' }).waitFor();
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByText('Vul je e-mailadres in').waitFor();
    await page.getByLabel('E-mailadres').fill('abonne@playz.fr');
    await page.getByLabel('Wachtwoord').fill('not-the-password');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByRole('alert').getByText('Inloggen mislukt').waitFor();
    await screenshot(page, 'account-login-dutch');
    await context.close();
  });
});
