import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addMember, consoleNav, createAdminAtShell, openCustomerCard, signInAndEnrol } from '../support/console';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { FILM, rentFilmByCard } from '../support/payment';

// A finance member sees a refund in the charts (decisions 091 and 109): a viewer rents a film by
// card on the real server and its processor stand-in; a support member gives back 1,00 € of it
// from the customer card (the film stays open: a part); a finance member's Money page counts that
// refund on today's line (UTC) of "Remboursements" and "Montants remboursés", and its CSV says so.
const baseUrl = inject('baseUrl');
const CONSOLE = { width: 1280, height: 900 };
const browser = useBrowser();

const today = () => new Date().toISOString().slice(0, 10);

/** A chart's line for a day in its data table: the cells after the day, as shown. */
async function lineOf(chart: Locator, day: string): Promise<string[]> {
  const details = chart.locator('details');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await chart.getByText('Voir les données').click();
  const row = chart.getByRole('row', { name: new RegExp(`^${day}`) });
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

const refundsChart = (page: Page) => page.getByRole('region', { name: 'Remboursements', exact: true });
const refundedChart = (page: Page) => page.getByRole('region', { name: 'Montants remboursés', exact: true });
/** "2,99" → 299 (an amount as the French console shows it; "—" when nothing was measured). */
const cents = (shown: string | undefined) =>
  shown && shown !== '—' ? Math.round(Number(shown.replace(/\s/g, '').replace(',', '.')) * 100) : 0;

describe('a finance member sees the refund in the charts (decisions 091, 109)', () => {
  it('rented by card → support gives back 1,00 € → the Money page counts it today, and its CSV too; at 1280 and 390 px', async () => {
    // The viewer rents the film by card (frictionless 3-D Secure at the stand-in).
    const viewer = await rentFilmByCard(browser, baseUrl, 'finance');

    // An admin made at the shell adds a support member and a finance member.
    const adminEmail = `admin-fin-${Date.now()}@playz.fr`;
    const admin = await newPage(browser, baseUrl, CONSOLE);
    await signInAndEnrol(admin.page, adminEmail, createAdminAtShell(adminEmail, 'Ana Martin'), 'Ana Martin');
    const supportMember = await addMember(admin.page, 'Support', 'Sam Petit');
    await admin.page.reload();
    const financeMember = await addMember(admin.page, 'Finance', 'Fanny Roux');
    await admin.context.close();

    // Finance opens the Money page first: today's refunds as they stand.
    const finance = await newPage(browser, baseUrl, CONSOLE);
    await signInAndEnrol(finance.page, financeMember.email, financeMember.password, 'Fanny Roux');
    await consoleNav(finance.page).getByRole('link', { name: 'Argent' }).click();
    await refundsChart(finance.page).waitFor();
    const countBefore = Number((await lineOf(refundsChart(finance.page), today()))[0] ?? 0) || 0;
    const amountBefore = cents((await lineOf(refundedChart(finance.page), today()))[0]);

    // Support gives back a part of the rental: the film stays open.
    const agent = await newPage(browser, baseUrl, CONSOLE);
    await signInAndEnrol(agent.page, supportMember.email, supportMember.password, 'Sam Petit');
    const card = await openCustomerCard(agent.page, viewer.login);
    const payments = card.getByRole('region', { name: 'Paiements' });
    const amount = payments.getByLabel('Montant à rembourser (EUR)');
    await amount.fill('1,00');
    const dialogs: string[] = [];
    agent.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await payments.getByRole('button', { name: /Rembourser .* \(2,99\s€\)/ }).click();
    await payments.getByText(/1,00\s€ remboursés/).waitFor();
    expect(dialogs).toEqual([expect.stringMatching(/^Rembourser 1,00\s€ sur .+ \? Le client garde son accès\.$/)]);
    await payments.getByText(/Reste à rembourser : 1,99\s€/).waitFor();
    await payments.scrollIntoViewIfNeeded();
    await screenshot(agent.page, 'console-partial-refund-1280');
    await agent.context.close();
    await viewer.page.goto(FILM);
    await viewer.page.locator('.player-page .video__element').waitFor({ timeout: 30_000 });
    await viewer.context.close();

    // Finance reloads the Money page: one refund more today, 1,00 € more given back.
    const page = finance.page;
    await page.reload();
    await refundsChart(page).waitFor();
    expect(Number((await lineOf(refundsChart(page), today()))[0])).toBe(countBefore + 1);
    expect(cents((await lineOf(refundedChart(page), today()))[0])).toBe(amountBefore + 100);
    await refundsChart(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'console-money-refunds-1280');

    // The CSV is what the chart shows: today's line with the new count.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      refundsChart(page).getByRole('button', { name: 'Télécharger en CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^playz-money-refunds-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('Jour,Remboursements');
    expect(csv).toContain(`${today()},${countBefore + 1}`);
    const [amounts] = await Promise.all([
      page.waitForEvent('download'),
      refundedChart(page).getByRole('button', { name: 'Télécharger en CSV' }).click(),
    ]);
    const amountCsv = fs.readFileSync((await amounts.path())!, 'utf8').split('\r\n');
    expect(amountCsv.find((line) => line.startsWith(`${today()},`))).toBe(
      `${today()},${((amountBefore + 100) / 100).toFixed(2)}`,
    );

    // The same page narrowed to a phone's width: each chart is drawn again at its box's new width.
    await page.setViewportSize(PHONE);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await refundsChart(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'console-money-refunds-390');
    await finance.context.close();
  }, 240_000);
});
