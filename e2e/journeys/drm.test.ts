import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, contextsClosedAfterEach, newPage } from '../support/browser';
import { acceptCookies } from '../support/customer';

const baseUrl = inject('baseUrl');
/** "Béton armé" plays the CENC copy of its clip (decision 024). */
const PROTECTED_FILM = '/content/1010/beton-arme';
const browser = useBrowser();
const contexts = contextsClosedAfterEach();

async function signedIn(): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl);
  contexts.push(context);
  const res = await page.request.post('/api/1.2/customer', { form: { login: 'demo@playz.fr', password: 'playz2026' } });
  expect((await res.json()).Error.Number).toBe(0);
  return page;
}

describe('ClearKey DRM in Chromium’s EME (spec 2 §7 DRM licence step, decision 024)', () => {
  it('an entitled viewer’s player takes a token, then the licence, and the encrypted film plays', async () => {
    const page = await signedIn();
    const tokens: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/1.2/drm/token')) tokens.push(request.postData() ?? '');
      if (request.url().includes('/drm/license'))
        tokens.push(`licence ${new URL(request.url()).searchParams.has('licenseToken')}`);
    });
    await page.goto(PROTECTED_FILM);
    await acceptCookies(page);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1.5, undefined, {
      timeout: 30_000,
    });
    expect(JSON.parse(tokens[0]!)).toMatchObject({ contentAccessMode: 'View', usageContext: expect.any(String) });
    expect(tokens).toContain('licence true');
  });

  it('without a token the licence is refused and nothing is shown decrypted', async () => {
    const page = await signedIn();
    // The token step answers as it does for a stream that is no longer entitled.
    await page.route('**/api/1.2/drm/token**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ Response: null, Error: { Number: 4, Message: 'forbidden' } }),
      }),
    );
    await page.goto(PROTECTED_FILM);
    await acceptCookies(page);
    await page.getByText('La connexion a été interrompue. Reprise en cours…').waitFor({ timeout: 30_000 });
    // No frame decoded, so none shown. (Not its time: the first test may have left a resume point
    // on the same account, from which this one starts without playing anything.)
    const video = await page.evaluate(() => {
      const element = document.querySelector('video');
      return element && { frames: element.getVideoPlaybackQuality().totalVideoFrames, readyState: element.readyState };
    });
    expect(video?.frames).toBe(0);
    expect(video?.readyState).toBeLessThan(2);
  });
});
