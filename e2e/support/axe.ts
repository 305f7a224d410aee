import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/**
 * axe-core's browser build, evaluated in the page under test through the DevTools protocol: a
 * <script> tag of it would be inline code, which the page's CSP refuses (decision 031).
 */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What the project promises (decision 021): WCAG 2.1 A and AA, plus axe's best practices;
 * only findings axe rates serious or critical fail a journey.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
  help: string;
}

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/**
 * Runs axe over the page (or only inside `within`) and returns every violation, blocking or not.
 * axe is evaluated once per document: a screen reached inside the app (`openInApp`) runs the copy
 * already there, which also runs faster than a first run in a new document.
 */
export async function runAxe(page: Page, screen: string, within?: string): Promise<AxeFinding[]> {
  const run = () =>
    page.evaluate(
      async ({ tags, within }) => {
        const axe = (window as unknown as { axe?: { run: (...args: unknown[]) => Promise<AxeResult> } }).axe;
        if (!axe) return null;
        return axe.run(within ? { include: [within] } : document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
      },
      { tags: AXE_TAGS, within },
    );
  let result = await run();
  if (!result) {
    await page.evaluate(AXE_SOURCE);
    result = (await run())!;
  }
  return result.violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    help: violation.help,
  }));
}

export const isBlocking = (finding: AxeFinding) => BLOCKING.has(finding.impact);

/** One line per finding: rule, impact, screen and the CSS targets axe names. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `${f.impact} ${f.rule} on ${f.screen}: ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}`)
    .join('\n');
}

/**
 * Shows `path` the way the app shows a screen after a click on one of its links: its router
 * renders it in the document already open, with no page load (the app's code, its /data and axe
 * stay as they are). The history entry is made as the router's own, then announced by a
 * popstate, which the router follows. Call `waitForScreen` after it: a route whose code is still
 * loading keeps the previous screen on show until it comes, and that load is awaited there.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate(async (to) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ usr: null, key, idx: index + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    // Two frames: the router's render has run, and asked for the route's code if it needs any.
    for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
  }, path);
}

const pendingLoads = new WeakMap<Page, Set<unknown>>();
const LOADS = new Set(['fetch', 'xhr', 'script', 'stylesheet']);

/**
 * Counts the page's API calls and code or style chunks in flight (lazy routes), for
 * `waitForScreen`; media segments are left out, a player fetches them for as long as it plays.
 * Call once per page.
 */
export function watchLoading(page: Page) {
  const pending = new Set<unknown>();
  pendingLoads.set(page, pending);
  page.on('request', (request) => {
    const isMedia = new URL(request.url()).pathname.startsWith('/media/');
    if (LOADS.has(request.resourceType()) && !isMedia) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

const SETTLED_CHECKS = 3;
const CHECK_EVERY_MS = 150;

/**
 * Waits until the screen has settled, so axe sees what a viewer sees: the main landmark is
 * there, and for a few checks in a row nothing is loading (`watchLoading`) and no splash, skeleton
 * or busy region remains (redirects, lazy routes and data loading done). A screen that never settles (a live
 * player buffering) is audited as it is after 15 s.
 */
export async function waitForScreen(page: Page) {
  await page.locator('#main').waitFor({ timeout: 15_000 });
  const pending = pendingLoads.get(page);
  const deadline = Date.now() + 15_000;
  for (let calm = 0; calm < SETTLED_CHECKS && Date.now() < deadline;) {
    await page.waitForTimeout(CHECK_EVERY_MS);
    const isLoading = await page.evaluate(
      () => document.querySelector('.splash, .skeleton, [aria-busy="true"]') !== null,
    );
    calm = isLoading || (pending?.size ?? 0) > 0 ? 0 : calm + 1;
  }
}
