import { describe, expect, inject, it } from 'vitest';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';

const baseUrl = inject('baseUrl');
const SIX_MONTHS_S = 6 * 30 * 86_400;
const browser = useBrowser();

describe('cookie consent, legal pages and /test (spec 3 §4, spec 1 §2)', () => {
  it('consent choices made in the settings survive a reload, in cookies with the spec names for 6 months', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/service/infos');
    const banner = page.getByRole('region', { name: 'Consentement aux cookies' });
    await banner.waitFor();
    await screenshot(page, 'consent-banner-desktop');
    await banner.getByRole('link', { name: 'Paramétrer' }).click();
    await page.waitForURL(/#\/service\/cookies\/settings$/);
    const dialog = page.getByRole('dialog', { name: 'Paramètres des cookies' });
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: 'Fonctionnels' }).isDisabled()).toBe(true);
    await dialog.getByRole('switch', { name: "Mesure d'audience" }).check();
    await screenshot(page, 'consent-settings-desktop');
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Informations' }).waitFor();
    expect(await banner.count()).toBe(0);
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect(cookies.hasClosedCookieAdvancedDialog?.value).toBe('1');
    expect(cookies.hasAcceptedCookieType1?.value).toBe('1');
    expect(cookies.hasAcceptedCookieType2?.value).toBe('1');
    expect(cookies.hasAcceptedCookieType3?.value).toBe('0');
    const lifetime = cookies.hasClosedCookieAdvancedDialog!.expires - Date.now() / 1000;
    expect(Math.abs(lifetime - SIX_MONTHS_S)).toBeLessThan(120);

    // The settings remember the choice; browser back closes them.
    await page.goto('/service/infos#/service/cookies/settings');
    expect(await dialog.getByRole('switch', { name: "Mesure d'audience" }).isChecked()).toBe(true);
    expect(await dialog.getByRole('switch', { name: 'Publicité' }).isChecked()).toBe(false);
    await context.close();
  });

  it('"accept only functional" from the banner survives a reload too', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/service/infos/legal-notice');
    await page.getByRole('button', { name: 'Accepter uniquement les cookies fonctionnels' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mentions légales' }).waitFor();
    expect(await page.getByRole('region', { name: 'Consentement aux cookies' }).count()).toBe(0);
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
    expect(cookies).toMatchObject({
      hasClosedCookieDefaultDialog: '1',
      hasAcceptedCookieType1: '1',
      hasAcceptedCookieType2: '0',
      hasAcceptedCookieType3: '0',
    });
    await context.close();
  });

  it('a first visit onto #/customer/login: the banner over the dialog is answered, the dialog goes on', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/#/customer/login');
    const dialog = page.getByRole('dialog', { name: 'Connexion' });
    await dialog.waitFor();
    const banner = page.getByRole('region', { name: 'Consentement aux cookies' });
    await banner.waitFor();
    await screenshot(page, 'consent-banner-over-login-dialog-desktop');
    // A real click: Playwright refuses it if the dialog's backdrop covers the button.
    await banner.getByRole('button', { name: 'Tout accepter' }).click();
    await banner.waitFor({ state: 'detached' });
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
    expect(cookies).toMatchObject({ hasClosedCookieDefaultDialog: '1', hasAcceptedCookieType3: '1' });
    // The dialog is still open and usable: typing, Tab kept inside, Escape closes it.
    expect(new URL(page.url()).hash).toBe('#/customer/login');
    await dialog.getByLabel('Adresse email').fill('viewer@example.fr');
    expect(await dialog.getByLabel('Adresse email').inputValue()).toBe('viewer@example.fr');
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');
    await context.close();
  });

  it('the legal notice shows the publisher', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/service/infos/legal-notice');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Mentions légales' }).waitFor();
    const text = await main.innerText();
    for (const fact of [
      'Playz Médias',
      'SAS',
      '150 000 €',
      'RCS Lyon 901 234 567',
      '12 rue de la Lumière, 69003 Lyon',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).toContain('FR12901234567');
    expect(text).toContain('contact@playz.fr');
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await screenshot(page, 'legal-notice-desktop');
    await context.close();
  });

  it('the cookies page shows a table per cookie type and its settings link opens the dialog', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await page.goto('/service/infos/cookies');
    await page.getByRole('table', { name: 'Cookies Fonctionnels' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(3);
    expect(await page.getByRole('main').innerText()).not.toContain('{{');
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await screenshot(page, 'cookies-page-phone');
    // On a phone the dialog route is its plain path, shown as a page (spec 1 §2).
    await page.getByRole('link', { name: 'paramétrer les cookies' }).click();
    await page.waitForURL(/\/service\/cookies\/settings$/);
    await page.getByRole('heading', { level: 1, name: 'Paramètres des cookies' }).waitFor();
    await context.close();
  });

  it('/test lists the routes and popups', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/test');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Routes et fenêtres' }).waitFor();
    for (const path of ['/', '/customer/login', '/service/infos/legal-notice', '/service/infos/cookies', '/test']) {
      expect(await main.getByRole('link', { name: path, exact: true }).count()).toBe(1);
    }
    await main.getByRole('link', { name: '#/devices-limit-reached', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Connexions multiples' });
    await dialog.waitFor();
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/test');
    await context.close();
  });
});
