import { describe, expect, inject, it } from 'vitest';
import { useBrowser, newPage, screenshot } from '../support/browser';
import { acceptCookies } from '../support/customer';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('the player recovers from a network drop (beyond spec 2 §4 "errors are only logged")', () => {
  it('says the viewer is offline, then resumes by itself when the network returns', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    try {
      const res = await page.request.post('/api/1.2/customer', {
        form: { login: 'demo@playz.fr', password: 'playz2026' },
      });
      expect((await res.json()).Error.Number).toBe(0);
      await page.goto('/content/1002/nuit-blanche-a-lyon');
      await acceptCookies(page);
      await page
        .waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, {
          timeout: 30_000,
        })
        .catch(async (error: Error) => {
          await screenshot(page, 'player-recovery-start-failed');
          throw error;
        });
      // The app's player holds the film: on a first visit the app comes after the first picture
      // (decisions 134, 136), and a drop before it is the entry's own retry, not this message.
      await page.locator('.player-page .video__element').waitFor({ timeout: 30_000 });
      await context.setOffline(true);
      await page
        .getByText('Vous êtes hors ligne. La lecture reprendra au retour de la connexion.')
        .waitFor({ timeout: 60_000 });
      await screenshot(page, 'player-offline');
      const stalledAt = await page.evaluate(() => document.querySelector('video')!.currentTime);
      await context.setOffline(false);
      await page.waitForFunction(
        (at) => {
          const video = document.querySelector('video');
          return !!video && !video.paused && video.currentTime > at + 1;
        },
        stalledAt,
        { timeout: 30_000 },
      );
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await page.request.get('/api/1.2/customer/logout').catch(() => {});
      await context.close();
    }
  });
});
