import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { freshMobile } from '../support/mobile-lines';

// Operator billing on the web, end to end (spec 3 §2 and §4, decision 028):
// the real server and its operator gateway stand-in under /sandbox/direct-pass.
const baseUrl = inject('baseUrl');
const FILM = '/content/1001/l-ete-indien';
const browser = useBrowser();

/** Functional cookies only: the banner leaves the screens (and no marketing tracker may fire). */
async function closeCookieBanner(page: Page) {
  await page.getByRole('button', { name: 'Accepter uniquement les cookies fonctionnels' }).click();
}

/** From the landing, the weekly offer (billed by the operator) to the operator grid. */
async function chooseWeeklyOffer(page: Page) {
  const weekly = page.getByRole('article', { name: 'Playz Hebdo' });
  await weekly.getByRole('link', { name: "Je m'abonne" }).click();
  await page.waitForURL(/\/billing\/product\/1\/operator-choice/);
  await page.getByRole('list', { name: 'Opérateurs mobiles' }).waitFor();
}

/** The mobile number page, then the operator's page, where the viewer confirms. */
async function payOnOperatorPage(page: Page, msisdn: string, shot: string) {
  await page.waitForURL(/\/billing\/product\/1\/msisdn/);
  await page.getByLabel(/Numéro de mobile/).fill(msisdn);
  await screenshot(page, `billing-msisdn-${shot}`);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL(/\/sandbox\/direct-pass\/pay\//);
  await screenshot(page, `billing-operator-page-${shot}`);
  await page.getByRole('button', { name: "Valider l'achat" }).click();
}

describe('direct pass on the web: a visitor subscribes with a mobile line (decision 028)', () => {
  it('locked film → weekly offer → SFR → number → operator page → welcome with the mailbox login → the film plays', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    // A visitor opens a film: the player is locked and leads to the offers, carrying the film.
    await page.goto(FILM);
    await closeCookieBanner(page);
    await page
      .getByRole('region', { name: 'Abonnez-vous pour regarder' })
      .getByRole('link', { name: "S'abonner" })
      .click();
    await page.waitForURL((url) => url.pathname === '/service/inter' && url.searchParams.get('requested_url') === FILM);

    await chooseWeeklyOffer(page);
    expect(new URL(page.url()).searchParams.get('requested_url')).toBe(FILM);
    await page
      .getByText(/Première semaine offerte, puis 1,99\s€ par semaine/)
      .first()
      .waitFor();
    await screenshot(page, 'billing-operator-choice-desktop');

    // SFR cannot tell the line by itself: the number is asked on our page first.
    await page.getByRole('button', { name: 'SFR', exact: true }).click();
    // A line of its own: a second attempt, or any journey before, may have paid for another.
    await payOnOperatorPage(page, freshMobile(), 'desktop');

    // The return splash confirms, the server signed the visitor in on a new mailbox account.
    await page.waitForURL((url) => url.pathname === '/customer/welcome', { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('requested_url')).toBe(FILM);
    await page.getByRole('heading', { name: /Bienvenue sur Playz/ }).waitFor();
    const login = page.getByText(/abonne\.[a-z0-9]{8}@playz\.fr/).first();
    await login.waitFor();
    // The mailbox variant: its password is shown with the links to change it.
    await page.getByRole('link', { name: 'Ouvrir le webmail' }).waitFor();
    await screenshot(page, 'billing-welcome-desktop');

    await page.getByRole('link', { name: 'Accéder au service' }).click();
    await page.waitForURL((url) => url.pathname === FILM);
    await page.waitForFunction(
      () => {
        const video = document.querySelector('video');
        return video !== null && video.currentTime > 2;
      },
      undefined,
      { timeout: 30_000 },
    );
    await context.close();
  });

  it('a line the operator refuses ends on the billing error page (phone)', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await page.goto('/service/inter');
    await closeCookieBanner(page);
    await chooseWeeklyOffer(page);
    await page.getByRole('button', { name: 'Free', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-operator-choice-phone');
    await page.getByRole('button', { name: 'Free', exact: true }).click();
    await payOnOperatorPage(page, '0600000001', 'phone');

    await page.waitForURL((url) => url.pathname === '/error/billing', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Erreur de paiement' }).waitFor();
    await page.getByText("Une erreur s'est produite lors du paiement").waitFor();
    await screenshot(page, 'billing-error-phone');
    // Back to the offers, not to the operator's page.
    await page.getByRole('link', { name: 'Retour aux offres' }).click();
    await page.waitForURL((url) => url.pathname === '/service/inter');
    await context.close();
  });
});
