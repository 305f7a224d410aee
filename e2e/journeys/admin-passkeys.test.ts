import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeNow, createAdminAtShell, passwordStep } from '../support/console';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';

/** The console's desktop screenshots at 1280 px, the narrowest office screen it is laid out for. */
const DESKTOP = { width: 1280, height: 800 };

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/**
 * Chromium's virtual authenticator (DevTools WebAuthn domain): a platform authenticator with user
 * verification that answers navigator.credentials by itself, as a laptop's fingerprint reader would.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

describe('staff passkeys in the console (decision 095)', () => {
  it('an admin signed in with TOTP registers a passkey in Chromium’s virtual authenticator, signs out and signs in with it', async () => {
    const email = `passkey-${Date.now()}@playz.fr`;
    const password = createAdminAtShell(email, 'Paula Key');
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    const authenticator = await addVirtualAuthenticator(page);

    await passwordStep(page, email, password);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel(/Code à 6 chiffres/).fill(codeNow(secret));
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { name: 'Bonjour Paula Key' }).waitFor();

    // Her page: the name in the header.
    await page.getByRole('link', { name: 'Paula Key' }).click();
    await page.getByRole('heading', { name: 'Ma sécurité' }).waitFor();
    await page.getByText('Aucune clé d’accès pour l’instant.').waitFor();
    await page.getByLabel('Nom de la clé').fill('Portable du bureau');
    await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
    await page.getByRole('status').getByText('La clé Portable du bureau est ajoutée.').waitFor();
    await page.getByText('Portable du bureau', { exact: true }).waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);
    await screenshot(page, 'console-security');

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('heading', { name: 'Connexion à la console' }).waitFor();

    // Password, then the passkey instead of the code.
    await passwordStep(page, email, password);
    await page.getByRole('button', { name: 'Utiliser ma clé d’accès' }).waitFor();
    await screenshot(page, 'console-sign-in-passkey');
    await page.getByRole('button', { name: 'Utiliser ma clé d’accès' }).click();
    await page.getByRole('heading', { name: 'Bonjour Paula Key' }).waitFor();
    const [credential] = await authenticator.credentials();
    expect(credential?.signCount).toBeGreaterThanOrEqual(1);

    await page.getByRole('link', { name: 'Paula Key' }).click();
    await page.getByText(/utilisée le/).waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-security-phone');

    // The audit log has the new key and the passkey sign-in.
    await page.goto('/admin/audit');
    await page
      .getByRole('row', { name: /staff\.passkey-add/ })
      .first()
      .waitFor();
    const actions = await page.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(actions).toEqual(expect.arrayContaining(['staff.passkey-add', 'staff.sign-in']));
    await context.close();
  });

  it('finance’s view of the offers: each offer’s state and the form of new terms, on a desktop and a phone (decision 099)', async () => {
    const email = `offers-${Date.now()}@playz.fr`;
    const password = createAdminAtShell(email, 'Olga Offre');
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await passwordStep(page, email, password);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel(/Code à 6 chiffres/).fill(codeNow(secret));
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { name: 'Bonjour Olga Offre' }).waitFor();
    await page.goto('/admin/offers');
    const monthly = page.getByRole('row', { name: /Playz Mensuel/ }).first();
    await monthly.getByText('En vente').waitFor();
    await monthly.getByRole('button', { name: 'Nouvelles conditions' }).click();
    const form = page.getByRole('form', { name: /Nouvelles conditions pour Playz Mensuel/ });
    await form.waitFor();
    expect(await form.getByLabel('Prix (EUR)').inputValue()).toBe('7.99');
    await screenshot(page, 'console-offers');
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-offers-form');
    await page.setViewportSize(PHONE);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-offers-phone');
    await context.close();
  });
});
