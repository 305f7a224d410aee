import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { acceptCookies } from '../support/customer';

const baseUrl = inject('baseUrl');
const FILM = '/content/1004/le-grand-bazar';
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) {
    await context.request.get('/api/1.2/customer/logout').catch(() => {});
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl);
  contexts.push(context);
  const res = await page.request.post('/api/1.2/customer', { form: { login: 'demo@playz.fr', password: 'playz2026' } });
  expect((await res.json()).Error.Number).toBe(0);
  return page;
}

const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction((at) => (document.querySelector('video')?.currentTime ?? 0) > at, seconds, { timeout: 30_000 });

describe('the VOD player (spec 2 §2 controls, §4 quality and resume; issue 8)', () => {
  it('a film plays in DASH, the target of desktop Chromium (spec 2 §4 target per device)', async () => {
    const page = await signedIn();
    const types: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/url/adaptive'))
        void response.json().then((body) => types.push(body.Response.AdaptiveStream.type));
    });
    await page.goto(FILM);
    await acceptCookies(page);
    await playedPast(page, 1);
    expect(types).toEqual(['dash']);
  });

  it('the quality selector changes the rendition on screen', async () => {
    const page = await signedIn();
    await page.goto(FILM);
    await acceptCookies(page);
    await playedPast(page, 0.5);
    await page.getByRole('button', { name: 'Qualité' }).click();
    await page.getByRole('menuitemradio', { name: /^270p/ }).click();
    await page.waitForFunction(() => document.querySelector('video')?.videoHeight === 270, undefined, {
      timeout: 20_000,
    });
  });
});
