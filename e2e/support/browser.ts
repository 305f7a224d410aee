import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { watchCsp } from './csp-guard';
import { watchContext } from './failure-report';

/**
 * Debian's Chromium, headless, with the flags that work as root on a closed network. Playwright
 * gives every launch a new empty profile.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  // Every context, however a journey makes it, is watched so that a failing test leaves a
  // screenshot and the page's text behind (support/failure-report.ts).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // Its own client address, told through the proxy header the e2e server trusts from loopback.
    contextCount += 1;
    const address = `10.77.${Math.floor(contextCount / 250) % 250}.${(contextCount % 250) + 1}`;
    const extraHTTPHeaders = { 'x-forwarded-for': address, ...options?.extraHTTPHeaders };
    // Innermost: a failing test's pages are reported (watchContext) before the session ends.
    return watchCsp(watchContext(givesPlaceBack(await newContext({ ...options, extraHTTPHeaders }))));
  };
  return browser;
}

/**
 * The journey file's Chromium, launched before its tests and closed after them (after the file's own
 * `afterAll` hooks, which vitest runs in reverse order of registration: call this before them). It
 * stands for the launched browser from the first `beforeAll` on; `isConnected()` is false until then
 * and when the launch failed.
 */
export function useBrowser(): Browser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
    launched = undefined;
  });
  return new Proxy({} as Browser, {
    get(_, property) {
      if (!launched) {
        if (property === 'isConnected') return () => false;
        // Not a promise: `await` on it gives it back as it is.
        if (property === 'then') return undefined;
        throw new Error(`useBrowser(): no browser yet for ${String(property)} (it is launched in beforeAll)`);
      }
      const value: unknown = Reflect.get(launched, property, launched);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(launched) : value;
    },
  });
}

/**
 * The contexts a test opens and pushes here are signed out and closed when it ends, so the demo
 * accounts' device places (decision 018) are free for the next test.
 */
export function contextsClosedAfterEach(): BrowserContext[] {
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    for (const context of contexts.splice(0)) {
      await context.request.get('/api/1.2/customer/logout').catch(() => {});
      await context.close();
    }
  });
  return contexts;
}

/**
 * Where this journey's addresses start. Vitest loads this module afresh for every journey file,
 * so a count from 0 gave each journey the same addresses as the others of its group, and their
 * per-address limits (registrations, log-ins) added up; a random start keeps them apart.
 */
let contextCount = Math.floor(Math.random() * 60_000);

/**
 * A context closed is a viewer gone: its session is logged out first, which gives its device
 * place back at once (decision 018). A browser simply closed keeps it until its lease ends (3
 * min), and the journeys of a group share the demo accounts' few places.
 */
function givesPlaceBack(context: BrowserContext): BrowserContext {
  const close = context.close.bind(context);
  context.close = async (options) => {
    await context.request.get('/api/1.2/customer/logout', { timeout: 5000 }).catch(() => undefined);
    return close(options);
  };
  return context;
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'fr-FR' });
  const page = await context.newPage();
  return { context, page };
}

/** Screenshots land in e2e/screenshots (git-ignored) for people to look at. */
export async function screenshot(page: Page, name: string) {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
