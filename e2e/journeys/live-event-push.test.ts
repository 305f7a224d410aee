import { describe, expect, inject, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn, registerByApi } from '../support/customer';

// Spec 1 §3 Alert (LiveEvent) by Web Push, decision 066, in Chromium: the account's switch asks the
// browser's permission and registers the service worker; a pushed alert is shown as a notification.
// Headless Chromium has no push service, so the push is handed to the service worker through the
// DevTools protocol (ServiceWorker.deliverPushMessage), as the push service would deliver it.
const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The id DevTools knows the app's service worker registration by, once it is there. */
function registrationIdOf(cdp: CDPSession): Promise<string> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
}

const notificationsOf = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      image: (n as Notification & { image?: string }).image,
      tag: n.tag,
      lang: n.lang,
      data: n.data as unknown,
    })),
  );

describe('live event alert by Web Push (spec 1 §3 Alert, decision 066)', () => {
  it('asks the permission when push is turned on, registers the service worker, and shows a pushed alert', async () => {
    const login = `push-${Date.now()}@example.com`;
    await registerByApi(baseUrl, login, 'push-pass-1');
    const { context, page } = await newPage(browser, baseUrl);
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    // A cookie choice already made on this browser (spec 3 §4, decision 015): the banner is not this journey's.
    const { hostname } = new URL(baseUrl);
    await context.addCookies(
      ['hasClosedCookieDefaultDialog', 'hasAcceptedCookieType1'].map((name) => ({
        name,
        value: '1',
        domain: hostname,
        path: '/',
      })),
    );
    await page.goto('/customer/login');
    await fillLogIn(page, login, 'push-pass-1');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/customer/account');
    const alerts = page.getByRole('region', { name: 'Alertes' });
    const push = alerts.getByRole('switch', { name: /Recevoir aussi l’alerte sur ce navigateur/ });
    await push.waitFor();
    expect(await push.isDisabled()).toBe(true);
    await alerts.getByRole('switch', { name: /Me prévenir avant un événement en direct/ }).click();
    await page.getByText('Alerte activée').waitFor();
    await expect.poll(() => push.isDisabled()).toBe(false);
    // Nothing was registered before the viewer asked for push.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

    const cdp = await context.newCDPSession(page);
    const registered = registrationIdOf(cdp);
    await cdp.send('ServiceWorker.enable');
    await push.click();
    const registrationId = await registered;
    // Subscribing needs the browser's push service, which a closed network does not reach: either
    // the switch is on, or the viewer is told this browser could not subscribe; the worker is there
    // in both cases.
    await page
      .getByText(/Notifications activées sur ce navigateur|Ce navigateur n’a pas pu s’abonner aux notifications/)
      .waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null)).toBe(
      `${baseUrl}/sw.js`,
    );
    await screenshot(page, 'live-event-push-account-desktop');
    // `ready` resolves while the worker may still be activating (its clients.claim()); a push is
    // handed over once it is activated, as a push service reaches only a running worker.
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');

    const event = { id: 1, url: `${baseUrl}/live-event/1/concert` };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId,
      data: JSON.stringify({
        title: 'Bientôt en direct : Concert',
        body: 'Concert commence samedi à 21:00 sur Playz.',
        image: `${baseUrl}/favicon.svg`,
        icon: `${baseUrl}/favicon.svg`,
        url: event.url,
        tag: `live-event-${event.id}`,
        lang: 'fr',
      }),
    });
    // The notification's icon and image are fetched from the server before it shows; with the other
    // group's journeys and encoders on CI's two cores, 10 s once passed without it.
    await expect.poll(() => notificationsOf(page), { timeout: 30_000 }).toHaveLength(1);
    expect((await notificationsOf(page))[0]).toEqual({
      title: 'Bientôt en direct : Concert',
      body: 'Concert commence samedi à 21:00 sur Playz.',
      image: `${baseUrl}/favicon.svg`,
      tag: 'live-event-1',
      lang: 'fr',
      data: { url: event.url },
    });

    await page.setViewportSize(PHONE);
    await alerts.scrollIntoViewIfNeeded();
    await screenshot(page, 'live-event-push-account-phone');
    await context.close();
  });
});
