import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { acceptCookies } from '../support/customer';
import { acceptTvCookies } from '../support/tv-remote';

const baseUrl = inject('baseUrl');
const FILM = '/content/1001/l-ete-indien';
/** A demo film with French and English audio and subtitles (decision 068). */
const FILM_WITH_LANGUAGES = '/content/1004/le-grand-bazar';

const browser = useBrowser();
let tv: Page;
let tvContext: BrowserContext;
let tvUdid: string;
/** The phones a test opened: closed after it, so a second attempt starts with no phone linked. */
const phones: BrowserContext[] = [];

/**
 * Both pages stamp what matters with one clock: `performance.timeOrigin + performance.now()` is
 * the wall clock in high resolution, the same for every page of this browser. The TV stamps its
 * video's play / pause / seeking events, the phone the clicks that send the commands.
 */
const stampScript = () => {
  const w = window as unknown as { __stamps: { type: string; label: string; at: number; time: number }[] };
  w.__stamps = [];
  const stamp = (type: string, label: string, time: number) =>
    w.__stamps.push({ type, label, at: performance.timeOrigin + performance.now(), time });
  // Media events do not bubble, but a capturing listener on the document sees them.
  for (const type of ['play', 'pause', 'seeking'])
    document.addEventListener(type, (event) => stamp(type, '', (event.target as HTMLVideoElement).currentTime), true);
  document.addEventListener(
    'click',
    (event) => {
      const control = (event.target as Element).closest('button, a');
      stamp('click', control?.getAttribute('aria-label') ?? control?.textContent ?? '', 0);
    },
    true,
  );
};

type Stamp = { type: string; label: string; at: number; time: number };
const stamps = (page: Page) => page.evaluate(() => (window as unknown as { __stamps: Stamp[] }).__stamps);

async function loggedPage(login: string, viewport: { width: number; height: number }): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl, viewport);
  phones.push(context);
  await context.addInitScript(stampScript);
  const res = await page.request.post('/api/1.2/customer', { form: { login, password: 'playz2026' } });
  expect((await res.json()).Error.Number).toBe(0);
  return page;
}

/**
 * A phone's click on `label`, and how long after it the TV's video fired `type` — logged, not
 * asserted: the TV's "within 100 ms" (decision 034) is measured by `npm run bench` ("Remote control reaction"),
 * since a test on 2 busy cores cannot hold a timing (it failed CI at 119 ms once).
 */
async function reaction(phone: Page, label: string, type: string): Promise<{ ms: number; tv: Stamp }> {
  const since = (await stamps(tv)).length;
  await phone.getByRole('button', { name: label, exact: true }).click();
  const clicked = (await stamps(phone)).filter((s) => s.type === 'click' && s.label === label).at(-1)!;
  await expect.poll(async () => (await stamps(tv)).slice(since).some((s) => s.type === type)).toBe(true);
  const event = (await stamps(tv)).slice(since).find((s) => s.type === type)!;
  return { ms: event.at - clicked.at, tv: event };
}

const tvVideo = () =>
  tv.evaluate(() => {
    const video = document.querySelector('video');
    return video ? { paused: video.paused, time: video.currentTime, ready: video.readyState } : null;
  });

/** A registered Client socket in `page` (its session cookie) asking to link `udid`: the server's answer. */
function linkFrom(page: Page, udid: string) {
  return page.evaluate(
    (target) =>
      new Promise<{ event: string; data: { number?: number; devices?: unknown[] } }[]>((resolve) => {
        const url = new URL('/api/1.2/remote/socket', location.origin);
        url.protocol = 'ws:';
        const socket = new WebSocket(url);
        const frames: { event: string; data: { number?: number } }[] = [];
        socket.onopen = () =>
          socket.send(JSON.stringify({ action: 'registerDevice', data: { type: 'Client', udid: 'intruder-phone' } }));
        socket.onmessage = (message) => {
          const frame = JSON.parse(String(message.data)) as { event: string; data: { number?: number } };
          frames.push(frame);
          if (frame.event === 'onDeviceRegistered')
            socket.send(JSON.stringify({ action: 'linkServerDevice', data: { udid: target } }));
          if (frame.event === 'error' || frame.event === 'onServerDeviceLinked') {
            socket.close();
            resolve(frames);
          }
        };
      }),
    udid,
  );
}

beforeAll(async () => {
  // The TV: /tv logged in (its session cookie), cookie choice made with OK.
  tv = await loggedPage('demo@playz.fr', { width: 1280, height: 720 });
  tvContext = phones.pop()!;
  await tv.goto('/tv');
  // The account may have chosen already in a journey before this one (its choice is followed).
  await acceptTvCookies(tv);
  tvUdid = await tv.evaluate(() => localStorage.getItem('playz.device_udid') ?? '');
  expect(tvUdid).not.toBe('');
});

async function logOutAndClose(context: BrowserContext) {
  await context.request.get('/api/1.2/customer/logout').catch(() => {});
  await context.close();
}

afterEach(async () => {
  for (const context of phones.splice(0)) await logOutAndClose(context);
});

afterAll(async () => {
  if (tvContext) await logOutAndClose(tvContext);
});

describe('the phone remote control drives the TV (decision 034, spec 2 §4 Remote control, §7, §9)', () => {
  it('a phone of the same account lists and links the TV, pushes a film, plays, pauses and seeks it', async () => {
    // The film from its start (its +10 s seek must stay within its 32 s): a first attempt left
    // the TV playing it, and it or another journey a resume point.
    if (!/^\/tv\/?$/.test(new URL(tv.url()).pathname)) {
      await tv.goto('/tv');
      await tv.locator('.tile[data-focused]').waitFor();
    }
    const reset = await tv.request.get('/api/1.2/content/1001/playback/status?playback_time=0');
    expect(((await reset.json()) as { Error: { Number: number } }).Error.Number).toBe(0);
    const phone = await loggedPage('demo@playz.fr', PHONE);
    await phone.goto(`/remote?play=${encodeURIComponent(FILM)}`);
    await acceptCookies(phone);
    await phone.getByRole('heading', { name: 'Vos écrans' }).waitFor();
    const link = phone.getByRole('button', { name: 'Piloter — Téléviseur' });
    await link.waitFor();
    expect(await link.count()).toBe(1);
    await link.click();
    await phone.getByRole('button', { name: /^Arrêter — / }).waitFor();

    // Push the film: the TV opens its player (the route rule's /content/1001/player) and plays.
    await phone.getByRole('button', { name: 'Regarder sur la TV' }).click();
    await tv.waitForURL(/\/tv\/content\/1001\/player$/);
    await expect.poll(async () => (await tvVideo())?.ready ?? 0, { timeout: 45_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(async () => (await tvVideo())?.paused, { timeout: 20_000 }).toBe(false);
    // The phone mirrors it: the title from the catalogue.
    await phone.getByTestId('remote-now-title').filter({ hasText: "L'Été indien" }).waitFor();
    const pauseButton = phone.getByRole('button', { name: 'Pause', exact: true });
    await pauseButton.waitFor();
    await screenshot(phone, 'remote-phone-playing-390');

    const paused = await reaction(phone, 'Pause', 'pause');
    expect((await tvVideo())?.paused).toBe(true);
    await phone.getByRole('button', { name: 'Lecture', exact: true }).waitFor();

    const played = await reaction(phone, 'Lecture', 'play');
    await expect.poll(async () => (await tvVideo())?.paused).toBe(false);

    const before = (await tvVideo())!.time;
    const seeked = await reaction(phone, 'Avancer de 10 secondes', 'seeking');
    expect(seeked.tv.time).toBeGreaterThan(before + 8);
    console.info(
      `remote reactions (phone click → TV video event): pause ${paused.ms.toFixed(1)} ms, play ${played.ms.toFixed(1)} ms, seek ${seeked.ms.toFixed(1)} ms`,
    );
    // The seek bar follows the TV's time.
    await expect
      .poll(async () => Number(await phone.getByRole('slider', { name: 'Position dans la vidéo' }).inputValue()))
      .toBeGreaterThan(before + 8);

    // Desktop width: two columns, same controls.
    await phone.setViewportSize(DESKTOP);
    await screenshot(phone, 'remote-phone-playing-desktop');
    await phone.getByRole('button', { name: /^Arrêter — / }).click();
    await phone.getByRole('button', { name: /^Piloter — / }).waitFor();
  });

  it("beyond the spec (decision 081): the phone chooses the TV's subtitles and audio, and the choice is the profile's on the server", async () => {
    const languages = (form: Record<string, string>) =>
      tv.request.post('/api/1.2/customer/profile/languages', { form });
    const defaults = { audio_language: '', subtitle_language: '', subtitle_size: 'medium', subtitle_background: 'box' };
    expect(((await (await languages(defaults)).json()) as { Error: { Number: number } }).Error.Number).toBe(0);
    try {
      if (!/^\/tv\/?$/.test(new URL(tv.url()).pathname)) {
        await tv.goto('/tv');
        await tv.locator('.tile[data-focused]').waitFor();
      }
      const phone = await loggedPage('demo@playz.fr', PHONE);
      await phone.goto(`/remote?play=${encodeURIComponent(FILM_WITH_LANGUAGES)}`);
      await acceptCookies(phone);
      await phone.getByRole('button', { name: 'Piloter — Téléviseur' }).click();
      await phone.getByRole('button', { name: /^Arrêter — / }).waitFor();
      await phone.getByRole('button', { name: 'Regarder sur la TV' }).click();
      await tv.waitForURL(/\/tv\/content\/1004\/player$/);
      await expect.poll(async () => (await tvVideo())?.ready ?? 0, { timeout: 45_000 }).toBeGreaterThanOrEqual(3);

      // The TV tells the phone its languages: French and English audio, subtitles in both.
      const choice = phone.getByRole('region', { name: 'Audio et sous-titres' });
      await choice.waitFor({ timeout: 20_000 });
      const subtitles = choice.getByRole('group', { name: 'Sous-titres' });
      const audio = choice.getByRole('group', { name: 'Audio' });
      expect(await subtitles.getByRole('button', { name: 'Désactivés' }).getAttribute('aria-pressed')).toBe('true');
      await subtitles.getByRole('button', { name: 'English' }).click();
      // The TV's engine shows the English subtitles, and the phone marks what the TV says.
      await tv.waitForFunction(
        () => {
          const showing = Array.from(document.querySelector('video')?.textTracks ?? []).filter(
            (t) => t.mode === 'showing',
          );
          return showing.length === 1 && showing[0]!.language === 'en';
        },
        undefined,
        { timeout: 20_000 },
      );
      await expect
        .poll(() => subtitles.getByRole('button', { name: 'English' }).getAttribute('aria-pressed'))
        .toBe('true');
      await audio.getByRole('button', { name: 'English' }).click();
      await expect.poll(() => audio.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
      await choice.scrollIntoViewIfNeeded();
      await screenshot(phone, 'remote-phone-languages-390');

      // Saved for the TV's profile on the server, as if chosen on the TV.
      await expect
        .poll(async () => {
          const res = await tv.request.get('/api/1.2/customer/profile/languages');
          const { Languages } = ((await res.json()) as { Response: { Languages: Record<string, unknown> } }).Response;
          return [Languages.subtitleLanguage, Languages.audioLanguage];
        })
        .toEqual(['en', 'en']);

      await subtitles.getByRole('button', { name: 'Désactivés' }).click();
      await tv.waitForFunction(
        () => !Array.from(document.querySelector('video')?.textTracks ?? []).some((t) => t.mode === 'showing'),
      );
      await phone.getByRole('button', { name: /^Arrêter — / }).click();
      await phone.getByRole('button', { name: /^Piloter — / }).waitFor();
    } finally {
      // Back to the defaults: other journeys play with this account and expect no subtitles.
      await languages(defaults);
    }
  });

  it('a phone of another account sees no TV and cannot drive it (7)', async () => {
    const stranger = await loggedPage('abonne@playz.fr', PHONE);
    await stranger.goto('/remote');
    await stranger.getByText('Aucun écran allumé. Ouvrez Playz sur votre TV et connectez-vous.').waitFor();
    const frames = await linkFrom(stranger, tvUdid);
    expect(frames.find((frame) => frame.event === 'onServerDevicesListUpdated')?.data.devices).toEqual([]);
    expect(frames.at(-1)).toMatchObject({ event: 'error', data: { number: 7 } });
    const before = await tvVideo();
    expect(before).not.toBeNull();
  });

  it('a phone of another account linked by the TV’s guest code drives it', async () => {
    // The TV shows its guest code and QR (TV /remote).
    await tv.goto('/tv/remote');
    // Reached on the TV from the menu rail, for a logged viewer.
    await tv.getByRole('link', { name: 'Télécommande' }).waitFor();
    const code = tv.getByTestId('link-code');
    await code.waitFor();
    const guestCode = (await code.getAttribute('aria-label'))!;
    expect(guestCode).toMatch(/^[A-Z0-9]{8}$/);
    await screenshot(tv, 'remote-tv-guest-code-1280');

    const guest = await loggedPage('visiteur@playz.fr', PHONE);
    await guest.goto(`/remote?guest=${guestCode}&play=${encodeURIComponent(FILM)}`);
    await acceptCookies(guest);
    await guest.getByRole('button', { name: /^Arrêter — / }).waitFor();
    await guest.getByText('TV d’un ami', { exact: false }).first().waitFor();
    await tv.getByText('1 téléphone pilote cette TV').waitFor();
    // The TV says a phone now drives it (the guest's: another account).
    await tv.getByRole('status').filter({ hasText: 'Un téléphone pilote maintenant cette TV' }).waitFor();
    await screenshot(tv, 'remote-tv-phone-joined-1280');
    // The spent code gives way to a fresh one for the next guest.
    await expect.poll(() => code.getAttribute('aria-label')).not.toBe(guestCode);
    await screenshot(guest, 'remote-guest-linked-390');

    await guest.getByRole('button', { name: 'Regarder sur la TV' }).click();
    await tv.waitForURL(/\/tv\/content\/1001\/player$/);
    await expect.poll(async () => (await tvVideo())?.paused, { timeout: 45_000 }).toBe(false);
    await guest.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    const paused = await reaction(guest, 'Pause', 'pause');
    console.info(`guest remote reaction (phone click → TV video event): pause ${paused.ms.toFixed(1)} ms`);
    expect((await tvVideo())?.paused).toBe(true);
  });

  it('beyond the spec: the TV waiting for a subscription payment hands it to the linked phone', async () => {
    const phone = await loggedPage('demo@playz.fr', PHONE);
    await phone.goto('/remote');
    await acceptCookies(phone);
    await phone.getByRole('button', { name: 'Piloter — Téléviseur' }).click();
    await phone.getByRole('button', { name: 'Arrêter — Téléviseur' }).waitFor();
    // The TV opens its subscription page (a new page load: the phone links again when it is back).
    await tv.goto('/tv/subscribe');
    await tv.getByTestId('link-code').waitFor();
    const open = phone.getByRole('link', { name: 'Continuer sur ce téléphone' });
    await open.waitFor();
    await screenshot(phone, 'remote-handoff-390');
    await open.click();
    await phone.waitForURL(/\/billing\/link\/[^/]+$/);
  });
});
