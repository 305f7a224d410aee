import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn, registerByApi } from '../support/customer';
import {
  closeCookieBanner,
  customerOf,
  expectBillingErrorPage,
  expectFilmPlaysInFull,
  FILM,
  freshLogin,
  PASSWORD,
  recordNavigations,
} from '../support/payment';

// Credit card on the web, end to end (decisions 026 and 028): spec 3 §1 (CB), §2 (/service/inter,
// cb-choice, /billing/return/{billing_id}, /customer/welcome, the billing error page), §4
// "Subscription flow (web)" steps 2 and 3 (the hidden form posted to the 3-D Secure page, the
// confirmation on return), §5 (card number, expiry MM/YY, 3-digit code) and §8 ('error_billing').
// The processor is the Lyra-protocol stand-in under /sandbox/credit-card (decisions 026 and 028).
const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The monthly offer of the landing (Playz Mensuel, card): a visitor is asked to log in first. */
async function chooseMonthlyOffer(page: Page) {
  const monthly = page.getByRole('article', { name: 'Playz Mensuel' });
  await monthly.getByRole('link', { name: "Je m'abonne" }).click();
  await page.waitForURL((url) => url.pathname === '/customer/login');
  expect(new URL(page.url()).searchParams.get('requested_url')).toBe(
    '/billing/product/1/cb-choice?product_price_id=11',
  );
}

/** The payment choice (cb-choice) of the monthly offer, with its price text, then the card. */
async function payByCard(page: Page, shot: string) {
  await page.waitForURL((url) => url.pathname === '/billing/product/1/cb-choice');
  await page.getByRole('heading', { name: 'Choisissez votre moyen de paiement' }).waitFor();
  await page.getByText('Playz Mensuel', { exact: true }).waitFor();
  await page.getByText(/Premier mois offert, puis 7,99\s€ par mois/).waitFor();
  const card = page.getByRole('button', { name: /Carte bancaire/ });
  await card.waitFor();
  await page.getByRole('button', { name: /PayPal/ }).waitFor();
  await screenshot(page, `billing-card-choice-${shot}`);
  await card.click();
  // The hidden form is posted to the processor's hosted page (spec 3 §4 step 2).
  await page.waitForURL(/\/sandbox\/credit-card\/vads-payment\/page\//, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Playz Mensuel' }).waitFor();
}

/** The hosted card form (spec 3 §5: number, expiry MM/YY, 3-digit code). */
async function fillCard(page: Page, number: string) {
  await page.getByLabel('Numéro de carte').fill(number);
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/39');
  await page.getByLabel('Cryptogramme').fill('123');
}

describe('credit card on the web: a new customer subscribes to the monthly offer (spec 3 §2, §4, §5, §8)', () => {
  it('landing → monthly offer → new account → Carte bancaire → card page → 3-D Secure → return → welcome → a film plays', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const visited = recordNavigations(page);
    const login = freshLogin('card');
    await page.goto('/service/inter');
    await closeCookieBanner(page);
    await page.getByRole('article', { name: 'Playz Mensuel' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-card-landing-desktop');
    await chooseMonthlyOffer(page);

    // A new customer: "Créer un compte" from the log-in page, and back to the payment choice.
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.waitForURL((url) => url.pathname === '/customer/register');
    // The URL changes before the lazily loaded form replaces the log-in form: wait for it.
    await page.getByRole('button', { name: 'Créer mon compte' }).waitFor();
    await page.getByLabel('Adresse email').fill(login);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await payByCard(page, 'desktop');

    // The first month is free: the card is registered (REGISTER), nothing is charged today; our
    // billing job charges the renewals on that card (decision 026), after the terms shown on
    // the payment choice.
    await page.getByText('Enregistrement de votre carte : aucun débit aujourd’hui').waitFor();
    await fillCard(page, '4970100000000003');
    await screenshot(page, 'billing-card-hosted-page-desktop');
    await page.getByRole('button', { name: 'Valider le paiement' }).click();

    // The bank's 3-D Secure challenge, for the card ending in 0003.
    await page.waitForURL(/\/3ds$/);
    await page.getByRole('heading', { name: 'Authentification de votre paiement' }).waitFor();
    await page.getByText('carte •••• 0003').waitFor();
    await page.getByLabel('Code reçu par SMS').fill('123456');
    await screenshot(page, 'billing-card-3ds-desktop');
    await page.getByRole('button', { name: 'Valider', exact: true }).click();

    // Back on Playz: the return splash confirms, then the welcome page replaces it.
    await page.waitForURL((url) => url.pathname === '/customer/welcome', { timeout: 30_000 });
    expect(visited.some((url) => /\/billing\/return\/[0-9a-f]{24}(\?|$)/.test(new URL(url).pathname))).toBe(true);
    await page.getByRole('heading', { name: /Bienvenue sur Playz/ }).waitFor();
    await page.getByText('Votre abonnement est activé. Bon visionnage !').waitFor();
    await page.getByText(login).first().waitFor();
    // An e-mail account: no mailbox password is shown.
    expect(await page.getByRole('link', { name: 'Ouvrir le webmail' }).count()).toBe(0);
    await screenshot(page, 'billing-card-welcome-desktop');

    const me = await customerOf(page);
    expect(me.hasValidSubscription).toBe(true);
    expect(me.subscriptions).toHaveLength(1);
    expect(me.subscriptions[0]).toMatchObject({ billingType: 'CreditCard', productPriceID: 11 });

    // No film was asked for: "Accéder au service" goes home, where the film now plays in full.
    await page.getByRole('link', { name: 'Accéder au service' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectFilmPlaysInFull(page, () => page.goto(FILM));
    await screenshot(page, 'billing-card-film-desktop');
    await context.close();
  });

  it('a card the bank refuses ends on the billing error page, without a subscription (phone)', async () => {
    const login = freshLogin('card-refused');
    await registerByApi(baseUrl, login, PASSWORD);
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await page.goto('/service/inter');
    await closeCookieBanner(page);
    await chooseMonthlyOffer(page);
    await fillLogIn(page, login, PASSWORD);
    await payByCard(page, 'phone');
    await fillCard(page, '4970100000000007');
    await screenshot(page, 'billing-card-hosted-page-phone');
    await page.getByRole('button', { name: 'Valider le paiement' }).click();

    await expectBillingErrorPage(page);
    await screenshot(page, 'billing-card-refused-phone');
    const me = await customerOf(page);
    expect(me.hasValidSubscription).toBe(false);
    expect(me.subscriptions).toEqual([]);
    // The way out is the offers, not the processor's page.
    await page.getByRole('link', { name: 'Retour aux offres' }).click();
    await page.waitForURL((url) => url.pathname === '/service/inter');
    await context.close();
  });

  it('leaving the card page ("Annuler et retourner à la boutique") ends on the billing error page, no subscription', async () => {
    const login = freshLogin('card-abandon');
    await registerByApi(baseUrl, login, PASSWORD);
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/service/inter');
    await closeCookieBanner(page);
    await chooseMonthlyOffer(page);
    await fillLogIn(page, login, PASSWORD);
    await payByCard(page, 'abandon-desktop');
    await page.getByRole('button', { name: 'Annuler et retourner à la boutique' }).click();

    // Decision 028: an Abandoned billing replaces the return by the billing error page.
    await expectBillingErrorPage(page);
    await screenshot(page, 'billing-card-abandoned-desktop');
    const me = await customerOf(page);
    expect(me.hasValidSubscription).toBe(false);
    expect(me.subscriptions).toEqual([]);
    // The film stays closed: the player offers the subscription (a lock or an extract), not the film.
    await page.goto(FILM);
    await page
      .getByRole('region', { name: 'Abonnez-vous pour regarder' })
      .or(page.getByText('Vous regardez un extrait'))
      .waitFor();
    await context.close();
  });
});
