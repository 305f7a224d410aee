import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type * as DashJs from 'dashjs';
import type Hls from 'hls.js';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Signed stream URLs played by other players on another origin (decision 051): a partner's page,
 * a cast receiver or a TV web app runs hls.js or dash.js (not the web app's Shaka) on an origin of
 * its own and is handed a stream URL. The page here is on 127.0.0.1 and a port of its own; the
 * service is on localhost: another origin for the browser, so every manifest, segment and
 * playlist reload is a CORS request.
 */
const baseUrl = inject('baseUrl');
const NODE_MODULES = path.resolve(import.meta.dirname, '../../node_modules');
const SCRIPTS: Record<string, string> = {
  '/hls.js': path.join(NODE_MODULES, 'hls.js/dist/hls.min.js'),
  '/dash.js': path.join(NODE_MODULES, 'dashjs/dist/modern/umd/dash.all.min.js'),
};
const PAGE = '<!doctype html><title>Partner</title><video muted playsinline width="320"></video>';
const FILM = 1004;
const CHANNEL = 1;

let partner: http.Server;
let partnerUrl: string;
let browser: Browser;
let context: BrowserContext;
let cookie: string;

/** The partner's own site: a page with a video element, and the two players' scripts. */
function startPartner(): Promise<void> {
  partner = http.createServer((request, response) => {
    const script = SCRIPTS[request.url ?? ''];
    if (script) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      fs.createReadStream(script).pipe(response);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  return new Promise((resolve) =>
    partner.listen(0, '127.0.0.1', () => {
      partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

/** A signed-in viewer's session (one device place for all four streams). */
async function logIn(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/1.2/customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.99.0.51' },
    body: new URLSearchParams({ login: 'demo@playz.fr', password: 'playz2026' }).toString(),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('playz_sid='));
  if (!session) throw new Error(`log-in failed: ${await res.text()}`);
  return session.split(';')[0]!;
}

/** The absolute URL a partner would be handed (spec 2 §7 url/adaptive). */
async function streamUrl(call: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/1.2${call}`, { headers: { cookie, 'x-forwarded-for': '10.99.0.51' } });
  const body = (await res.json()) as { Response: { AdaptiveStream: { url: string } }; Error: { Number: number } };
  expect(body.Error.Number, JSON.stringify(body)).toBe(0);
  return new URL(body.Response.AdaptiveStream.url, baseUrl).href;
}

beforeAll(async () => {
  await startPartner();
  cookie = await logIn();
  // Debian's Chromium as support/browser.ts launches it, but not through its contexts: they add
  // an X-Forwarded-For header to every request (each context its own viewer), which from another
  // origin is a header the page itself sent, so it would need a CORS grant no real player asks for.
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
});
afterAll(async () => {
  // The session's device place goes back at once (decision 018).
  if (cookie) await fetch(`${baseUrl}/api/1.2/customer/logout`, { headers: { cookie } }).catch(() => undefined);
  await context?.close().catch(() => undefined);
  await browser?.close();
  await new Promise((resolve) => partner?.close(resolve));
});

/** A fresh page of the partner's origin, with the errors and refused requests it met. */
async function partnerPage(): Promise<{ page: Page; problems: string[] }> {
  await context?.close().catch(() => undefined);
  context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.url().startsWith(baseUrl) && response.status() >= 400)
      problems.push(`${response.url()}: ${response.status()}`);
  });
  await page.goto(partnerUrl);
  return { page, problems };
}

/** The picture moves: the player got manifests and segments and the video element plays them. */
async function expectPlaying(page: Page, problems: string[]) {
  await page
    .waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, { timeout: 45_000 })
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${problems.join('\n')}`);
    });
  expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl).origin);
  expect(problems).toEqual([]);
}

async function playWithHlsJs(url: string) {
  const { page, problems } = await partnerPage();
  await page.addScriptTag({ url: '/hls.js' });
  await page.evaluate((source) => {
    const HlsJs = (window as unknown as { Hls: typeof Hls }).Hls;
    if (!HlsJs.isSupported()) throw new Error('hls.js: no MediaSource');
    const video = document.querySelector('video')!;
    const hls = new HlsJs();
    hls.on(HlsJs.Events.ERROR, (_event, data) => {
      if (data.fatal) console.error(`hls.js fatal: ${data.details}`);
    });
    hls.loadSource(source);
    hls.attachMedia(video);
    void video.play();
  }, url);
  await expectPlaying(page, problems);
}

async function playWithDashJs(url: string) {
  const { page, problems } = await partnerPage();
  await page.addScriptTag({ url: '/dash.js' });
  await page.evaluate((source) => {
    const dashjs = (window as unknown as { dashjs: typeof DashJs }).dashjs;
    const player = dashjs.MediaPlayer().create();
    player.on(dashjs.MediaPlayer.events.ERROR, (event) =>
      console.error(`dash.js error: ${JSON.stringify(event.error ?? 'unknown')}`),
    );
    player.initialize(document.querySelector('video')!, source, true);
  }, url);
  await expectPlaying(page, problems);
}

describe('stream URLs played from another origin (decision 051)', () => {
  it('hls.js plays a VOD film', async () => {
    await playWithHlsJs(await streamUrl(`/content/${FILM}/url/adaptive?product_usage=View&target=player_hls`));
  });

  it('hls.js plays a live channel', async () => {
    await playWithHlsJs(await streamUrl(`/channel/${CHANNEL}/url/adaptive?product_usage=View&target=player_hls`));
  });

  it('dash.js plays a VOD film', async () => {
    await playWithDashJs(await streamUrl(`/content/${FILM}/url/adaptive?product_usage=View&target=player_dash`));
  });

  it('dash.js plays a live channel', async () => {
    await playWithDashJs(await streamUrl(`/channel/${CHANNEL}/url/adaptive?product_usage=View&target=player_dash`));
  });
});
