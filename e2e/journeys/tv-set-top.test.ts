import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, contextsClosedAfterEach, newPage, screenshot } from '../support/browser';
import { press } from '../support/tv-remote';

// The Orange set-top box, emulated in Chromium against the real server (decision 087): the
// content player plays the film by /content/{id}/url/tv, the box's deactivate stops it and gives
// its device place back, activate plays it again where it stopped; a failing url/tv is the
// I04-PLAYZ popup. The emulated box's lifecycle is driven as the box would drive it.

const baseUrl = inject('baseUrl');
const TV_SCREEN = { width: 1920, height: 1080 };
const FILM = 1001;
const browser = useBrowser();
const contexts = contextsClosedAfterEach();

async function boxPage(): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl, TV_SCREEN);
  contexts.push(context);
  const res = await page.request.post('/api/1.2/customer', { form: { login: 'demo@playz.fr', password: 'playz2026' } });
  expect((await res.json()).Error.Number).toBe(0);
  return page;
}

const playing = (page: Page) =>
  page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      return !!video && !video.paused && video.readyState >= 3 && video.currentTime > 0;
    },
    undefined,
    { timeout: 45_000 },
  );

/** The cookie dialog, when this account has not chosen yet, answered with OK. */
async function answerConsent(page: Page) {
  const consent = page.getByRole('dialog', { name: 'Consentement aux cookies' });
  if (await consent.isVisible()) {
    await press(page, 'Enter');
    await consent.waitFor({ state: 'detached' });
  }
}

const placesHeld = async (page: Page) =>
  (
    (await (await page.request.get('/api/1.2/customer/playback/devices')).json()).Response.Devices as {
      isCurrent: boolean;
    }[]
  ).filter((device) => device.isCurrent).length;

describe('the Orange set-top box (spec 2 §4 lifecycle, spec 2 §7 url/tv, spec 2 §8 I04-PLAYZ; decision 087)', () => {
  it('plays a film by its TV URL; deactivate stops it and frees the place, activate plays it again where it stopped', async () => {
    const page = await boxPage();
    const tvUrlCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/content\/\d+\/url\/tv\b/.test(request.url())) tvUrlCalls.push(request.url());
    });
    await page.goto(`/tv/clip/${FILM}/player?platform=OrangeSTB`);
    await playing(page);
    await answerConsent(page);
    expect(tvUrlCalls).toHaveLength(1);
    expect(await placesHeld(page)).toBe(1);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 3, undefined, {
      timeout: 30_000,
    });

    const stoppedAt = await page.evaluate(() => {
      const time = document.querySelector('video')!.currentTime;
      void (
        globalThis as unknown as { playzSetTopLifecycle: { deactivate(): Promise<void> } }
      ).playzSetTopLifecycle.deactivate();
      return time;
    });
    await page.waitForFunction(() => document.querySelector('video') === null);
    await expect.poll(() => placesHeld(page)).toBe(0);
    await screenshot(page, 'tv-set-top-deactivated-1920');

    await page.evaluate(() =>
      (globalThis as unknown as { playzSetTopLifecycle: { activate(): void } }).playzSetTopLifecycle.activate(),
    );
    await playing(page);
    expect(tvUrlCalls).toHaveLength(2);
    const resumedAt = await page.evaluate(() => document.querySelector('video')!.currentTime);
    // Where it stopped (a segment's start at most before it), not the film's beginning.
    expect(resumedAt).toBeGreaterThan(stoppedAt - 2.5);
    expect(await placesHeld(page)).toBe(1);
  });

  it('a failing content/{id}/url/tv is the I04-PLAYZ popup; OK closes it and leaves the player', async () => {
    const page = await boxPage();
    await page.route(/\/content\/\d+\/url\/tv/, (route) => route.abort('failed'));
    await page.goto(`/tv/clip/${FILM}/player?platform=OrangeSTB`);
    const popup = page.getByRole('alertdialog', { name: 'Lecture impossible' });
    await popup.waitFor();
    await expect.poll(() => popup.innerText()).toContain('Code erreur : I04-PLAYZ');
    await screenshot(page, 'tv-set-top-i04-1920');
    await press(page, 'Enter');
    await popup.waitFor({ state: 'detached' });
    await page.waitForURL((url) => !url.pathname.endsWith('/player'));
  });
});

describe('a visitor on the Orange box (spec 3 §4 "Non-logged users are identified by ise2"; decision 089)', () => {
  it('subscribes in the Orange app shop without an account and is signed in on its line’s account', async () => {
    const { context, page } = await newPage(browser, baseUrl, TV_SCREEN);
    contexts.push(context);
    // A fresh Orange line on this box, as the box's wassup auth answers it.
    expect((await page.request.post('/sandbox/orange-appshoptv/_test/account', { data: {} })).ok()).toBe(true);
    await page.goto('/tv/subscribe?platform=OrangeSTB');
    const offer = page.getByRole('button', { name: /^Playz Mensuel · 7,99/ });
    await offer.waitFor();
    await page.getByRole('dialog', { name: 'Consentement aux cookies' }).waitFor();
    await answerConsent(page);
    // The store's offers to a visitor, the first one focused, beside the log-in button.
    await expect.poll(() => offer.getAttribute('data-focused')).not.toBeNull();
    await screenshot(page, 'tv-orange-visitor-subscribe-1920');
    await press(page, 'Enter');
    await page.getByText('Merci ! Votre abonnement est actif sur cette TV.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'tv-orange-visitor-paid-1920');
    const me = (await (await page.request.get('/api/1.2/customer?platform=OrangeSTB')).json()).Response.Customer;
    expect(me).toMatchObject({ logged: true, hasValidSubscription: true });
  });
});
