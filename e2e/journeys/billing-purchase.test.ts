import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn, registerByApi } from '../support/customer';

// A single purchase on the web, end to end (spec 3 §3 ContentPurchase, §4 purchase flow
// and access rules, decision 030): a registered customer without a subscription (as the demo
// visitor account, but new) rents one film by card on the real server and its card processor
// stand-in under /sandbox/credit-card, then only that film opens.
const baseUrl = inject('baseUrl');
const FILM = '/content/1001/l-ete-indien';
const OTHER_FILM = '/content/1002/nuit-blanche-a-lyon';
const EVENT = '/live-event/2/gala-des-etoiles';
const browser = useBrowser();

const locked = (page: Page) => page.getByRole('region', { name: 'Abonnez-vous pour regarder' });

/**
 * A new registered customer without a subscription, made for each attempt: what it rents must
 * not open the film for the shared demo accounts (other journeys), nor for a second attempt.
 */
async function logInAsNewCustomer(page: Page) {
  const login = `rent-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await registerByApi(baseUrl, login, 'journey-pass');
  await page.goto('/customer/login');
  await fillLogIn(page, login, 'journey-pass');
  await page.waitForURL((url) => url.pathname === '/');
}

async function waitUntilPlaying(page: Page) {
  await page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      return video !== null && video.currentTime > 2;
    },
    undefined,
    { timeout: 30_000 },
  );
}

describe('a film rented by card opens that film only (decision 030)', () => {
  it('locked film → "Louer ce film" → card (frictionless) → purchased page → plays; another film stays locked', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await logInAsNewCustomer(page);

    // No subscription: the film is locked, with the rental beside the subscription.
    await page.goto(FILM);
    const rent = locked(page).getByRole('link', { name: /Louer ce film 2,99\s€ · 48 h/ });
    await rent.waitFor();
    await screenshot(page, 'billing-purchase-locked-desktop');
    await rent.click();

    await page.waitForURL((url) => url.pathname === '/billing/product/10/cb-choice');
    const query = new URL(page.url()).searchParams;
    expect(query.get('product_price_id')).toBe('21');
    expect(JSON.parse(query.get('purchase_content') ?? 'null')).toEqual({
      contentType: 'Content',
      contentTypeID: 1001,
    });
    expect(query.get('requested_url')).toBe(FILM);
    // What is bought, and that it is paid once.
    await page.getByText('Location 48 h').waitFor();
    await page.getByText(/2,99\s€, à regarder pendant 48 h/).waitFor();
    await page.getByText("L'Été indien").waitFor();
    await page.getByText('Paiement unique, sans abonnement ni renouvellement.').waitFor();
    await screenshot(page, 'billing-purchase-cb-choice-desktop');

    await page.getByRole('button', { name: /Carte bancaire/ }).click();
    await page.waitForURL(/\/sandbox\/credit-card\//);
    await page.getByText(/2,99/).first().waitFor();
    await page.getByLabel('Numéro de carte').fill('4970100000000014');
    await page.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
    await page.getByLabel('Cryptogramme').fill('123');
    await page.getByRole('button', { name: 'Valider le paiement' }).click();

    // Frictionless: straight back to the return splash, then the purchased page.
    await page.waitForURL((url) => url.pathname === '/content/1001/purchased', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Achat confirmé' }).waitFor();
    await page.getByText("L'Été indien").waitFor();
    await page.getByText(/Votre ticket :/).waitFor();
    await screenshot(page, 'billing-purchase-purchased-desktop');

    await page.getByRole('link', { name: 'Regarder' }).click();
    await page.waitForURL((url) => url.pathname === FILM);
    await waitUntilPlaying(page);
    expect(await locked(page).count()).toBe(0);

    // The rental opens that film, not the catalogue.
    await page.goto(OTHER_FILM);
    await locked(page).waitFor({ timeout: 30_000 });
    await locked(page)
      .getByRole('link', { name: /Louer ce film/ })
      .waitFor();

    // My account lists the purchase with its ticket and end date.
    await page.goto('/customer/account');
    await page.getByRole('heading', { name: 'Mes achats' }).waitFor();
    await page
      .getByText(/Ticket n° /)
      .first()
      .waitFor();
    await page
      .getByText(/^Jusqu'au /)
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Mes achats' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-purchase-account-desktop');
    await context.close();
  });

  it('a locked live event offers its pass; the locked film and the purchase choice fit a phone', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await logInAsNewCustomer(page);
    await page.goto(EVENT);
    const pass = locked(page).getByRole('link', { name: /Pass 4,99\s€/ });
    await pass.waitFor({ timeout: 30_000 });
    await screenshot(page, 'billing-purchase-event-locked-phone');
    await pass.click();
    await page.waitForURL((url) => url.pathname === '/billing/product/11/cb-choice');
    expect(JSON.parse(new URL(page.url()).searchParams.get('purchase_content') ?? 'null')).toEqual({
      contentType: 'LiveEvent',
      contentTypeID: 2,
    });
    await page.getByText('Pass événement').waitFor();
    await page.getByText(/^4,99\s€$/).waitFor();
    await page.getByRole('button', { name: /Carte bancaire/ }).waitFor();
    await screenshot(page, 'billing-purchase-cb-choice-phone');

    await page.goto(OTHER_FILM);
    await locked(page)
      .getByRole('link', { name: /Louer ce film/ })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'billing-purchase-locked-phone');
    await context.close();
  });
});
