import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, useBrowser, newPage, PHONE, screenshot } from '../support/browser';
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

// PayPal on the web, end to end (decisions 027 and 028): spec 3 §1 (PayPal), §2 (locked players →
// /service/inter?requested_url, cb-choice, /billing/return/{billing_id}, /customer/welcome and its
// access button, the billing error page), §4 "Subscription flow (web)" step 3 and §7
// GET /billing/paypal/confirm; decisions 027 (the approval page, the 302 back from the confirm
// call) and 028. PayPal is the Billing Subscriptions stand-in under /sandbox/paypal.
const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A new customer who has never paid, logged in on a new browser. */
async function newCustomerPage(name: string, viewport: typeof DESKTOP) {
  const login = freshLogin(name);
  await registerByApi(baseUrl, login, PASSWORD);
  const { context, page } = await newPage(browser, baseUrl, viewport);
  await page.goto('/customer/login');
  await closeCookieBanner(page);
  await fillLogIn(page, login, PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  return { context, page, login };
}

/** From the landing, an offer's "Je m'abonne" to its payment choice, then PayPal. */
async function payWithPaypal(page: Page, offer: string, price: RegExp, shot: string) {
  await page.getByRole('article', { name: offer }).getByRole('link', { name: "Je m'abonne" }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/cb-choice'));
  await page.getByText(offer, { exact: true }).waitFor();
  await page.getByText(price).first().waitFor();
  const paypal = page.getByRole('button', { name: /PayPal/ });
  await paypal.waitFor();
  await screenshot(page, `billing-paypal-choice-${shot}`);
  await paypal.click();
  await page.waitForURL(/\/sandbox\/paypal\/webapps\/billing\/subscriptions\?ba_token=/, { timeout: 30_000 });
  await page.getByRole('button', { name: "Accepter et s'abonner" }).waitFor();
}

describe('PayPal on the web: a customer subscribes with a PayPal account (spec 3 §2, §4, §7)', () => {
  it('locked film → Playz Replay → PayPal → Camille Martin approves → confirm (302) → return → welcome → the film plays (phone)', async () => {
    const { context, page, login } = await newCustomerPage('paypal', PHONE);
    const visited = recordNavigations(page);
    const confirms: { url: string; status: number }[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/1.2/billing/paypal/confirm'))
        confirms.push({ url: res.url(), status: res.status() });
    });

    // The film is closed to a customer without an offer: its subscribe link carries the film.
    await page.goto(FILM);
    await page
      .getByRole('region', { name: 'Abonnez-vous pour regarder' })
      .getByRole('link', { name: "S'abonner" })
      .click();
    await page.waitForURL((url) => url.pathname === '/service/inter' && url.searchParams.get('requested_url') === FILM);
    await payWithPaypal(page, 'Playz Replay', /^4,99\s€ par mois$/, 'phone');
    expect(new URL(visited.find((u) => u.includes('/cb-choice'))!).searchParams.get('requested_url')).toBe(FILM);

    // The wallet page: Playz, the monthly price, the sandbox buyers; Camille Martin pays.
    await page.getByText('Playz', { exact: true }).waitFor();
    await page.getByText('4,99 € / mois').waitFor();
    await page.getByText('Playz Replay : 4,99 € par mois, sans engagement').waitFor();
    await page.getByRole('radio', { name: /Camille Martin/ }).check();
    await screenshot(page, 'billing-paypal-approval-phone');
    await page.getByRole('button', { name: "Accepter et s'abonner" }).click();

    // PayPal sends the browser to the confirm call, which answers a page with a 302 to the splash.
    await page.waitForURL((url) => url.pathname === '/customer/welcome', { timeout: 30_000 });
    expect(confirms.length).toBeGreaterThan(0);
    const confirm = new URL(confirms[0]!.url);
    expect(confirms[0]!.status).toBe(302);
    expect(confirm.searchParams.get('billing_id')).toMatch(/^[0-9a-f]{24}$/);
    expect(confirm.searchParams.get('subscription_id')).toMatch(/^I-/);
    const splash = `/billing/return/${confirm.searchParams.get('billing_id')}`;
    expect(visited.some((url) => new URL(url).pathname === splash)).toBe(true);

    expect(new URL(page.url()).searchParams.get('requested_url')).toBe(FILM);
    await page.getByRole('heading', { name: /Bienvenue sur Playz/ }).waitFor();
    await page.getByText('Votre abonnement est activé. Bon visionnage !').waitFor();
    await page.getByText(login).first().waitFor();
    await screenshot(page, 'billing-paypal-welcome-phone');
    const me = await customerOf(page);
    expect(me.hasValidSubscription).toBe(true);
    expect(me.subscriptions).toEqual([expect.objectContaining({ billingType: 'Paypal', productPriceID: 13 })]);

    // "Accéder au service" opens the film the viewer wanted, now in full.
    await expectFilmPlaysInFull(page, () => page.getByRole('link', { name: 'Accéder au service' }).click());
    expect(new URL(page.url()).pathname).toBe(FILM);
    await screenshot(page, 'billing-paypal-film-phone');
    await context.close();
  });

  it('"Annuler et retourner sur Playz" on the approval page ends on the billing error page, no subscription', async () => {
    const { context, page } = await newCustomerPage('paypal-cancel', DESKTOP);
    await page.goto('/service/inter');
    await payWithPaypal(page, 'Playz Mensuel', /Premier mois offert, puis 7,99\s€ par mois/, 'desktop');
    // The free month shows before the price on PayPal's page too.
    await page.getByText('Playz Mensuel : Gratuit pendant 30 jours, puis 7,99 € par mois, sans engagement').waitFor();
    await screenshot(page, 'billing-paypal-approval-desktop');
    await page.getByRole('button', { name: 'Annuler et retourner sur Playz' }).click();

    await expectBillingErrorPage(page);
    await screenshot(page, 'billing-paypal-cancelled-desktop');
    const me = await customerOf(page);
    expect(me.hasValidSubscription).toBe(false);
    expect(me.subscriptions).toEqual([]);
    await context.close();
  });
});
