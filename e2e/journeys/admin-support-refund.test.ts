import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addMember, createAdminAtShell, openCustomerCard, signInAndEnrol } from '../support/console';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { FILM, rentFilmByCard } from '../support/payment';

// A support agent refunds a rental from the console and the viewer loses that film (decision 084):
// the viewer rents a film by card on the real server and its processor stand-in; an admin made at
// the shell adds a support member; the member signs in with a second factor, finds the viewer,
// refunds the payment through the card provider (confirmed), and the film is locked again.
const baseUrl = inject('baseUrl');
const CONSOLE = { width: 1280, height: 900 };
const browser = useBrowser();

const locked = (page: Page) => page.getByRole('region', { name: 'Abonnez-vous pour regarder' });

describe('support refunds a purchase and the viewer loses that access (decision 084)', () => {
  it('rented by card → refunded from the console, exactly once → the film is locked again; the card on a desktop and a phone', async () => {
    // The viewer rents the film by card (frictionless 3-D Secure at the stand-in).
    const viewer = await rentFilmByCard(browser, baseUrl, 'refund');
    await viewer.page.goto(FILM);
    await viewer.page.locator('.player-page .video__element').waitFor({ timeout: 30_000 });
    expect(await locked(viewer.page).count()).toBe(0);

    // An admin made at the shell adds a support member, who signs in on their own machine.
    const adminEmail = `admin-${Date.now()}@playz.fr`;
    const admin = await newPage(browser, baseUrl, CONSOLE);
    await signInAndEnrol(admin.page, adminEmail, createAdminAtShell(adminEmail, 'Ana Martin'), 'Ana Martin');
    const support = await addMember(admin.page, 'Support', 'Sam Petit');
    await admin.context.close();

    const agent = await newPage(browser, baseUrl, CONSOLE);
    const page = agent.page;
    await signInAndEnrol(page, support.email, support.password, 'Sam Petit');
    const card = await openCustomerCard(page, viewer.login);
    await screenshot(page, 'console-support-card-1280');
    const payments = card.getByRole('region', { name: 'Paiements' });
    const refund = payments.getByRole('button', { name: /Rembourser .* \(2,99\s€\)/ });
    await refund.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-support-payments-1280');

    // Confirmed once; the dialog names the amount and what the viewer loses.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await refund.click();
    await payments.getByText('Remboursé', { exact: true }).waitFor();
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toMatch(/^Rembourser 2,99\s€ pour .+ \? Le client perd l’accès que ce paiement ouvrait\.$/);
    expect(await payments.getByRole('button', { name: /Rembourser/ }).count()).toBe(0);
    // The ledger shows the rental and its refund.
    const ledger = card.getByRole('region', { name: 'Mouvements' });
    await ledger.getByRole('row', { name: /Refunded.*2,99/ }).waitFor();
    await ledger.getByRole('row', { name: /Purchased.*2,99\s€/ }).waitFor();
    await payments.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-support-refunded-1280');

    // The viewer's film is locked again: the access this payment bought is gone.
    await viewer.page.goto(FILM);
    await locked(viewer.page).waitFor({ timeout: 30_000 });
    await locked(viewer.page)
      .getByRole('link', { name: /Louer ce film/ })
      .waitFor();
    await viewer.context.close();

    // The same card on a phone: every control reachable, nothing wider than the screen.
    await page.setViewportSize(PHONE);
    await card.getByRole('group', { name: 'Actions sur le compte' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'console-support-card-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await card.getByRole('region', { name: 'Abonnements' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'console-support-sessions-390');
    await payments.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-support-payments-390');
    await agent.context.close();
  });
});
