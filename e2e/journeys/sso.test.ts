import { createHmac } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { FACEBOOK_SANDBOX_APPS } from '@playz/provider-sandbox';
import { useBrowser, newPage, screenshot } from '../support/browser';
import { acceptCookies, accountMenuButton } from '../support/customer';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe("social sign-on with the providers' stand-ins (spec 1 §1, §2, §4; decisions 012, 078)", () => {
  it("signs in at the provider's page and comes back logged in where it started, naming the provider", async () => {
    const { context, page } = await newPage(browser, baseUrl);
    // The sign-in choice keeps the page the visitor came for (here the account page).
    await page.goto(`/customer/authentication?requested_url=${encodeURIComponent('/customer/account')}`);
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Continuer avec Google' }).click();

    // The global setup's provider sandbox (apps/provider-sandbox), a page of its own.
    await page.waitForURL((url) => url.origin !== baseUrl);
    await page.getByRole('heading', { name: /Google/ }).waitFor();
    await page.getByLabel('E-mail').fill('lea@gmail.test');
    await page.getByLabel('Password').fill('sandbox');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/customer/account');
    // The top menu has the customer's button (named after the customer or the current profile);
    // the account page shows the name the provider gave and which provider manages the log-in.
    await accountMenuButton(page).waitFor();
    await page.getByText('Léa Martin', { exact: true }).first().waitFor();
    await page.getByText(/Vous êtes connecté avec Google/).waitFor();
    expect(await page.getByRole('link', { name: 'Modifier mon mot de passe' }).count()).toBe(0);
    await screenshot(page, 'sso-account');
    await context.close();
  });

  it("spec 1 §1 Apple: the provider's page posts its answer back (form_post) and the visitor comes back logged in, named once", async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto(`/customer/authentication?requested_url=${encodeURIComponent('/customer/account')}`);
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Continuer avec Apple' }).click();

    await page.waitForURL((url) => url.origin !== baseUrl);
    await page.getByRole('heading', { name: /Apple/ }).waitFor();
    await page.getByLabel('E-mail').fill('hugo@icloud.test');
    await page.getByLabel('Password').fill('sandbox');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Apple's page posts code, state and the name to our callback, which goes on to the GET one.
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/customer/account');
    await accountMenuButton(page).waitFor();
    await page.getByText('Hugo Bernard', { exact: true }).first().waitFor();
    await page.getByText(/Vous êtes connecté avec Apple/).waitFor();
    // The address Apple gave is a relay one, named as such (decision 086).
    await page.getByText('k7x2m9qp4d@privaterelay.appleid.com', { exact: true }).waitFor();
    await page.getByText(/Adresse relais d'Apple/).waitFor();
    await screenshot(page, 'sso-apple-account');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('k7x2m9qp4d@privaterelay.appleid.com', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'sso-apple-account-phone');
    await context.close();
  });

  it("decision 086: Facebook's data-deletion request deletes the account it made and the person follows it on its status page", async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/customer/authentication');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Continuer avec Facebook' }).click();
    await page.waitForURL((url) => url.origin !== baseUrl);
    await page.getByLabel('E-mail').fill('hugo@facebook.test');
    await page.getByLabel('Password').fill('sandbox');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === baseUrl);
    await page.goto('/customer/account');
    await page.getByText(/Vous êtes connecté avec Facebook/).waitFor();

    // What Facebook posts when the person asks, from their Facebook settings, that the data go.
    const payload = Buffer.from(
      JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), user_id: 'facebook-1002' }),
    ).toString('base64url');
    const signature = createHmac('sha256', FACEBOOK_SANDBOX_APPS.playz.appSecret).update(payload).digest('base64url');
    const res = await fetch(`${baseUrl}/api/1.2/customer/sso/facebook/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: `${signature}.${payload}` }),
    });
    expect(res.status).toBe(200);
    const { url, confirmation_code: code } = (await res.json()) as { url: string; confirmation_code: string };
    expect(url).toBe(`${baseUrl}/customer/sso/deletion/${code}`);

    // The account is gone: the page, reloaded, has no customer any more.
    await page.goto(new URL(url).pathname);
    await page.getByRole('heading', { name: 'Suppression de vos données' }).waitFor();
    await page.getByText(/Votre demande transmise par Facebook le .* a été traitée/).waitFor();
    await page.getByText(code, { exact: true }).waitFor();
    expect(await accountMenuButton(page).count()).toBe(0);
    await screenshot(page, 'sso-facebook-deletion-status');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sso-facebook-deletion-status-phone');
    await context.close();
  });

  it('spec 1 §1 Facebook: a person who shares no e-mail address is told so on the log-in page', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/customer/authentication');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Continuer avec Facebook' }).click();

    await page.waitForURL((url) => url.origin !== baseUrl);
    await page.getByRole('heading', { name: /Facebook/ }).waitFor();
    await page.getByLabel('E-mail').fill('sam@facebook.test');
    await page.getByLabel('Password').fill('sandbox');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/customer/login');
    await page
      .getByRole('alert')
      .filter({ hasText: "Votre compte n'a pas partagé d'adresse email avec Playz" })
      .waitFor();
    expect(await accountMenuButton(page).count()).toBe(0);
    await screenshot(page, 'sso-facebook-no-email');
    // The message fits a phone's width too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('alert').filter({ hasText: 'Réessayez en autorisant' }).waitFor();
    await screenshot(page, 'sso-facebook-no-email-phone');
    await context.close();
  });
});
