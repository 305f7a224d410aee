import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { RunnerTestCase } from 'vitest';

/**
 * What a failing journey leaves behind for whoever reads the CI log: for every page still open
 * when the test failed, a screenshot and a text file (URL, visible text, the page's console
 * errors and the API answers of 400 and more, e.g. a 429 from a rate limit), and the text file's
 * first lines in the log itself. A timeout alone ("waitForFunction: 45000 ms") never said why.
 */
let failureDir = path.join(path.dirname(new URL(import.meta.url).pathname), '../screenshots/failures');
/** Per page, the last notable events (enough to see the requests around the failure). */
const EVENTS_KEPT = 60;

const events = new WeakMap<Page, string[]>();
const openPages = new Set<Page>();
let currentTest: RunnerTestCase | null = null;
let testStartedAt = 0;
let serverLog: string | null = null;
/** Pages already written for the current test (a context closed in afterEach, then the rest). */
const reported = new WeakSet<Page>();
let reportedCount = 0;
let serverReported = false;

const stamp = () => new Date().toISOString().slice(11, 23);

function note(page: Page, line: string) {
  const list = events.get(page);
  if (!list) return;
  list.push(`${stamp()} ${line}`);
  if (list.length > EVENTS_KEPT) list.shift();
}

function watchPage(page: Page) {
  events.set(page, []);
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(page, `console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(page, `pageerror: ${error.message}`));
  page.on('requestfailed', (request) =>
    note(page, `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      note(page, `HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
}

/**
 * Watches a context's pages; its close first reports its pages when the running test has
 * failed, as journeys close their contexts in afterEach, before any later hook could look.
 */
export function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', watchPage);
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (currentTest?.result?.state === 'fail') await reportPages(context.pages()).catch(() => {});
    return close(options);
  };
  return context;
}

/** Set by the setup file's beforeEach: the failure state is read from it when pages close. */
export function setCurrentTest(test: RunnerTestCase | null, log?: string, dir?: string) {
  currentTest = test;
  testStartedAt = Date.now();
  reportedCount = 0;
  serverReported = false;
  if (log) serverLog = log;
  // Each group of scripts/e2e.mjs has its own folder (the global setup empties it at start).
  if (dir) failureDir = dir;
}

interface LogLine {
  level?: number;
  time?: number;
  reqId?: string;
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
  msg?: string;
  err?: unknown;
}

/**
 * The server's side of the failed test: its warnings and errors and every answer of 400 and
 * more since the test began (the log has pino JSON lines; the request's URL is on its first line).
 */
function serverSide(): string[] {
  if (!serverLog || !fs.existsSync(serverLog)) return [];
  const urls = new Map<string, string>();
  const lines: string[] = [];
  for (const raw of fs.readFileSync(serverLog, 'utf8').split('\n')) {
    // Plain text is the web build and start-up progress; the server logs JSON.
    if (!raw.startsWith('{')) continue;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      continue;
    }
    if ((line.time ?? 0) < testStartedAt - 1000) continue;
    const at = new Date(line.time ?? 0).toISOString().slice(11, 23);
    if (line.reqId && line.req?.url) urls.set(line.reqId, `${line.req.method} ${line.req.url}`);
    const status = line.res?.statusCode ?? 0;
    if (status >= 400) lines.push(`${at} HTTP ${status} ${urls.get(line.reqId ?? '') ?? line.reqId}`);
    else if ((line.level ?? 0) >= 40)
      lines.push(`${at} ${line.msg} ${line.err ? JSON.stringify(line.err).slice(0, 300) : ''}`);
  }
  return lines.slice(-200);
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

async function reportPage(page: Page, name: string) {
  fs.mkdirSync(failureDir, { recursive: true });
  const base = path.join(failureDir, name);
  await page.screenshot({ path: `${base}.png`, fullPage: false, timeout: 10_000 }).catch(() => {});
  const text = await page
    .evaluate(() => document.body?.innerText ?? '', undefined)
    .catch((error: unknown) => `(page text unavailable: ${String(error)})`);
  const video = await page
    .evaluate(() => {
      const v = document.querySelector('video');
      if (!v) return null;
      return {
        paused: v.paused,
        readyState: v.readyState,
        networkState: v.networkState,
        currentTime: v.currentTime,
        error: v.error?.code ?? null,
        buffered: Array.from({ length: v.buffered.length }, (_, i) => [v.buffered.start(i), v.buffered.end(i)]),
      };
    })
    .catch(() => null);
  const report = [
    `URL: ${page.url()}`,
    `at: ${new Date().toISOString()}`,
    video ? `video: ${JSON.stringify(video)}` : 'video: none',
    '--- events (console errors, HTTP >= 400, failed requests) ---',
    ...(events.get(page) ?? []),
    '--- page text ---',
    text.slice(0, 4000),
  ].join('\n');
  fs.writeFileSync(`${base}.txt`, report);
  console.error(`[failure report] ${base}.png / .txt\n${report.split('\n').slice(0, 40).join('\n')}\n`);
}

async function reportPages(pages: Page[]) {
  if (!currentTest) return;
  const name = slug(`${path.basename(currentTest.file.name, '.test.ts')}-${currentTest.name}`);
  if (!serverReported) {
    serverReported = true;
    const server = serverSide();
    fs.mkdirSync(failureDir, { recursive: true });
    fs.writeFileSync(path.join(failureDir, `${name}-server.txt`), server.join('\n'));
    console.error(`[failure report] server since the test began (${serverLog}):\n${server.slice(-30).join('\n')}\n`);
    // A test that passes on its retry shows only the pass in vitest's output: its first error is said here.
    const errors = (currentTest.result?.errors ?? []).map((error) => error.stack ?? error.message);
    console.error(`[failure report] what failed:\n${errors.join('\n').slice(0, 3000)}\n`);
  }
  for (const page of pages) {
    if (reported.has(page) || page.isClosed()) continue;
    reported.add(page);
    await reportPage(page, `${name}-page${++reportedCount}`);
  }
}

/** The pages a failed test still had open once its own hooks ran. */
export async function reportOpenPages() {
  if (currentTest?.result?.state === 'fail') await reportPages([...openPages]);
}
