import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, contextsClosedAfterEach, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies } from '../support/customer';
import { acceptTvCookies, focused, press } from '../support/tv-remote';

/**
 * Subtitles and audio languages (decisions 068, 069; beyond the spec, the European Accessibility
 * Act): a demo film's English subtitles and English audio chosen in the web player and on the TV,
 * seen applied (the English cues showing on the video, the English audio's segments fetched), and
 * found again at the next visit.
 */
const baseUrl = inject('baseUrl');
const FILM = '/content/1004/le-grand-bazar';
const TV_SCREEN = { width: 1920, height: 1080 };
const browser = useBrowser();
const contexts = contextsClosedAfterEach();
beforeAll(async () => {
  await resetLanguages();
});
afterAll(async () => {
  // The demo profile's choices go back to the defaults on the server (decision 081): other
  // journeys play with this account and expect no subtitles.
  await resetLanguages();
});

/** The demo profile's subtitle and audio choices on the server, back to the players' defaults. */
async function resetLanguages() {
  if (!browser) return;
  const { context, page } = await newPage(browser, baseUrl);
  await page.request.post('/api/1.2/customer', { form: { login: 'demo@playz.fr', password: 'playz2026' } });
  const res = await page.request.post('/api/1.2/customer/profile/languages', {
    form: { audio_language: '', subtitle_language: '', subtitle_size: 'medium', subtitle_background: 'box' },
  });
  expect((await res.json()).Error.Number).toBe(0);
  await page.request.get('/api/1.2/customer/logout');
  await context.close();
}

async function signedIn(viewport?: { width: number; height: number }): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl, viewport);
  contexts.push(context);
  const res = await page.request.post('/api/1.2/customer', { form: { login: 'demo@playz.fr', password: 'playz2026' } });
  expect((await res.json()).Error.Number).toBe(0);
  return page;
}

const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction((at) => (document.querySelector('video')?.currentTime ?? 0) > at, seconds, { timeout: 30_000 });

/** Waits until the video shows a cue of the subtitles in `language` (the demo cues start "[EN 4s]"). */
const showsCueIn = (page: Page, language: string) =>
  page.waitForFunction(
    (lang) => {
      const video = document.querySelector('video');
      const tracks = video ? Array.from(video.textTracks) : [];
      const showing = tracks.filter((track) => track.mode === 'showing');
      return (
        showing.length === 1 &&
        showing[0]!.language === lang &&
        Array.from(showing[0]!.activeCues ?? []).some((cue) =>
          (cue as VTTCue).text.startsWith(`[${lang.toUpperCase()} `),
        )
      );
    },
    language,
    { timeout: 20_000 },
  );

/** Records the representation ids whose media segments the page fetches. */
function segmentRequests(page: Page): Set<number> {
  const ids = new Set<number>();
  page.on('request', (request) => {
    const match = /chunk-stream(\d+)-\d{5}\.m4s/.exec(request.url());
    if (match) ids.add(Number(match[1]));
  });
  return ids;
}

/** The representation id of the MPD's English audio (from the manifest the page fetched). */
function englishAudioId(page: Page): Promise<number> {
  return new Promise((resolve) => {
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('.mpd')) return;
      void response.text().then((mpd) => {
        const set = /<AdaptationSet[^>]*contentType="audio"[^>]*lang="en"[^>]*>[\s\S]*?<Representation id="(\d+)"/.exec(
          mpd,
        );
        if (set) resolve(Number(set[1]));
      });
    });
  });
}

describe('subtitles and audio languages in the players (decisions 068, 069)', () => {
  it('web: English subtitles and English audio chosen from the control bar are applied, and kept for the next film', async () => {
    const page = await signedIn();
    const segments = segmentRequests(page);
    const english = englishAudioId(page);
    await page.goto(FILM);
    await acceptCookies(page);
    await playedPast(page, 1);
    await page.locator('[data-testid="video-player"]').hover();
    await page.getByRole('button', { name: 'Audio et sous-titres' }).click();
    const menu = page.getByRole('menu', { name: 'Audio et sous-titres' });
    // The subtitles' English comes before the audio's in the menu.
    await menu.getByRole('menuitemradio', { name: 'English' }).first().click();
    await menu.getByRole('group', { name: 'Audio' }).getByRole('menuitemradio', { name: 'English' }).click();
    await showsCueIn(page, 'en');
    const englishId = await english;
    await expect.poll(() => segments.has(englishId), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(() =>
        menu
          .getByRole('group', { name: 'Audio' })
          .getByRole('menuitemradio', { name: 'English' })
          .getAttribute('aria-checked'),
      )
      .toBe('true');
    await menu.getByRole('menuitemradio', { name: 'Grande' }).click();
    await expect.poll(() => page.locator('video').getAttribute('data-subtitle-size')).toBe('large');
    await screenshot(page, 'subtitles-menu-desktop');
    await page.keyboard.press('Escape');
    await screenshot(page, 'subtitles-english-large-desktop');

    // The next visit plays the same choices without being asked.
    segments.clear();
    await page.reload();
    await playedPast(page, 1);
    await showsCueIn(page, 'en');
    await expect.poll(() => segments.has(englishId), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('video').getAttribute('data-subtitle-size')).toBe('large');
  });

  it('web on a phone: the menu fits a 390 px screen', async () => {
    const page = await signedIn(PHONE);
    await page.goto(FILM);
    await acceptCookies(page);
    await playedPast(page, 1);
    await page.locator('[data-testid="video-player"]').hover();
    await page.getByRole('button', { name: 'Audio et sous-titres' }).click();
    const item = page.getByRole('menu').getByRole('menuitemradio', { name: 'Désactivés' });
    await item.waitFor();
    const box = await page.getByRole('menu').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'subtitles-menu-phone');
  });

  it('TV: the D-pad opens the panel, English subtitles are chosen with OK, and Back closes the panel only', async () => {
    const { context, page } = await newPage(browser, baseUrl, TV_SCREEN);
    contexts.push(context);
    const res = await page.request.post('/api/1.2/customer', {
      form: { login: 'demo@playz.fr', password: 'playz2026' },
    });
    expect((await res.json()).Error.Number).toBe(0);
    await page.goto('/tv/clip/1004/player');
    await acceptTvCookies(page);
    await playedPast(page, 1);
    // The English subtitles chosen on the web above are the profile's on the server (decision 081):
    // the TV, another browser, starts with them.
    await showsCueIn(page, 'en');
    // Down reaches the buttons (Play first), right moves along them to the panel's button.
    await press(page, 'ArrowDown');
    for (let i = 0; i < 6 && (await focused(page)).label !== 'Audio et sous-titres'; i += 1) {
      await press(page, 'ArrowRight');
    }
    expect((await focused(page)).label).toBe('Audio et sous-titres');
    await press(page, 'Enter');
    await page.getByRole('dialog', { name: 'Audio et sous-titres' }).waitFor();
    // The panel opens on the subtitles in use: English.
    expect((await focused(page)).label).toBe('English');
    await press(page, 'ArrowUp', 2);
    expect((await focused(page)).label).toBe('Désactivés');
    await press(page, 'Enter');
    await page.waitForFunction(
      () => !Array.from(document.querySelector('video')?.textTracks ?? []).some((track) => track.mode === 'showing'),
    );
    await press(page, 'ArrowDown', 2);
    expect((await focused(page)).label).toBe('English');
    await press(page, 'Enter');
    await showsCueIn(page, 'en');
    await screenshot(page, 'subtitles-panel-tv-1920');
    await press(page, 'Escape');
    await page.getByRole('dialog', { name: 'Audio et sous-titres' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/tv/clip/1004/player');
    await screenshot(page, 'subtitles-english-tv-1920');
  });
});
