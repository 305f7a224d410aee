import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { screenshot } from '../support/browser';

/**
 * Playz's Cast receiver (decision 070) as a Cast device runs it: a page of its own origin (here
 * 127.0.0.1, the service being localhost), driven by the LOAD a sender sends. It must play the
 * signed stream URL and save the resume point with the cast grant it was handed, never a session.
 */
const baseUrl = inject('baseUrl');
const receiverUrl = `${baseUrl.replace('//localhost:', '//127.0.0.1:')}/cast/receiver`;
const FILM = 1004;
const FILM_PAGE = '/content/1004/le-grand-bazar';
/** An app id of Playz's own receiver: the demo seeds Google's Default Media Receiver (decision 058). */
const PLAYZ_RECEIVER_APP = 'PLAYZ070';
const VIEWER_ADDRESS = '10.99.0.61';

let browser: Browser;
let cookie: string;

async function api(path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}/api/1.2${path}`, {
    ...init,
    headers: { cookie, 'x-forwarded-for': VIEWER_ADDRESS, ...(init.headers as Record<string, string>) },
  });
  const body = (await res.json()) as { Response: Record<string, never>; Error: { Number: number } };
  expect(body.Error.Number, `${path}: ${JSON.stringify(body)}`).toBe(0);
  return body.Response;
}

beforeAll(async () => {
  const res = await fetch(`${baseUrl}/api/1.2/customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': VIEWER_ADDRESS },
    body: new URLSearchParams({ login: 'demo@playz.fr', password: 'playz2026' }).toString(),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('playz_sid='));
  if (!session) throw new Error(`log-in failed: ${await res.text()}`);
  cookie = session.split(';')[0]!;
  // Not support/browser.ts's contexts: they add an X-Forwarded-For header to every request, which
  // from another origin is a header the page sent, so it would need a CORS grant no receiver asks for.
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
});
afterAll(async () => {
  // The session's device place goes back at once (decision 018).
  if (cookie) await fetch(`${baseUrl}/api/1.2/customer/logout`, { headers: { cookie } }).catch(() => undefined);
  await browser?.close();
});

/** The receiver page as a Cast device opens it, with what went wrong on it. */
async function openReceiver(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'fr-FR' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`);
  });
  await page.goto(receiverUrl);
  await page.waitForFunction(() => document.documentElement.dataset.receiver === 'ready');
  // What it answers the sender: every status, kept for the test.
  await page.evaluate(() => {
    const statuses: unknown[] = [];
    (window as unknown as { statuses: unknown[] }).statuses = statuses;
    window.addEventListener('message', (event) => {
      if ((event.data as { type?: string }).type !== 'MEDIA_STATUS') return;
      statuses.push(event.data);
      // To a sender in another page, where the journey connects one.
      (window as unknown as { statusToSender?: (status: unknown) => void }).statusToSender?.(event.data);
    });
  });
  return { context, page, problems };
}

const sendCommand = (page: Page, command: object) =>
  page.evaluate((message) => window.postMessage(message, '*'), command);
/** Waits until the receiver's video shows a cue of the subtitles in `language` (the demo cues start "[EN 4s]"). */
const showsCueIn = (page: Page, language: string, problems: string[]) =>
  page
    .waitForFunction(
      (lang) => {
        const tracks = Array.from(document.querySelector('video')?.textTracks ?? []);
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
      { timeout: 45_000 },
    )
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${problems.join('\n')}`);
    });
const videoTime = (page: Page) => page.evaluate(() => document.querySelector('video')!.currentTime);

describe('the Cast receiver page (decision 070)', () => {
  it('spec 2 §4 resume: on another origin, a LOAD plays the signed URL from the viewer’s position and its progress is stored on the server', async () => {
    const stream = (await api(`/content/${FILM}/url/adaptive?product_usage=View&target=player_dash`))
      .AdaptiveStream as unknown as { url: string };
    const film = (await api(`/content/${FILM}`)).Content as unknown as {
      title: string;
      posterUrl: string | null;
      images: { backdrop?: string | null; landscape?: string | null };
    };
    // The artwork the web player shows and sends (content-player-page.tsx).
    const artwork = film.images.backdrop ?? film.images.landscape ?? film.posterUrl;
    expect(artwork).toBeTruthy();
    const artworkUrl = new URL(artwork!, baseUrl).href;
    const grant = (
      await api('/customer/cast/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ content_id: String(FILM) }).toString(),
      })
    ).CastToken as unknown as { token: string; statusUrl: string };

    const { context, page, problems } = await openReceiver({ width: 1280, height: 720 });
    expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl).origin);
    await expect.poll(() => page.locator('.receiver__message').textContent()).toBe('Prêt à diffuser depuis Playz');
    await screenshot(page, 'cast-receiver-waiting-tv');

    await sendCommand(page, {
      type: 'LOAD',
      requestId: 1,
      media: {
        contentId: new URL(stream.url, baseUrl).href,
        contentType: 'application/dash+xml',
        streamType: 'BUFFERED',
        metadata: { title: film.title, images: [{ url: artworkUrl }] },
      },
      currentTime: 5,
      autoplay: true,
      customData: { locale: 'fr', status: { url: grant.statusUrl, token: grant.token } },
    });
    await expect.poll(() => page.locator('.receiver__title').textContent()).toBe(film.title);
    // The artwork loads from the service, from this other origin.
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.receiver__artwork')!.naturalWidth > 0);
    expect(await page.locator('.receiver__artwork').getAttribute('src')).toBe(artworkUrl);
    // It plays: time moves on from where the viewer was.
    await page
      .waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 7, undefined, { timeout: 45_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\n${problems.join('\n')}`);
      });
    const statuses = await page.evaluate(() => (window as unknown as { statuses: { playerState: string }[] }).statuses);
    expect(statuses.map((s) => s.playerState)).toContain('PLAYING');
    await screenshot(page, 'cast-receiver-playing-tv');

    // Paused from the sender: the cover comes back, and the resume point is saved with the grant.
    await sendCommand(page, { type: 'PAUSE', requestId: 2 });
    await expect.poll(() => page.locator('.receiver').getAttribute('class')).toBe('receiver');
    const pausedAt = await videoTime(page);
    await expect
      .poll(async () => ((await api(`/content/${FILM}`)).Content as unknown as { playbackTime: number }).playbackTime, {
        timeout: 15_000,
      })
      .toBeCloseTo(pausedAt, 0);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.receiver__cover')!).opacity === '1');
    await screenshot(page, 'cast-receiver-paused-tv');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("decision 081: the profile's saved subtitles and audio are applied at LOAD, and the sender's EDIT_TRACKS_INFO switches them", async () => {
    const stream = (await api(`/content/${FILM}/url/adaptive?product_usage=View&target=player_dash`))
      .AdaptiveStream as unknown as { url: string };
    // The profile's choice on the server, as the web player reads it and sends it in the LOAD.
    await api('/customer/profile/languages', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subtitle_language: 'en', audio_language: 'fr', subtitle_size: 'large' }).toString(),
    });
    const saved = (await api('/customer/profile/languages')).Languages as unknown as {
      audioLanguage: string | null;
      subtitleLanguage: string | null;
      subtitleSize: string;
      subtitleBackground: string;
    };
    const { context, page, problems } = await openReceiver({ width: 1280, height: 720 });
    try {
      await sendCommand(page, {
        type: 'LOAD',
        requestId: 1,
        media: {
          contentId: new URL(stream.url, baseUrl).href,
          contentType: 'application/dash+xml',
          streamType: 'BUFFERED',
          metadata: { title: 'Le Grand Bazar', images: [] },
        },
        currentTime: 3,
        autoplay: true,
        customData: {
          locale: 'fr',
          status: null,
          languages: {
            audio: saved.audioLanguage,
            text: saved.subtitleLanguage,
            style: { size: saved.subtitleSize, background: saved.subtitleBackground },
          },
        },
      });
      await showsCueIn(page, 'en', problems);
      expect(await page.locator('video').getAttribute('data-subtitle-size')).toBe('large');
      await screenshot(page, 'cast-receiver-subtitles-en-tv');

      // The sender's menu while casting: French subtitles, then none, then a smaller size.
      await sendCommand(page, { type: 'EDIT_TRACKS_INFO', requestId: 2, subtitleLanguage: 'fr' });
      await showsCueIn(page, 'fr', problems);
      await sendCommand(page, {
        type: 'EDIT_TRACKS_INFO',
        requestId: 3,
        subtitleLanguage: null,
        textTrackStyle: { size: 'small' },
      });
      await page.waitForFunction(
        () => !Array.from(document.querySelector('video')?.textTracks ?? []).some((track) => track.mode === 'showing'),
      );
      expect(await page.locator('video').getAttribute('data-subtitle-size')).toBe('small');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      // Back to the defaults: other journeys play with this account and expect no subtitles.
      await api('/customer/profile/languages', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          subtitle_language: '',
          audio_language: '',
          subtitle_size: 'medium',
          subtitle_background: 'box',
        }).toString(),
      });
    }
  });

  it('on a small screen the waiting page still reads (390 px)', async () => {
    const { context, page, problems } = await openReceiver({ width: 390, height: 844 });
    await expect.poll(() => page.locator('.receiver__message').textContent()).toBe('Prêt à diffuser depuis Playz');
    await screenshot(page, 'cast-receiver-waiting-phone');
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * Google's sender framework as the web player sees it once loaded (decision 070), standing in for
 * the one this machine cannot fetch: the Presentation API finds a device, the picker connects to
 * "Salon", and the session's messages go to the receiver page through the journey.
 */
function fakeCastSenderFramework() {
  const castState = { value: 'NOT_CONNECTED' };
  const stateListeners = new Set<(event: { castState: string }) => void>();
  const messageListeners = new Set<(namespace: string, message: string) => void>();
  const bridge = window as unknown as {
    castToReceiver: (message: unknown) => Promise<void>;
    deliverCastStatus: (status: unknown) => void;
  };
  const setState = (value: string) => {
    castState.value = value;
    for (const listener of [...stateListeners]) listener({ castState: value });
  };
  let session: object | null = null;
  const connected = {
    getCastDevice: () => ({ friendlyName: 'Salon' }),
    sendMessage: async (_namespace: string, message: unknown) => bridge.castToReceiver(message),
    addMessageListener: (_namespace: string, listener: (namespace: string, message: string) => void) =>
      messageListeners.add(listener),
    removeMessageListener: (_namespace: string, listener: (namespace: string, message: string) => void) =>
      messageListeners.delete(listener),
  };
  bridge.deliverCastStatus = (status) => {
    for (const listener of [...messageListeners]) listener('urn:x-cast:fr.playz.cast', JSON.stringify(status));
  };
  const context = {
    setOptions: () => undefined,
    getCastState: () => castState.value,
    addEventListener: (_type: string, listener: (event: { castState: string }) => void) => stateListeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { castState: string }) => void) =>
      stateListeners.delete(listener),
    requestSession: async () => {
      setState('CONNECTING');
      session = connected;
      setState('CONNECTED');
    },
    getCurrentSession: () => session,
    // Ending with stopCasting stops the receiver application.
    endCurrentSession: () => {
      session = null;
      void bridge.castToReceiver({ type: 'STOP', requestId: 0 });
      setState('NOT_CONNECTED');
    },
  };
  Object.assign(window, {
    PresentationRequest: class {
      getAvailability() {
        return Promise.resolve(Object.assign(new EventTarget(), { value: true }));
      }
    },
    cast: {
      framework: {
        CastContext: { getInstance: () => context },
        CastContextEventType: { CAST_STATE_CHANGED: 'caststatechanged' },
      },
    },
  });
}

describe('the web player casting to the receiver (decision 070)', () => {
  it('spec 2 §2 cast button: the film goes to the receiver, the player says where and mirrors it, and comes back at the receiver’s position', async () => {
    const receiver = await openReceiver({ width: 1280, height: 720 });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.exposeFunction('castToReceiver', (message: object) => sendCommand(receiver.page, message));
    await receiver.page.exposeFunction('statusToSender', (status: object) =>
      page.evaluate(
        (s) => (window as unknown as { deliverCastStatus: (x: unknown) => void }).deliverCastStatus(s),
        status,
      ),
    );
    await page.addInitScript(fakeCastSenderFramework);
    // The app names Playz's own receiver, as once it is registered (decision 058 seeds Google's).
    await page.route(
      (url) => url.pathname === '/api/1.2/data',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { Response: { App: { castAppId: string | null } } };
        body.Response.App.castAppId = PLAYZ_RECEIVER_APP;
        await route.fulfill({ response, json: body });
      },
    );

    await page.goto(`${baseUrl}${FILM_PAGE}`);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 2, undefined, {
      timeout: 45_000,
    });
    const player = page.getByTestId('video-player');
    await player.hover();
    await player.getByRole('button', { name: 'Caster sur un écran' }).click();
    await expect.poll(() => player.getByText('Lecture sur Salon').count()).toBe(1);
    const localAt = await page.evaluate(() => document.querySelector('video')!.currentTime);
    expect(await page.evaluate(() => document.querySelector('video')!.paused)).toBe(true);

    // The receiver plays on from there, and the player's time follows it.
    await receiver.page.waitForFunction((from) => document.querySelector('video')!.currentTime > from + 3, localAt, {
      timeout: 45_000,
    });
    await expect
      .poll(async () => {
        const [mm, ss] = ((await page.getByTestId('player-time').textContent()) ?? '')
          .split(' / ')[0]!
          .split(':')
          .slice(-2);
        return Number(mm) * 60 + Number(ss);
      })
      .toBeGreaterThan(localAt + 2);
    // The controls shown, the pointer off the seek bar (its preview would cover the notice).
    await player.hover({ position: { x: 20, y: 20 } });
    await screenshot(page, 'cast-sender-casting-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await player.hover({ position: { x: 20, y: 20 } });
    await screenshot(page, 'cast-sender-casting-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Back on this device: the film plays on here from where the receiver was.
    await player.getByRole('button', { name: 'Reprendre sur cet appareil' }).click();
    const receiverAt = await videoTime(receiver.page);
    await page.waitForFunction(
      (from) => {
        const video = document.querySelector('video')!;
        return !video.paused && video.currentTime >= from - 1.5;
      },
      receiverAt,
      { timeout: 30_000 },
    );
    await expect.poll(() => receiver.page.locator('.receiver').getAttribute('class')).toBe('receiver');
    expect(await player.getByText('Lecture sur Salon').count()).toBe(0);
    expect(problems).toEqual([]);
    expect(receiver.problems).toEqual([]);
    await context.close();
    await receiver.context.close();
  });
});
