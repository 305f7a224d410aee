import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, contextsClosedAfterEach, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn } from '../support/customer';
import { focused, press } from '../support/tv-remote';

const baseUrl = inject('baseUrl');
const TV_SCREEN = { width: 1920, height: 1080 };
const browser = useBrowser();
const contexts = contextsClosedAfterEach();

async function tvPage(login?: string): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl, TV_SCREEN);
  contexts.push(context);
  if (login) {
    const res = await page.request.post('/api/1.2/customer', { form: { login, password: 'playz2026' } });
    expect((await res.json()).Error.Number).toBe(0);
  }
  return page;
}

async function waitForPlayback(page: Page, timeout = 45_000) {
  await page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      return !!video && !video.paused && video.readyState >= 3 && video.currentTime > 0;
    },
    undefined,
    { timeout },
  );
}

/**
 * spec 3 §4 cookie consent: a device with no choice asks first, with the focus on "Tout
 * accepter", and OK answers. A logged account that already chose (decision 015) is not asked again:
 * then the page's own focus (`ready`) comes without the dialog.
 */
async function acceptCookies(page: Page, ready: string) {
  const dialog = page.getByRole('dialog', { name: 'Consentement aux cookies' });
  await page.locator(`${ready}, .consent`).first().waitFor();
  // The dialog comes with /data, which may answer just after the page's first focus.
  await page.waitForLoadState('networkidle');
  if (await dialog.isVisible()) {
    await expect.poll(async () => (await focused(page)).label).toBe('Tout accepter');
    await press(page, 'Enter');
    await dialog.waitFor({ state: 'detached' });
  }
  await page.locator(ready).waitFor();
}

const isPaused = (page: Page) => page.evaluate(() => document.querySelector('video')?.paused ?? null);

describe('the TV app with a remote only (decision 035)', () => {
  it('home rows move, a film opens and plays, OK pauses, back returns to the same card', async () => {
    const page = await tvPage('demo@playz.fr');
    await page.goto('/tv');
    await acceptCookies(page, '.tile[data-focused]');
    const first = await focused(page);
    expect(first.domFocus).toBe(true);
    // Down, one row a press, to the films row. Which row comes first depends on the account:
    // "Reprendre la lecture" leads once any journey before this one left a resume point.
    const rows = [first.row];
    while (rows.at(-1) !== 'Films' && rows.length <= 4) {
      await press(page, 'ArrowDown');
      rows.push((await focused(page)).row);
    }
    expect(rows.at(-1)).toBe('Films');
    expect(new Set(rows).size).toBe(rows.length);
    // Right along the row, then open the focused film.
    const start = await focused(page);
    await press(page, 'ArrowRight', 2);
    const film = await focused(page);
    expect(film.label).not.toBe(start.label);
    expect(film.row).toBe('Films');
    await screenshot(page, 'tv-home-1920');
    await press(page, 'Enter');
    await page.waitForURL(/\/tv\/content\/\d+$/);
    await page.getByRole('heading', { name: film.label ?? '' }).waitFor();
    expect((await focused(page)).label).toMatch(/Lecture|Reprendre/);
    await screenshot(page, 'tv-content-1920');

    await press(page, 'Enter');
    await page.waitForURL(/\/tv\/clip\/\d+\/player$/);
    await waitForPlayback(page);
    await press(page, 'Enter');
    await expect.poll(() => isPaused(page)).toBe(true);
    await screenshot(page, 'tv-player-paused-1920');
    await press(page, 'Enter');
    await expect.poll(() => isPaused(page)).toBe(false);

    // Back: the film's page, then home with the focus on the film's card again.
    await press(page, 'Escape');
    await page.waitForURL(/\/tv\/content\/\d+$/);
    await press(page, 'Escape');
    await page.waitForURL((url) => url.pathname === '/tv/' || url.pathname === '/tv');
    await expect.poll(async () => (await focused(page)).label).toBe(film.label);
  });

  it('zaps channels with channel up / down (Page Up / Page Down) in the full-screen player', async () => {
    const page = await tvPage('demo@playz.fr');
    await page.goto('/tv/channels');
    await acceptCookies(page, '.channel-card[data-focused]');
    const names = await page.locator('.channel-card__name').allTextContents();
    await press(page, 'Enter');
    await page.waitForURL(/\/tv\/channel\/\d+\/player$/);
    const firstUrl = page.url();
    // The banner shows for 4 s from the channel's opening (BANNER_MS), which a loaded machine's
    // playback start can outlast: watched for from the opening, beside the playback.
    await Promise.all([page.locator('.zap-banner', { hasText: names[0]! }).waitFor(), waitForPlayback(page)]);

    await press(page, 'PageUp');
    await page.waitForURL((url) => url.href !== firstUrl);
    await page.locator('.zap-banner', { hasText: names[1]! }).waitFor();
    await page.getByRole('heading', { name: names[1]! }).waitFor();
    await waitForPlayback(page);
    await screenshot(page, 'tv-channel-zap-1920');

    await press(page, 'PageDown');
    await page.waitForURL(firstUrl);
    await page.getByRole('heading', { name: names[0]! }).waitFor();
    // Back leaves the player in one press: zapping replaced the address, it did not stack it.
    await press(page, 'Escape');
    await page.waitForURL(/\/tv\/channels$/);
  });

  it('searches with the on-screen keyboard and opens a result, arrows and OK only', async () => {
    const page = await tvPage('demo@playz.fr');
    await page.goto('/tv/search');
    await acceptCookies(page, '.osk__key[data-focused]');
    expect((await focused(page)).label).toBe('a');
    // n (row 2, last key), o (row 3, first), r (row 3, fourth), d (row 1, fourth).
    const moves: [string, number][][] = [
      [
        ['ArrowDown', 1],
        ['ArrowRight', 6],
      ],
      [
        ['ArrowDown', 1],
        ['ArrowLeft', 6],
      ],
      [['ArrowRight', 3]],
      [['ArrowUp', 2]],
    ];
    for (const [index, steps] of moves.entries()) {
      for (const [key, times] of steps) await press(page, key, times);
      expect((await focused(page)).label).toBe('nord'[index]);
      await press(page, 'Enter');
    }
    await page
      .getByRole('status')
      .filter({ hasText: /résultats? pour « nord »/ })
      .waitFor();
    // Right from the keyboard's edge reaches the results.
    await press(page, 'ArrowRight', 4);
    const result = await focused(page);
    expect(result.label).toMatch(/Nord/);
    await screenshot(page, 'tv-search-1920');
    await press(page, 'Enter');
    // A result is a film or episode (its page), a series (its page) or a channel (its player).
    await page.waitForURL(/\/tv\/(content\/\d+|series\/\d+|channel\/\d+\/player)$/);
    await page.getByRole('heading', { name: result.label ?? '' }).waitFor();
  });

  it('logs in by link code: the phone, in another browser context, approves the code shown on the TV', async () => {
    const tv = await tvPage();
    await tv.goto('/tv/login');
    await acceptCookies(tv, '[data-focused]');
    const code = await tv.getByTestId('link-code').getAttribute('aria-label');
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await screenshot(tv, 'tv-login-1920');

    const { context, page: phone } = await newPage(browser, baseUrl, PHONE);
    contexts.push(context);
    await phone.goto(`/customer/link?code=${code}`);
    await phone.getByRole('link', { name: 'Se connecter' }).click();
    await fillLogIn(phone, 'abonne@playz.fr', 'playz2026');
    await phone.waitForURL((url) => url.pathname === '/customer/link');
    await phone.getByRole('button', { name: 'Connecter ma TV' }).click();
    await phone.getByRole('heading', { name: 'TV connectée' }).waitFor();

    // The TV's poll sees the approval, logs in and goes home; the menu now offers the account.
    await tv.waitForURL((url) => url.pathname === '/tv/' || url.pathname === '/tv', { timeout: 20_000 });
    await tv.getByRole('link', { name: 'Mon compte' }).waitFor();
  });

  it('a Samsung TV (emulated) subscribes in Samsung Checkout from the subscribe page, OK only (spec 3 §4, decision 029)', async () => {
    // A new account: no subscription yet, and its own CustomID at the store stand-in.
    const tv = await tvPage();
    const registered = await tv.request.post('/api/1.2/customer/register', {
      form: { login: `tv-store-${Date.now()}@example.com`, password: 'tv-store-1', password_confirm: 'tv-store-1' },
    });
    expect((await registered.json()).Error.Number).toBe(0);
    await tv.goto('/tv/subscribe?platform=Tizen');
    await acceptCookies(tv, '[data-focused]');
    await expect.poll(async () => (await focused(tv)).label).toMatch(/^Playz Mensuel · 7,99\s€ par mois$/);
    await screenshot(tv, 'tv-subscribe-store-1920');
    await press(tv, 'Enter');
    await tv.getByText('Merci ! Votre abonnement est actif sur cette TV.').waitFor({ timeout: 20_000 });
    const customer = (await (await tv.request.get('/api/1.2/data')).json()).Response.Customer;
    expect(customer.hasValidSubscription).toBe(true);
    expect(customer.subscriptions.map((s: { billingType: string }) => s.billingType)).toEqual(['SamsungCheckout']);
  });
});
