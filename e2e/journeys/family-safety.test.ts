import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';

// Family safety in a real browser (spec 1 §6 "a parental code protects content", decisions 059
// and 064): a kids profile neither sees nor plays a -16 film; an adult profile is asked the
// parental code before it, a wrong code is refused and the right one plays it.

const baseUrl = inject('baseUrl');
const PASSWORD = 'family-pass';
const CODE = '2468';
/** A -16 film of the demo catalogue (db/seed/demo-ratings.ts). */
const FILM_ID = 1011;
const browser = useBrowser();
let login: string;
let film: { title: string; path: string };
const pages: Page[] = [];
beforeAll(async () => {
  // An account of its own, with the whole service (the BIENVENUE promo code) and a parental code:
  // the shared demo accounts keep no code, so the other journeys are never asked for one.
  login = `family-${Date.now()}@example.com`;
  const address = `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const res = await fetch(`${baseUrl}/api/1.2/customer/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams({
      ...{ login, password: PASSWORD, password_confirm: PASSWORD },
      ...{ promo_code: 'BIENVENUE', parental_code: CODE },
    }).toString(),
  });
  expect(((await res.json()) as { Error: { Number: number } }).Error.Number).toBe(0);
  const content = (await (await fetch(`${baseUrl}/api/1.2/content/${FILM_ID}`)).json()) as {
    Response: { Content: { title: string; slug: string; rating: number } };
  };
  expect(content.Response.Content.rating).toBe(16);
  film = { title: content.Response.Content.title, path: `/content/${FILM_ID}/${content.Response.Content.slug}` };
});
afterAll(async () => {
  for (const page of pages) {
    await page.request.get('/api/1.2/customer/logout');
    await page.context().close();
  }
});

/** A browser of its own signed in to the family's account, the cookie choice already made. */
async function signedIn(viewport?: { width: number; height: number }): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl, viewport);
  pages.push(page);
  const { hostname } = new URL(baseUrl);
  await context.addCookies(
    ['hasClosedCookieDefaultDialog', 'hasAcceptedCookieType1'].map((name) => ({
      ...{ name, value: '1', domain: hostname, path: '/' },
    })),
  );
  const res = await page.request.post('/api/1.2/customer', { form: { login, password: PASSWORD } });
  expect((await res.json()).Error.Number).toBe(0);
  return page;
}

const playing = (page: Page) =>
  page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, {
    timeout: 30_000,
  });

/** The code dialog once its opening transition is over, so a screenshot shows it as the viewer sees it. */
const dialogSettled = (page: Page) =>
  page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    const root = dialog?.parentElement ?? dialog;
    return root ? root.getAnimations({ subtree: true }).every((a) => a.playState !== 'running') : false;
  });

async function typeCode(page: Page, code: string) {
  for (const [index, digit] of [...code].entries()) await page.getByLabel(`Chiffre ${index + 1} sur 4`).fill(digit);
}

describe('family safety (spec 1 §6, decisions 059 and 064)', () => {
  it('spec 1 §6 kids profile: a -16 film is not in its rows nor its search, and its page says it is not for it', async () => {
    const page = await signedIn();
    const created = await page.request.post('/api/1.2/customer/edit/profile', {
      form: { username: 'Léo', is_kids: '1' },
    });
    const kid = (await created.json()).Response.Profile as { UUID: string };
    const switched = await page.request.post('/api/1.2/customer/profile/switch', {
      form: { customer_profile_uuid: kid.UUID },
    });
    expect((await switched.json()).Error.Number).toBe(0);

    await page.goto('/');
    // The kids profile's home: its rows are there, the -16 film in none of them.
    await page.getByRole('region').first().waitFor();
    expect(await page.getByText(film.title, { exact: true }).count()).toBe(0);
    const search = await page.request.get('/api/1.2/search', { params: { keywords: film.title } });
    const found = JSON.stringify((await search.json()).Response ?? {});
    expect(found).not.toContain(`"contentID":${FILM_ID}`);

    await page.goto(film.path);
    const notice = page.getByText("Ce programme n'est pas disponible sur un profil enfant.");
    await notice.waitFor();
    expect(await page.locator('video').count()).toBe(0);
    // The way home sits in the page's gutter, under the notice, not against the window's edge.
    const home = page.locator('.player-page').getByRole('link', { name: 'Accueil' });
    const [noticeBox, homeBox] = [await notice.boundingBox(), await home.boundingBox()];
    expect(Math.abs(homeBox!.x - noticeBox!.x)).toBeLessThan(2);
    await screenshot(page, 'family-safety-kids-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'family-safety-kids-phone');
  }, 90_000);

  it('spec 1 §6 parental code: an adult is asked the code before a -16 film; a wrong code is refused, the right one plays it', async () => {
    const page = await signedIn();
    await page.goto(film.path);
    const prompt = page.getByRole('dialog', { name: 'Code parental' });
    await prompt.waitFor();
    // The film's CSA badge in its details (decision 064); a channel of the side panel may air it too (decision 082).
    await page
      .getByRole('region', { name: film.title })
      .getByRole('img', { name: 'Déconseillé aux moins de 16 ans' })
      .waitFor();
    await dialogSettled(page);
    await screenshot(page, 'family-safety-code-desktop');
    await typeCode(page, '1111');
    await prompt.getByText('Le code parental est incorrect').waitFor();
    await screenshot(page, 'family-safety-code-wrong-desktop');
    expect(await page.locator('video').count()).toBe(0);
    await typeCode(page, CODE);
    await prompt.waitFor({ state: 'detached' });
    await playing(page);
    await screenshot(page, 'family-safety-playing-desktop');
  }, 90_000);

  it('spec 1 §6 parental code on a phone: the code is asked over the film, the right one plays it', async () => {
    const page = await signedIn(PHONE);
    await page.goto(film.path);
    await page.getByLabel('Chiffre 1 sur 4').waitFor();
    await dialogSettled(page);
    await screenshot(page, 'family-safety-code-phone');
    await typeCode(page, CODE);
    await playing(page);
    await screenshot(page, 'family-safety-playing-phone');
  }, 90_000);

  it('spec 1 §6 rating badges: the -16 film’s card carries the CSA badge in search and on its category, on a desktop, a phone and the TV (decision 082)', async () => {
    // The category holding the film, found through the API as the apps do.
    const categories = (await (await fetch(`${baseUrl}/api/1.2/categories/`)).json()) as {
      Response: { Categories: { ID: number }[] };
    };
    let categoryId: number | null = null;
    for (const { ID } of categories.Response.Categories) {
      const category = (await (await fetch(`${baseUrl}/api/1.2/category/${ID}`)).json()) as {
        Response: { Category: { contents: { contentID: number }[] } };
      };
      if (category.Response.Category.contents.some((c) => c.contentID === FILM_ID)) categoryId = ID;
    }
    expect(categoryId).not.toBeNull();
    const meaning = 'Déconseillé aux moins de 16 ans';
    for (const [viewport, name] of [
      [undefined, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await signedIn(viewport);
      await page.goto('/search?q=ciel%20feu');
      const result = page.getByRole('link', { name: new RegExp(`${film.title}.*${meaning}$`) });
      await result.waitFor();
      expect(await result.getByRole('img', { name: meaning }).textContent()).toBe('-16');
      await screenshot(page, `family-safety-badge-search-${name}`);
      await page.goto(`/category/${categoryId}`);
      const card = page.getByRole('link', { name: new RegExp(`^${film.title}.*${meaning}$`) });
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      expect(await card.getByRole('img', { name: meaning }).textContent()).toBe('-16');
      await screenshot(page, `family-safety-badge-category-${name}`);
    }
    const tv = await signedIn({ width: 1920, height: 1080 });
    await tv.goto(`/tv/category/${categoryId}`);
    const tile = tv.getByRole('link', { name: film.title, exact: true });
    await tile.waitFor();
    expect(await tile.getByRole('img', { name: meaning }).textContent()).toBe('-16');
    expect(await tile.getAttribute('aria-describedby')).not.toBeNull();
    await screenshot(tv, 'family-safety-badge-category-tv-1920');
  }, 90_000);
});
