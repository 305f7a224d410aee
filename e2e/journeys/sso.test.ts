import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { acceptCookies, accountMenuButton } from '../support/customer';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('social sign-on with a sandbox provider (spec 1 §1, §2, §4; decision 012)', () => {
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
});
