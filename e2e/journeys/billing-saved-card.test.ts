import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeFindings, isBlocking, runAxe } from '../support/axe';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn, registerByApi } from '../support/customer';
import { customerOf, freshLogin, PASSWORD } from '../support/payment';
import { acceptTvCookies, focused, press } from '../support/tv-remote';

// The saved card and the withdrawal (spec 3 §1 withdrawal of 14 days, §7 /billing/credit-card/save
// and /billing/cancel; decision 083), against the card processor's stand-in (decision 026): a card
// registered with a payment is the card on file, replaced under 3-D Secure on the account page; a
// paid start is withdrawn with its refund on a phone and on
// the TV with the remote.
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const TV_SCREEN = { width: 1920, height: 1080 };
const browser = useBrowser();

/** The journey server's database, for what only the clock or the ledger says (decision 025). */
function withDatabase<T>(run: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(dataDir, 'playz.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return run(db);
  } finally {
    db.close();
  }
}
const ledgerOf = (login: string) =>
  withDatabase((db) =>
    (
      db
        .prepare(
          `select l.entry, l.amount_cents from billing_ledger l join customers c on c.id = l.customer_id
           where c.login = ? order by l.id`,
        )
        .all(login) as { entry: string; amount_cents: number }[]
    ).map((l) => `${l.entry} ${l.amount_cents}`),
  );

/** Playz Replay (4,99 € a month, no free period) paid by card on the processor's page. */
async function subscribeToReplay(page: Page, card: string) {
  await page.goto('/billing/product/2/cb-choice?product_price_id=13');
  await page.getByRole('button', { name: /Carte bancaire/ }).click();
  await page.waitForURL(/\/sandbox\/credit-card\/vads-payment\/page\//, { timeout: 30_000 });
  await fillCard(page, card);
  await page.getByRole('button', { name: 'Valider le paiement' }).click();
  await page.waitForURL((url) => url.pathname === '/customer/welcome', { timeout: 30_000 });
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Numéro de carte').fill(number);
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/39');
  await page.getByLabel('Cryptogramme').fill('123');
}

async function logIn(page: Page, login: string) {
  await page.goto('/customer/login');
  await fillLogIn(page, login, PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/customer/login');
}

/** A dialog's opening animation has ended (the screenshot shows it, not a frame of its fade). */
const settled = (dialog: Locator) =>
  dialog.evaluate((element) =>
    Promise.all(
      [element, ...element.querySelectorAll('*'), element.parentElement ?? element].flatMap((e) =>
        e.getAnimations().map((a) => a.finished),
      ),
    ),
  );

const cardSection = (page: Page) => page.getByRole('region', { name: 'Carte enregistrée' });

describe('the saved card (spec 3 §7 /billing/credit-card/save, decision 083)', () => {
  it('a card saved before any subscription, the card of the payment then on file, then changed under 3-D Secure from the account page', async () => {
    const login = freshLogin('saved-card');
    await registerByApi(baseUrl, login, PASSWORD);
    const { context, page } = await newPage(browser, baseUrl);
    await logIn(page, login);

    // No card subscription yet: the card button is a registration of its own (save), nothing paid.
    await page.goto('/customer/account');
    await cardSection(page).getByText('Aucune carte enregistrée.').waitFor();
    await cardSection(page).getByRole('button', { name: 'Enregistrer une carte' }).click();
    await page.waitForURL(/\/sandbox\/credit-card\/vads-payment\/page\//, { timeout: 30_000 });
    await page.getByText('Enregistrement de votre carte : aucun débit aujourd’hui').waitFor();
    await fillCard(page, '4970100000000014');
    await page.getByRole('button', { name: 'Valider le paiement' }).click();
    await page.waitForURL((url) => url.pathname === '/customer/account', { timeout: 30_000 });
    await cardSection(page).getByText('Carte CB •••• •••• •••• 0014').waitFor();

    await subscribeToReplay(page, '4970100000000099');

    await page.goto('/customer/account');
    await cardSection(page).getByText('Carte CB •••• •••• •••• 0099').waitFor();
    await page.getByText(/^Droit de rétractation : vous pouvez annuler et être remboursé jusqu'au/).waitFor();
    await screenshot(page, 'saved-card-account-desktop');
    // The withdrawal asks first; "Retour" leaves everything as it was.
    await page.getByRole('button', { name: 'Annuler et être remboursé' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Annuler Playz Replay et être remboursé ?' });
    await dialog.waitFor();
    await settled(dialog);
    // The account-page audit (accessibility journey) cannot open it on the demo subscriber's account.
    const findings = (await runAxe(page, 'withdraw-confirm dialog', '[role="alertdialog"]')).filter(isBlocking);
    expect(describeFindings(findings), 'axe found serious or critical violations').toBe('');
    await screenshot(page, 'withdraw-dialog-desktop');
    await dialog.getByRole('button', { name: 'Retour' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Change the card: with the card subscription renewing, the one card button is that
    // subscription's update (decision 083 addendum): the processor's page registers the new card
    // on its token (nothing paid) under 3-D Secure, and it becomes the card on file.
    await cardSection(page).getByRole('button', { name: 'Changer de carte' }).click();
    await page.waitForURL(/\/sandbox\/credit-card\/vads-payment\/page\//, { timeout: 30_000 });
    await page.getByText('Enregistrement de votre nouvelle carte : aucun débit aujourd’hui').waitFor();
    await fillCard(page, '4970100000000003');
    await page.getByRole('button', { name: 'Enregistrer la carte' }).click();
    await page.waitForURL(/\/3ds$/);
    await page.getByLabel('Code reçu par SMS').fill('123456');
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/customer/account', { timeout: 30_000 });
    await cardSection(page).getByText('Carte CB •••• •••• •••• 0003').waitFor();
    await screenshot(page, 'saved-card-replaced-desktop');

    // The card on file is the new one (what renewals charge: tested with the billing job in
    // apps/server/test/billing-saved-card.api.test.ts, since the journeys' server runs without it).
    const me = (await (await page.request.get('/api/1.2/customer')).json()) as {
      Response: { Customer: { creditCard: { maskedNumber: string } | null } };
    };
    expect(me.Response.Customer.creditCard?.maskedNumber).toBe('•••• •••• •••• 0003');
    expect(ledgerOf(login)).toEqual(['CardSaved 0', 'Charged 499', 'CardUpdated 0']);
    await context.close();
  });
});

describe('the withdrawal of 14 days (spec 3 §1, §7 POST /billing/cancel; decision 083)', () => {
  it('on a phone the dialog is shown, then on the TV the remote withdraws and the refund shows on both', async () => {
    const login = freshLogin('withdrawal');
    await registerByApi(baseUrl, login, PASSWORD);
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await logIn(page, login);
    await subscribeToReplay(page, '4970100000000014');
    await page.goto('/customer/account');
    const withdraw = page.getByRole('button', { name: 'Annuler et être remboursé' });
    await withdraw.scrollIntoViewIfNeeded();
    await screenshot(page, 'saved-card-account-phone');
    await withdraw.click();
    const dialog = page.getByRole('alertdialog', { name: 'Annuler Playz Replay et être remboursé ?' });
    await dialog.waitFor();
    await settled(dialog);
    await screenshot(page, 'withdraw-dialog-phone');
    await dialog.getByRole('button', { name: 'Retour' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The TV's account screen, with the remote only.
    await page.setViewportSize(TV_SCREEN);
    await page.goto('/tv/account');
    await acceptTvCookies(page);
    const tvButton = page.getByRole('button', { name: 'Annuler et être remboursé' });
    await tvButton.waitFor();
    // Down to the subscription's buttons: "Annuler et être remboursé" comes first, "Se désabonner" after it.
    const stopButtons = ['Annuler et être remboursé', 'Se désabonner'];
    for (let i = 0; i < 6 && !stopButtons.includes((await focused(page)).label ?? ''); i += 1)
      await press(page, 'ArrowDown');
    if ((await focused(page)).label === 'Se désabonner') await press(page, 'ArrowLeft');
    expect((await focused(page)).label).toBe('Annuler et être remboursé');
    await screenshot(page, 'withdraw-tv-account');
    await press(page, 'Enter');
    const tvDialog = page.getByRole('dialog', { name: 'Annuler Playz Replay et être remboursé ?' });
    await tvDialog.waitFor();
    expect((await focused(page)).label).toBe('Retour');
    await press(page, 'ArrowRight');
    expect((await focused(page)).label).toBe('Annuler et être remboursé');
    await screenshot(page, 'withdraw-tv-dialog');
    await press(page, 'Enter');
    await page.getByText("C'est fait : votre abonnement a pris fin et votre paiement vous est remboursé.").waitFor();
    await page.getByText('Cet abonnement a été remboursé.').waitFor();
    await screenshot(page, 'withdraw-tv-refunded');

    const me = await customerOf(page);
    expect(me.subscriptions[0]?.status).toBe('Refunded');
    expect(me.hasValidSubscription).toBe(false);
    // The refunded subscription's card token is cancelled at the processor: it is no card on file any more.
    expect(ledgerOf(login)).toEqual(['Charged 499', 'Refunded -499', 'CardRemoved 0']);

    // The phone's account says it too.
    await page.setViewportSize(PHONE);
    await page.goto('/customer/account');
    await page.getByText(/Cet abonnement a été remboursé\./).waitFor();
    expect(await page.getByRole('button', { name: 'Annuler et être remboursé' }).count()).toBe(0);
    await screenshot(page, 'withdraw-refunded-phone');
    await context.close();
  });
});
