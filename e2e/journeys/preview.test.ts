import { describe, expect, inject, it } from 'vitest';
import { useBrowser, newPage } from '../support/browser';
import { acceptCookies } from '../support/customer';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('a film’s preview for a visitor (spec 2 §4 preview stop; decision 006)', () => {
  it('plays the first segments of the film itself, stops, then offers the subscription', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    try {
      const streams: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/url/adaptive'))
          void response.json().then((b) => streams.push(b.Response.AdaptiveStream.type));
      });
      await page.goto('/content/1001/l-ete-indien');
      await acceptCookies(page);
      await page.getByText('Aperçu', { exact: true }).waitFor();
      await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, {
        timeout: 30_000,
      });
      // The ladder (DASH on desktop), not a separate teaser file.
      expect(streams).toEqual(['dash']);
      // A film is also for rent (spec 3 §3 ContentPurchase): the poster offers both ways in.
      await page.getByText('Abonnez-vous sans engagement, ou louez seulement ce film.').waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: /Louer ce film/ }).waitFor();
    } finally {
      await context.close();
    }
  });
});
