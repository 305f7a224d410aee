import path from 'node:path';
import SQLite from 'better-sqlite3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies, fillLogIn, registerByApi } from '../support/customer';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const DAY = 86_400_000;
const browser = useBrowser();

/**
 * There is no payment provider yet (docs/decisions/017), so the journey gives its own new
 * customer a subscription the way billing will store one: a row in the journey server's SQLite
 * database, which only tests can reach. The demo subscriber stays untouched for other journeys.
 * Offer 11 is Playz Mensuel (product 1, Service), offer 13 Playz Replay (product 2).
 */
/** Answers the expiration date it stored, which the account page shows. */
function giveSubscription(login: string, offerId: number, expiresInDays: number): Date {
  const db = new SQLite(path.join(dataDir, 'playz.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const customer = db.prepare('select id from customers where login = ?').get(login) as { id: number };
    const now = Date.now();
    const expires = new Date(now + expiresInDays * DAY);
    // Given again to a test's second attempt: the first may have cancelled it already.
    db.prepare('delete from subscriptions where customer_id = ? and offer_id = ?').run(customer.id, offerId);
    db.prepare(
      `insert into subscriptions (customer_id, offer_id, billing_type, status, subscriber, expiration_date, created_at)
       values (?, ?, 'CreditCard', 'ToRenew', 1, ?, ?)`,
    ).run(customer.id, offerId, expires.toISOString(), new Date(now - DAY).toISOString());
    return expires;
  } finally {
    db.close();
  }
}

// The stored date itself, not today's plus the days: a journey that crosses midnight shows the former.
const longDate = (at: Date) => new Intl.DateTimeFormat('fr', { dateStyle: 'long' }).format(at);

async function openAccount(page: Page, login: string, password: string) {
  await page.goto('/customer/login');
  await fillLogIn(page, login, password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/customer/account');
  const block = page.getByRole('region', { name: 'Mon abonnement' });
  await block.waitFor();
  await acceptCookies(page);
  return block;
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

/** Confirms #unsubscribe-confirm for one offer and waits for the confirmation toast (spec 3 §4). */
async function unsubscribeFrom(page: Page, block: ReturnType<Page['getByRole']>, offer: string, name: string) {
  const row = block.getByRole('listitem').filter({ has: page.getByRole('heading', { name: offer }) });
  await row.getByRole('button', { name: 'Se désabonner' }).click();
  await page.waitForURL((url) => url.hash === '#unsubscribe-confirm');
  const dialog = page.getByRole('alertdialog', { name: `Vous désabonner de ${offer} ?` });
  await dialog.waitFor();
  await settledScreenshot(page, name);
  await dialog.getByRole('button', { name: 'Me désabonner' }).click();
  await page.getByText(/^Désabonnement enregistré : votre accès reste ouvert jusqu'au/).waitFor();
  await dialog.waitFor({ state: 'detached' });
  return row;
}

describe('unsubscribe journey (spec 3 §2 /customer/account, §4 Display, Unsubscribe, Validity)', () => {
  const login = `unsubscribe-${Date.now()}@example.com`;
  const password = 'journey-pass';
  const expiresInDays = 20;

  beforeAll(async () => {
    await registerByApi(baseUrl, login, password);
  });

  it('unsubscribes on desktop, sees "cancelled, access until", still cancelled after a reload, still plays', async () => {
    const expires = giveSubscription(login, 11, expiresInDays);
    giveSubscription(login, 13, expiresInDays);
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    const block = await openAccount(page, login, password);
    await block
      .getByText(`Prochaine échéance le ${longDate(expires)}, sans engagement.`)
      .first()
      .waitFor();
    await settledScreenshot(page, 'unsubscribe-account-desktop');

    const row = await unsubscribeFrom(page, block, 'Playz Mensuel', 'unsubscribe-confirm-desktop');
    await row.getByText('Résilié', { exact: true }).waitFor();
    await row.getByText(`Résilié, accès jusqu'au ${longDate(expires)}.`, { exact: false }).waitFor();
    expect(await row.getByRole('link', { name: 'contact@playz.fr' }).getAttribute('href')).toBe(
      'mailto:contact@playz.fr',
    );
    expect(await row.getByRole('button', { name: 'Se désabonner' }).count()).toBe(0);
    await settledScreenshot(page, 'unsubscribe-cancelled-desktop');

    await page.reload();
    await row.getByText('Résilié', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Se désabonner' }).count()).toBe(0);

    // Access stays until the expiration date (spec 3 §4 Validity): the film plays in full (View),
    // not the Preview teaser a customer without access gets.
    const stream = page.waitForResponse((r) => r.url().includes('/api/1.2/content/1001/url'));
    await page.goto('/content/1001/l-ete-indien');
    const answer = (await (await stream).json()) as { Response: { AdaptiveStream: { usage: string } } };
    expect(answer.Response.AdaptiveStream.usage).toBe('View');
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 2, undefined, {
      timeout: 30_000,
    });
    await context.close();
  });

  it('unsubscribes the other offer on a phone through the same #unsubscribe-confirm', async () => {
    // Playz Mensuel stays as the first test left it; Playz Replay is on again for a second attempt.
    giveSubscription(login, 13, expiresInDays);
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    const block = await openAccount(page, login, password);
    const mensuel = block.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Playz Mensuel' }) });
    await mensuel.getByText('Résilié', { exact: true }).waitFor();
    await settledScreenshot(page, 'unsubscribe-account-phone');

    const replay = await unsubscribeFrom(page, block, 'Playz Replay', 'unsubscribe-confirm-phone');
    await replay.getByText('Résilié', { exact: true }).waitFor();
    await settledScreenshot(page, 'unsubscribe-cancelled-phone');
    expect(await block.getByRole('button', { name: 'Se désabonner' }).count()).toBe(0);
    await context.close();
  });
});
