import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn, registerByApi } from '../support/customer';

// Cross screen on the web, end to end (spec 3 §1 "a flow started from another screen",
// §7 /customer/billing/link and /status; decision 030): a TV asks for a payment link for its
// account, a phone opens it, logs in to the same account and pays by operator, and the TV's
// status turns Paid. The TV is a browser context speaking the API with its session cookie.
const baseUrl = inject('baseUrl');
/** An account that never pays: the second test's (the first makes its own). */
const LOGIN = `tv.${Date.now().toString(36)}@exemple.fr`;
const PASSWORD = 'playz2026';
const browser = useBrowser();
beforeAll(async () => {
  await registerByApi(baseUrl, LOGIN, PASSWORD);
});

interface Envelope<T> {
  Response: T;
  Error: { Number: number };
}

async function tvStatus(tv: Page, code: string): Promise<string> {
  const res = await tv.request.get(`/api/1.2/customer/billing/status?code=${encodeURIComponent(code)}`);
  const body = (await res.json()) as Envelope<{ Status: string }>;
  expect(body.Error.Number).toBe(0);
  return body.Response.Status;
}

describe('a phone pays for its TV (cross screen, decision 030)', () => {
  it('TV link → phone types the code, then opens the link → logs in → SFR → operator page → the TV is Paid', async () => {
    // An account of its own at each attempt: a second attempt's payment would be refused as
    // already subscribed.
    const LOGIN = `tv.${Date.now().toString(36)}.paid@exemple.fr`;
    await registerByApi(baseUrl, LOGIN, PASSWORD);
    // The TV: signed in to the account, it asks for a link and shows its code and QR code.
    const tv = await newPage(browser, baseUrl, DESKTOP);
    const login = await tv.page.request.post('/api/1.2/customer', { form: { login: LOGIN, password: PASSWORD } });
    expect(((await login.json()) as Envelope<unknown>).Error.Number).toBe(0);
    const made = (await (await tv.page.request.get('/api/1.2/customer/billing/link')).json()) as Envelope<{
      Link: { url: string; code: string };
    }>;
    expect(made.Error.Number).toBe(0);
    const { url, code } = made.Response.Link;
    expect(url).toMatch(/\/billing\/link\/[0-9a-f]{32}$/);
    expect(await tvStatus(tv.page, code)).toBe('Pending');

    // The phone: the code typed as read, in lower case with a space, finds the TV's account.
    const phone = await newPage(browser, baseUrl, PHONE);
    await phone.page.goto('/billing/link');
    await phone.page.getByRole('button', { name: 'Accepter uniquement les cookies fonctionnels' }).click();
    await phone.page.getByRole('heading', { name: 'Payer pour votre TV' }).waitFor();
    await phone.page.getByRole('button', { name: 'Continuer' }).click();
    await phone.page.getByText('Le code compte 8 caractères, lettres et chiffres.').waitFor();
    await phone.page
      .getByLabel(/Code affiché sur la TV/)
      .fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()}`);
    await screenshot(phone.page, 'billing-link-code-phone');
    await phone.page.getByRole('button', { name: 'Continuer' }).click();
    await phone.page.waitForURL((u) => u.pathname === `/billing/link/${code}`);
    await phone.page.getByText(/^t\*\*\*[a-z0-9]@exemple\.fr$/).waitFor();

    // The QR code's URL: log in to the TV's account, and come back to the link.
    await phone.page.goto(url);
    await phone.page.getByText(/^t\*\*\*[a-z0-9]@exemple\.fr$/).waitFor();
    await screenshot(phone.page, 'billing-link-login-phone');
    await phone.page.getByRole('link', { name: 'Me connecter' }).click();
    await phone.page.waitForURL((u) => u.pathname === '/customer/login');
    await fillLogIn(phone.page, LOGIN, PASSWORD);
    await phone.page.waitForURL((u) => u.href === url);

    // Signed in to that account: the subscription offers, leading into the operator flow.
    const weekly = phone.page.getByRole('article', { name: 'Playz Hebdo' });
    await weekly.waitFor();
    await screenshot(phone.page, 'billing-link-offers-phone');
    await weekly.getByRole('link', { name: "Je m'abonne" }).click();
    await phone.page.waitForURL(/\/billing\/product\/1\/operator-choice/);
    expect(new URL(phone.page.url()).searchParams.get('requested_url')).toBe(new URL(url).pathname);
    await phone.page.getByRole('button', { name: 'SFR', exact: true }).click();
    await phone.page.waitForURL(/\/billing\/product\/1\/msisdn/);
    await phone.page.getByLabel(/Numéro de mobile/).fill('06 98 76 54 32');
    await phone.page.getByRole('button', { name: 'Continuer' }).click();
    await phone.page.waitForURL(/\/sandbox\/direct-pass\/pay\//);
    await phone.page.getByRole('button', { name: "Valider l'achat" }).click();

    // Paid: the welcome page leads back to the link, which says the TV is ready.
    await phone.page.waitForURL((u) => u.pathname === '/customer/welcome', { timeout: 30_000 });
    await phone.page.getByRole('link', { name: 'Accéder au service' }).click();
    await phone.page.waitForURL((u) => u.href === url);
    await phone.page.getByText("C'est fait : votre TV est prête").waitFor();
    await screenshot(phone.page, 'billing-link-paid-phone');

    // The TV, polling, sees it.
    let status = '';
    for (let i = 0; i < 15 && status !== 'Paid'; i += 1) {
      status = await tvStatus(tv.page, code);
      if (status !== 'Paid') await tv.page.waitForTimeout(1000);
    }
    expect(status).toBe('Paid');

    // The same page on a desktop browser of that account (a TV is rarely next to a phone only).
    await phone.page.setViewportSize(DESKTOP);
    await phone.page.reload();
    await phone.page.getByText("C'est fait : votre TV est prête").waitFor();
    await screenshot(phone.page, 'billing-link-paid-desktop');
    await phone.context.close();
    await tv.context.close();
  });

  it('a desktop signed in to another account is told so, and sees the offers once it switches', async () => {
    // A new link: Paid only counts payments made after it, so this one is Pending.
    const tv = await newPage(browser, baseUrl, DESKTOP);
    await tv.page.request.post('/api/1.2/customer', { form: { login: LOGIN, password: PASSWORD } });
    const made = (await (await tv.page.request.get('/api/1.2/customer/billing/link')).json()) as Envelope<{
      Link: { url: string };
    }>;
    const { url } = made.Response.Link;

    const other = await newPage(browser, baseUrl, DESKTOP);
    await other.page.goto('/customer/login');
    await fillLogIn(other.page, 'visiteur@playz.fr', 'playz2026');
    await other.page.waitForURL((u) => u.pathname === '/');
    await other.page.goto(url);
    await other.page.getByText(/Vous êtes connecté avec un autre compte/).waitFor();
    await screenshot(other.page, 'billing-link-other-account-desktop');
    await other.page.getByRole('button', { name: 'Changer de compte' }).click();
    await other.page.waitForURL((u) => u.pathname === '/customer/login');
    await fillLogIn(other.page, LOGIN, PASSWORD);
    await other.page.waitForURL((u) => u.href === url);
    await other.page.getByRole('article', { name: 'Playz Mensuel' }).waitFor();
    await screenshot(other.page, 'billing-link-offers-desktop');
    await other.context.close();
    await tv.context.close();
  });
});
