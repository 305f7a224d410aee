import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';
import { fillLogIn, registerByApi } from './customer';

// What the web payment journeys share (spec 3 §2 and §4, decisions 026-028): a new customer of
// their own, the cookie banner out of the way, the customer as the server sees it, and a film that
// plays in full once access is open.

export const FILM = '/content/1001/l-ete-indien';
export const PASSWORD = 'journey-pass';

/** A login nobody else uses: every journey pays as a customer of its own. */
export function freshLogin(name: string): string {
  return `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Functional cookies only: the banner leaves the screens (and no marketing tracker may fire). */
export async function closeCookieBanner(page: Page) {
  await page.getByRole('button', { name: 'Accepter uniquement les cookies fonctionnels' }).click();
}

/** GET /api/1.2/customer with the page's own session (spec 1 §7). */
export async function customerOf(page: Page) {
  const res = await page.request.get('/api/1.2/customer');
  const body = (await res.json()) as {
    Error: { Number: number };
    Response: {
      Customer: {
        login: string | null;
        hasValidSubscription: boolean;
        subscriptions: { billingType: string; productPriceID: number; status: string; expirationDate: string }[];
      };
    };
  };
  expect(body.Error.Number).toBe(0);
  return body.Response.Customer;
}

/** Every address the page went through (the return splash only shows for a moment). */
export function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/**
 * Opens the film by its address, or waits for the page already on it, and checks what the viewer
 * sees: the whole film (the stream is asked for View, not the Preview teaser) playing past 2 s,
 * with no "extract" banner and no subscribe lock.
 */
export async function expectFilmPlaysInFull(page: Page, open: () => Promise<unknown>) {
  const stream = page.waitForResponse((r) => r.url().includes('/api/1.2/content/1001/url'));
  await open();
  const answer = (await (await stream).json()) as { Response: { AdaptiveStream: { usage: string } } };
  expect(answer.Response.AdaptiveStream.usage).toBe('View');
  await page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      return video !== null && video.currentTime > 2;
    },
    undefined,
    { timeout: 30_000 },
  );
  expect(await page.getByText('Vous regardez un extrait').count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Abonnez-vous pour regarder' }).count()).toBe(0);
}

/** The billing error page of decision 028: title and the spec's 'error_billing' message. */
export async function expectBillingErrorPage(page: Page) {
  await page.waitForURL((url) => url.pathname === '/error/billing', { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Erreur de paiement' }).waitFor();
  await page.getByText("Une erreur s'est produite lors du paiement").waitFor();
}

/**
 * A new viewer signs in on the web and rents the film by card, 3-D Secure frictionless at the
 * processor's stand-in (spec 3 §4): what the console's refund journeys start from.
 */
export async function rentFilmByCard(browser: Browser, baseUrl: string, name: string) {
  const login = freshLogin(name);
  await registerByApi(baseUrl, login, PASSWORD);
  const viewer = await newPage(browser, baseUrl);
  await viewer.page.goto('/customer/login');
  await fillLogIn(viewer.page, login, PASSWORD);
  await viewer.page.waitForURL((url) => url.pathname === '/');
  await viewer.page.goto(FILM);
  await viewer.page
    .getByRole('region', { name: 'Abonnez-vous pour regarder' })
    .getByRole('link', { name: /Louer ce film/ })
    .click();
  await viewer.page.getByRole('button', { name: /Carte bancaire/ }).click();
  await viewer.page.waitForURL(/\/sandbox\/credit-card\//);
  await viewer.page.getByLabel('Numéro de carte').fill('4970100000000014');
  await viewer.page.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
  await viewer.page.getByLabel('Cryptogramme').fill('123');
  await viewer.page.getByRole('button', { name: 'Valider le paiement' }).click();
  await viewer.page.waitForURL((url) => url.pathname === '/content/1001/purchased', { timeout: 30_000 });
  return { ...viewer, login };
}
