import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn, registerByApi } from '../support/customer';
import { closeCookieBanner, customerOf, expectFilmPlaysInFull, FILM, freshLogin, PASSWORD } from '../support/payment';
import { freshMobile } from '../support/mobile-lines';

// Unsubscribing from a subscription really paid through a provider (decision 025): spec 3 §2
// /customer/account (offer, price and status labels, unsubscribe button, #unsubscribe-confirm),
// §4 "Unsubscribe" (button, confirm dialog, call, confirmation toast), "Display" (cancelled shows
// 'cancelled, access until date' with the contact e-mail, no unsubscribe button any more, days
// left) and "Validity" (a cancelled subscription stays valid until its date: the film still
// plays). The subscription is a weekly direct pass bought through the operator stand-in
// (decision 025: unsubscribing cancels at the provider first, then stops the renewal).
const baseUrl = inject('baseUrl');
const DAY = 86_400_000;
const browser = useBrowser();

const longDate = (iso: string) => new Intl.DateTimeFormat('fr', { dateStyle: 'long' }).format(new Date(iso));

async function logIn(page: Page, login: string) {
  await page.goto('/customer/login');
  await closeCookieBanner(page);
  await fillLogIn(page, login, PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
}

/** Screenshots once dialogs and toasts have finished fading in (endless animations aside). */
async function settledScreenshot(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        // An animation cancelled meanwhile (its element replaced) rejects: it has settled too.
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await screenshot(page, name);
}

describe('a new subscriber unsubscribes (spec 3 §2 /customer/account, §4 Unsubscribe, Display, Validity)', () => {
  // Made by the first test, at each attempt (a second attempt cannot register the same login);
  // the second test goes on with it.
  let login = '';
  let expiration = '';

  it('subscribes by operator, sees the offer in the account, unsubscribes, sees "cancelled, access until" and still plays', async () => {
    login = freshLogin('unsubscribe-paid');
    await registerByApi(baseUrl, login, PASSWORD);
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await logIn(page, login);

    // The weekly offer (first week free), paid with a new line at SFR on the operator's page.
    await page.goto('/service/inter');
    await page.getByRole('article', { name: 'Playz Hebdo' }).getByRole('link', { name: "Je m'abonne" }).click();
    await page.waitForURL(/\/billing\/product\/1\/operator-choice/);
    await page.getByRole('button', { name: 'SFR', exact: true }).click();
    await page.waitForURL(/\/billing\/product\/1\/msisdn/);
    await page.getByLabel(/Numéro de mobile/).fill(freshMobile());
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.waitForURL(/\/sandbox\/direct-pass\/pay\//);
    await page.getByRole('button', { name: "Valider l'achat" }).click();
    await page.waitForURL((url) => url.pathname === '/customer/welcome', { timeout: 30_000 });
    // The subscription is this customer's: the welcome page shows their own login.
    await page.getByText(login).first().waitFor();

    const before = await customerOf(page);
    expect(before.hasValidSubscription).toBe(true);
    expect(before.subscriptions).toHaveLength(1);
    expiration = before.subscriptions[0]!.expirationDate;
    // The free week: access until a week from now.
    expect(Math.abs(Date.parse(expiration) - (Date.now() + 7 * DAY))).toBeLessThan(DAY);
    const date = longDate(expiration);

    // My account: the offer, its price, the status and the days left of the free week.
    await page.goto('/customer/account');
    const block = page.getByRole('region', { name: 'Mon abonnement' });
    await block.waitFor();
    const row = block.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Playz Hebdo' }) });
    await row.getByText('Actif', { exact: true }).waitFor();
    await row.getByText(/^1,99\s€ \/ semaine$/).waitFor();
    await row.getByText(/^[67] jours restants$/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await settledScreenshot(page, 'billing-unsubscribe-account-desktop');

    // Unsubscribe: the button opens #unsubscribe-confirm, which names the offer and the date.
    await row.getByRole('button', { name: 'Se désabonner' }).click();
    await page.waitForURL((url) => url.hash === '#unsubscribe-confirm');
    const dialog = page.getByRole('alertdialog', { name: 'Vous désabonner de Playz Hebdo ?' });
    await dialog.getByText(`Votre abonnement ne sera pas renouvelé. Vous gardez l'accès jusqu'au ${date}.`).waitFor();
    await settledScreenshot(page, 'billing-unsubscribe-confirm-desktop');
    await dialog.getByRole('button', { name: 'Me désabonner' }).click();
    await page.getByText(`Désabonnement enregistré : votre accès reste ouvert jusqu'au ${date}.`).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Cancelled, access until the date, with the contact e-mail; no unsubscribe button any more.
    await row.getByText('Résilié', { exact: true }).waitFor();
    await row.getByText(`Résilié, accès jusqu'au ${date}.`, { exact: false }).waitFor();
    expect(await row.getByRole('link', { name: 'contact@playz.fr' }).getAttribute('href')).toBe(
      'mailto:contact@playz.fr',
    );
    expect(await row.getByText('Prochaine échéance', { exact: false }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Se désabonner' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settledScreenshot(page, 'billing-unsubscribe-cancelled-desktop');

    // The server agrees: cancelled, same date, still valid until it.
    const after = await customerOf(page);
    expect(after.hasValidSubscription).toBe(true);
    expect(after.subscriptions[0]).toMatchObject({ status: 'Cancelled', expirationDate: expiration });

    // Access stays until the date (spec 3 §4 Validity): the film plays in full.
    await expectFilmPlaysInFull(page, () => page.goto(FILM));
    await context.close();
  });

  it('on a phone the same account shows the cancelled subscription, and the film still plays', async () => {
    expect(expiration).not.toBe('');
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await logIn(page, login);
    await page.goto('/customer/account');
    const row = page
      .getByRole('region', { name: 'Mon abonnement' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Playz Hebdo' }) });
    await row.getByText(`Résilié, accès jusqu'au ${longDate(expiration)}.`, { exact: false }).waitFor();
    expect(await row.getByRole('button', { name: 'Se désabonner' }).count()).toBe(0);
    await row.scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'billing-unsubscribe-cancelled-phone');
    await expectFilmPlaysInFull(page, () => page.goto(FILM));
    await context.close();
  });
});
