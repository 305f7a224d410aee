import { describe, expect, inject, it } from 'vitest';
import { useBrowser, newPage, screenshot } from '../support/browser';
import { acceptCookies, accountMenuButton, fillLogIn, registerByApi } from '../support/customer';
import { linkIn, waitForMail } from '../support/outbox';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();

describe('forgot password by the mailed link (spec 1 §2, §4, §7; decision 011)', () => {
  // A new account: the demo accounts keep their password for the other journeys.
  const newPassword = 'reset-journey-pass';

  it('mails a single-use link that sets a new password, then says the link has expired', async () => {
    // One per attempt: a second attempt cannot register the same login.
    const login = `forgot-${Date.now()}@example.com`;
    await registerByApi(baseUrl, login, 'first-journey-pass');
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/customer/login');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL((url) => url.pathname === '/customer/forgot-password');
    // The URL changes before the page does (its code loads on first visit): until then the log-in
    // form, with its own 'Adresse email' field, is still on screen and would take the fill. Wait
    // for the recovery form itself.
    const form = page.getByRole('region', { name: 'Mot de passe oublié' });
    await form.getByRole('button', { name: 'Envoyer' }).waitFor();
    await form.getByLabel('Adresse email').fill(login);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByRole('heading', { name: 'Message envoyé' }).waitFor();
    await page.getByText(`Un message a été envoyé à ${login}.`).waitFor();

    const mail = await waitForMail(dataDir, login);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe Playz');
    const link = linkIn(mail, '/customer/change-password');
    expect(new URL(link).searchParams.get('secret')).toMatch(/^\S{40,}$/);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' }).waitFor();
    await page.getByLabel(/^Nouveau mot de passe/).fill(newPassword);
    await page.getByLabel(/^Confirmation du mot de passe/).fill(newPassword);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Mot de passe modifié' }).waitFor();
    await screenshot(page, 'recovery-password-changed');

    // The new password logs in: the top menu has the account button, the account page the login.
    await page.goto(`/customer/login?requested_url=${encodeURIComponent('/customer/account')}`);
    await fillLogIn(page, login, newPassword);
    await page.waitForURL((url) => url.pathname === '/customer/account');
    await accountMenuButton(page).waitFor();
    await page.getByText(login, { exact: true }).first().waitFor();

    // The link served once: opening it again shows the expired page.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Le lien a expiré' }).waitFor();
    expect(await page.getByLabel(/^Nouveau mot de passe/).count()).toBe(0);
    await screenshot(page, 'recovery-link-expired');
    await context.close();
  });
});
