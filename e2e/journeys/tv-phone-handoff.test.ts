import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, contextsClosedAfterEach, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies } from '../support/customer';
import { acceptTvCookies, focused, press } from '../support/tv-remote';

// "The TV hands a purchase, a 3-D Secure step or the parental code to the linked phone
// instead of asking for D-pad typing" (decision 040), end to end: a TV context driven by keys
// only and a phone context of the same account, on the real server and its card stand-in.
const baseUrl = inject('baseUrl');
const PASSWORD = 'playz2026';
const PARENTAL_CODE = '0482';
const TV_SCREEN = { width: 1280, height: 720 };
const browser = useBrowser();
const contexts = contextsClosedAfterEach();

/** A new account (no subscription) with a parental code, made through the API (spec 1 §7). */
async function newAccount(name: string): Promise<string> {
  const login = `${name}.${Date.now().toString(36)}@exemple.fr`;
  const res = await fetch(`${baseUrl}/api/1.2/customer/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password: PASSWORD, password_confirm: PASSWORD, parental_code: PARENTAL_CODE }),
  });
  expect(((await res.json()) as { Error: { Number: number } }).Error.Number).toBe(0);
  return login;
}

async function loggedPage(login: string, viewport: { width: number; height: number }): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl, viewport);
  contexts.push(context);
  const res = await page.request.post('/api/1.2/customer', { form: { login, password: PASSWORD } });
  expect((await res.json()).Error.Number).toBe(0);
  return page;
}

const focusedLabel = async (page: Page) => (await focused(page)).label;

/** The TV at `path`, its cookie choice made with OK when it is asked. */
async function openTv(page: Page, path: string) {
  await page.goto(path);
  await acceptTvCookies(page);
}

/** The phone's remote page, linked to the account's TV. */
async function linkPhone(phone: Page) {
  await phone.goto('/remote');
  await acceptCookies(phone);
  await phone.getByRole('button', { name: /^Piloter — / }).click();
  await phone.getByRole('button', { name: /^Arrêter — / }).waitFor();
}

describe('the TV hands a step to the linked phone (decision 040)', () => {
  it('a film rented from the TV’s player is paid on the phone (card, 3-D Secure stand-in), then plays on the TV', async () => {
    const login = await newAccount('rent');
    const tv = await loggedPage(login, TV_SCREEN);
    await openTv(tv, '/tv/clip/1001/player');
    // No subscription: the film is locked, with its rental beside the subscription.
    const locked = tv.getByRole('dialog', { name: 'Abonnez-vous pour regarder' });
    const rent = locked.getByRole('button', { name: /^Louer ce film 2,99\s€ · 48 h$/ });
    await rent.waitFor();
    await expect.poll(() => focusedLabel(tv), { timeout: 10_000 }).not.toBeNull();
    for (let i = 0; i < 4 && !(await rent.getAttribute('data-focused')); i += 1) await press(tv, 'ArrowRight');
    expect(await rent.getAttribute('data-focused')).not.toBeNull();
    await press(tv, 'Enter');
    await tv.waitForURL((url) => url.pathname === '/tv/rent/1001');
    await tv.getByTestId('link-code').waitFor();
    await tv.getByText(/^Payez 2,99\s€ sur votre téléphone : « L'Été indien »/).waitFor();
    await screenshot(tv, 'tv-rent-1280');

    // The phone of the account, linked to the TV, is offered the payment at once: no QR to scan.
    const phone = await loggedPage(login, PHONE);
    await linkPhone(phone);
    await phone.getByRole('link', { name: 'Continuer sur ce téléphone' }).click();
    await phone.waitForURL((url) => url.pathname.startsWith('/billing/link/'));
    const linkPage = new URL(phone.url()).pathname;
    const film = phone.getByRole('article', { name: "L'Été indien" });
    await film.waitFor();
    await screenshot(phone, 'tv-rent-phone-390');
    await film.getByRole('link', { name: /^Louer ce film 2,99\s€ · 48 h$/ }).click();
    await phone.waitForURL((url) => url.pathname === '/billing/product/10/cb-choice');
    expect(new URL(phone.url()).searchParams.get('requested_url')).toBe(linkPage);
    await phone.getByRole('button', { name: /Carte bancaire/ }).click();
    await phone.waitForURL(/\/sandbox\/credit-card\//);
    await phone.getByLabel('Numéro de carte').fill('4970100000000014');
    await phone.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
    await phone.getByLabel('Cryptogramme').fill('123');
    await phone.getByRole('button', { name: 'Valider le paiement' }).click();
    await phone.waitForURL((url) => !url.pathname.startsWith('/sandbox/'), { timeout: 30_000 });

    // The TV sees the link paid, and plays the whole film (View, not the preview).
    await tv.getByText("Merci ! « L'Été indien » est à vous sur cette TV.").waitFor({ timeout: 20_000 });
    await screenshot(tv, 'tv-rent-paid-1280');
    await expect.poll(() => focusedLabel(tv)).toBe('Regarder');
    await press(tv, 'Enter');
    await tv.waitForURL((url) => url.pathname === '/tv/clip/1001/player');
    await tv.waitForFunction(
      () => {
        const video = document.querySelector('video');
        return !!video && !video.paused && video.currentTime > 1;
      },
      undefined,
      { timeout: 45_000 },
    );
    expect(await tv.getByText('Aperçu', { exact: true }).count()).toBe(0);
    // The phone's link page says the film is open on the TV.
    await phone.goto(linkPage);
    await phone.getByText("« L'Été indien » est ouvert sur le compte de votre TV. Bon visionnage !").waitFor();
  });

  it('leaving the kids profile on the TV: the parental code is typed on the phone, a wrong one is said', async () => {
    const login = await newAccount('kids');
    const tv = await loggedPage(login, TV_SCREEN);
    // A kids profile, current on the TV (spec 1 §3): leaving it asks the parental code.
    const made = await tv.request.post('/api/1.2/customer/edit/profile', {
      form: { username: 'Les petits', is_kids: '1' },
    });
    const { Profile } = ((await made.json()) as { Response: { Profile: { UUID: string } } }).Response;
    const switched = await tv.request.post('/api/1.2/customer/profile/switch', {
      form: { customer_profile_uuid: Profile.UUID },
    });
    expect((await switched.json()).Error.Number).toBe(0);
    await openTv(tv, '/tv/account');
    await tv.getByRole('heading', { name: 'Compte' }).waitFor();
    const adult = tv.locator('.account__actions').last().getByRole('button').first();
    await adult.waitFor();
    const adultName = (await adult.textContent()) ?? '';
    await press(tv, 'ArrowDown');
    for (let i = 0; i < 3 && (await focusedLabel(tv)) !== adultName; i += 1) await press(tv, 'ArrowLeft');
    expect(await focusedLabel(tv)).toBe(adultName);

    const phone = await loggedPage(login, PHONE);
    await linkPhone(phone);
    await press(tv, 'Enter');
    const dialog = tv.getByRole('dialog', { name: 'Code parental' });
    await dialog.waitFor();
    await dialog.getByText('Ou tapez-le sur votre téléphone connecté à cette TV, dans Télécommande.').waitFor();
    await screenshot(tv, 'tv-parental-asks-phone-1280');

    const card = phone.getByRole('region', { name: 'Votre TV demande le code parental' });
    await card.waitFor();
    await card.getByLabel('Code parental').fill('1111');
    await card.getByRole('button', { name: 'Envoyer à la TV' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Le code parental est incorrect' }).waitFor();
    await card.getByRole('alert').filter({ hasText: 'Le code parental est incorrect' }).waitFor();
    await screenshot(phone, 'tv-parental-phone-wrong-390');
    await card.getByLabel('Code parental').fill(PARENTAL_CODE);
    await card.getByRole('button', { name: 'Envoyer à la TV' }).click();

    // The TV switched to the adult profile; the phone's card is gone.
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => adult.getAttribute('aria-pressed')).toBe('true');
    await card.waitFor({ state: 'detached' });
    const data = (await (await tv.request.get('/api/1.2/data')).json()) as {
      Response: { Customer: { currentProfileIndex: number } };
    };
    expect(data.Response.Customer.currentProfileIndex).toBe(0);
  });
});
