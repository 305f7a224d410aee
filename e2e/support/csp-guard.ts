import type { BrowserContext, Page } from 'playwright-core';

/**
 * The server sends a Content-Security-Policy (decision 031); what it blocks fails silently in the
 * page (a style not applied, a worker not started, a pixel not fired). Chromium says so in the
 * console: every journey collects those lines and fails on them (support/failure-hooks.ts).
 */
const violations: string[] = [];

function watchPage(page: Page) {
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) violations.push(`${page.url()}: ${text}`);
  });
}

export function watchCsp(context: BrowserContext): BrowserContext {
  context.on('page', watchPage);
  return context;
}

/** The violations seen since the last call. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}
