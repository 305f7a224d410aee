import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';

// Decision 019 in a real browser: promo code at registration, the forgotten parental code, the
// links of the #/customer/login dialog, and the former replay site's cookies (spec 1 §2, §4, §5).

const baseUrl = inject('baseUrl');
const browser = useBrowser();

async function register(page: Page, login: string, fields: { promo?: string; parental?: string } = {}) {
  await withCookieChoice(page);
  await page.goto('/customer/register');
  await page.getByLabel('Adresse email').fill(login);
  await page.getByLabel(/^Mot de passe/).fill('extras-pass');
  await page.getByLabel(/^Confirmation du mot de passe/).fill('extras-pass');
  if (fields.promo) await page.getByLabel(/^Code promo/).fill(fields.promo);
  if (fields.parental) await page.getByLabel(/^Code parental/).fill(fields.parental);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

/**
 * A choice already made on this browser (spec 3 §4 cookies): the banner stays above dialogs until
 * it is answered (decision 015), and these journeys are about the dialogs, not the banner.
 */
async function withCookieChoice(page: Page) {
  const { hostname } = new URL(baseUrl);
  await page.context().addCookies(
    ['hasClosedCookieDefaultDialog', 'hasAcceptedCookieType1'].map((name) => ({
      name,
      value: '1',
      domain: hostname,
      path: '/',
    })),
  );
}

/** A form post from the page, with its session cookie, as the web app makes it. */
async function apiPost(page: Page, path: string, form: Record<string, string>) {
  const res = await page.request.post(`/api/1.2${path}`, { form });
  return (await res.json()) as { Response: Record<string, unknown> | null; Error: { Number: number } };
}

describe('account extras (decision 019)', () => {
  it('registers with BIENVENUE: 7 days of the whole service, the code shown on my account', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const login = `promo-${Date.now()}@example.com`;
    await register(page, login, { promo: 'bienvenue' });
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/customer/account');
    const facts = page.getByRole('region', { name: 'Mes informations' });
    await facts.getByText(/^BIENVENUE, utilisé le /).waitFor();
    await page
      .getByRole('region', { name: 'Mon abonnement' })
      .getByText(/Code BIENVENUE/)
      .waitFor();
    await screenshot(page, 'account-extras-promo-account-desktop');
    await page.setViewportSize(PHONE);
    await facts.getByText(/^BIENVENUE, utilisé le /).scrollIntoViewIfNeeded();
    await screenshot(page, 'account-extras-promo-account-phone');
    await context.close();
  });

  it('refuses an unknown code under its field and creates no account (error 7)', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    const login = `promo-unknown-${Date.now()}@example.com`;
    await register(page, login, { promo: 'NOEL-2099' });
    await page.getByText("Ce code promo n'existe pas ou n'est plus valable").waitFor();
    expect(new URL(page.url()).pathname).toBe('/customer/register');
    await screenshot(page, 'account-extras-promo-unknown-phone');
    const exists = await page.request.get(`/api/1.2/customer/check-login?login=${encodeURIComponent(login)}`);
    expect((await exists.json()).Response.Exists).toBe(false);
    await context.close();
  });

  it('leaves a kids profile through "Code oublié ?": password, new code, and the switch goes on', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await register(page, `kids-${Date.now()}@example.com`, { parental: '1357' });
    await page.waitForURL((url) => url.pathname === '/');
    const created = await apiPost(page, '/customer/edit/profile', { username: 'Léo', is_kids: '1' });
    const kid = created.Response?.Profile as { UUID: string };
    expect((await apiPost(page, '/customer/profile/switch', { customer_profile_uuid: kid.UUID })).Error.Number).toBe(0);
    await page.goto('/series');

    await page.getByRole('button', { name: /Léo/ }).first().click();
    await page
      .getByRole('menuitemradio', { name: /extras|kids|Profil 1/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Quitter le profil enfant' });
    await dialog.waitFor();
    await screenshot(page, 'account-extras-parental-dialog-desktop');
    await dialog.getByRole('button', { name: 'Code oublié ?' }).click();
    const reset = page.getByRole('dialog', { name: 'Nouveau code parental' });
    await reset.getByLabel(/^Mot de passe du compte/).fill('wrong-pass');
    await reset.getByLabel(/^Nouveau code/).fill('2468');
    await reset.getByRole('button', { name: 'Enregistrer' }).click();
    await reset.getByText("Le mode passe n'est pas valide").waitFor();
    await screenshot(page, 'account-extras-parental-reset-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'account-extras-parental-reset-dialog-phone');
    await reset.getByLabel(/^Mot de passe du compte/).fill('extras-pass');
    await reset.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(/Vous utilisez le profil/).waitFor();
    await reset.waitFor({ state: 'detached' });
    // The new code is the code now.
    const check = await apiPost(page, '/customer/parental-code/check', { code: '2468' });
    expect(check.Response).toEqual({ Valid: true });
    await context.close();
  });

  it('shows the parental-code reset form on a phone', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await register(page, `kids-phone-${Date.now()}@example.com`, { parental: '1357' });
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/customer/account');
    await page.getByRole('button', { name: 'Changer le code parental' }).click();
    await page.getByRole('button', { name: 'Code oublié ?' }).click();
    await page.getByLabel(/^Mot de passe du compte/).scrollIntoViewIfNeeded();
    await screenshot(page, 'account-extras-parental-reset-phone');
    await page.getByLabel(/^Mot de passe du compte/).fill('extras-pass');
    await page.getByLabel(/^Nouveau code/).fill('9753');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Votre code parental a été enregistré').waitFor();
    expect((await apiPost(page, '/customer/parental-code/check', { code: '9753' })).Response).toEqual({ Valid: true });
    await context.close();
  });

  it('the #/customer/login dialog links to recovery and registration over the same page', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await withCookieChoice(page);
    await page.goto('/series#/customer/login');
    const dialog = page.getByRole('dialog', { name: 'Connexion' });
    await dialog.getByRole('link', { name: 'Mot de passe oublié ?' }).waitFor();
    await dialog.getByRole('link', { name: 'Identifiant oublié ?' }).waitFor();
    await screenshot(page, 'account-extras-login-dialog-desktop');
    await dialog.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('dialog', { name: 'Mot de passe oublié' }).waitFor();
    expect(new URL(page.url())).toMatchObject({ pathname: '/series', hash: '#/customer/forgot-password' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');
    await context.close();
  });

  it('migrates the former replay site’s cookies and shows the migration notice', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const { hostname } = new URL(baseUrl);
    const user = encodeURIComponent(JSON.stringify({ id: 'rtf-4242', token: 'old-token', logged: 1 }));
    await context.addCookies(
      ['user', 'PHPSESSID', 'logged'].map((name) => ({
        name,
        value: name === 'user' ? user : 'old',
        domain: hostname,
        path: '/',
      })),
    );
    await withCookieChoice(page);
    await page.goto('/');
    const notice = page.getByRole('alertdialog', { name: 'Replay TV France devient Playz' });
    await notice.waitFor();
    await screenshot(page, 'account-extras-migration-notice-desktop');
    const names = (await context.cookies()).map((c) => `${c.name}=${c.value}`);
    expect(names).toContain('cuid=rtf-4242');
    for (const old of ['user', 'PHPSESSID', 'logged']) expect(names.some((n) => n.startsWith(`${old}=`))).toBe(false);
    // Nothing signed the visitor in: the old token is not trusted (decision 019).
    const me = await page.request.get('/api/1.2/customer');
    expect((await me.json()).Response.Customer.logged).toBe(false);
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();
  });
});
