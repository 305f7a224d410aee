import type { Page } from 'playwright-core';

/**
 * The cookie banner sits over the page, and above dialogs, until a choice is made (spec 3 §4,
 * decision 015). It appears once the application has started: wait a moment for it rather than
 * race it; a browser that already made its choice never shows it.
 */
export async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Tout accepter' });
  const shown = await accept
    .waitFor({ state: 'visible', timeout: 1500 })
    .then(() => true)
    .catch(() => false);
  if (!shown) return;
  // A signed-in viewer's choice kept on the account can arrive just after the banner showed, and
  // take it away: a click then waits for a button that is gone (a live journey's retry, 1 Dec).
  await accept.click({ timeout: 5000 }).catch(async (error: unknown) => {
    if (await accept.isVisible()) throw error;
  });
}

/** Fills the e-mail log-in form on the page already open (/customer/login). */
export async function fillLogIn(page: Page, login: string, password: string) {
  await acceptCookies(page);
  await page.getByLabel('Adresse email').fill(login);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/**
 * A new e-mail account made through the API (spec 1 §7 POST /customer/register), for journeys
 * that change an account's password and must leave the demo accounts alone.
 */
export async function registerByApi(baseUrl: string, login: string, password: string) {
  // From an address of its own, as a browser context (support/browser.ts): registrations are
  // limited per address, and every journey's would otherwise count against the machine's.
  const address = `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const res = await fetch(`${baseUrl}/api/1.2/customer/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams({ login, password, password_confirm: password }).toString(),
  });
  const body = (await res.json()) as { Error: { Number: number } };
  if (body.Error.Number !== 0) throw new Error(`register ${login}: error ${body.Error.Number}`);
}

/**
 * The logged customer's button in the top menu (spec 1 §2 Layout), named after the current
 * profile or the customer; a visitor has a 'Connexion' link there instead.
 */
export function accountMenuButton(page: Page) {
  return page.getByRole('navigation', { name: 'Mon compte' }).locator('button[aria-haspopup="menu"]');
}
