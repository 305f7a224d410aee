import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../src/sessions/session.repository';
import { errorNumber } from '../accounts-test-support';
import { createSecondNode, createTestApp, logInAs, type TestApp } from '../test-app';

/**
 * Decision 123: the home rows answered before routing look the session up at every request
 * (decisions 037, 104). Pass rule: a session that has ended — logged out on this node or on
 * another, or past its lifetime — is refused by the very next request: it is not answered before
 * routing, and the route answers it what a visitor gets (no own rows, no no-store). Decision 129:
 * the same in every language (fr, en, nl, es), the session alive the request before answered in
 * the request's own turn (the session's row peeked, its stamp read, not the awaited look-up).
 */
const BASE = Date.UTC(2026, 10, 29, 15, 0);
let clockOffset = 0;
const HOME = '/api/1.2/page/home/rows?with_data=1';
const LANGUAGES = ['fr', 'en', 'nl', 'es'] as const;
type Language = (typeof LANGUAGES)[number];
let t: TestApp;
let other: FastifyInstance;
let base: string;
const visitorBody = new Map<Language, string>();
/**
 * The table counters are in this process (no REDIS_URL), so a stamp is read without waiting and
 * an answer can be made in the request's own turn; with Redis every stamp is a round trip.
 */
const IN_PROCESS = !process.env.REDIS_URL;
/** The awaited way's session look-up: an answer made in the request's own turn never calls it. */
let findValid: MockInstance;
beforeAll(async () => {
  const now = () => new Date(BASE + clockOffset);
  t = await createTestApp({ now, listen: true });
  other = await createSecondNode(t, { now });
  base = t.config.publicUrl;
  findValid = vi.spyOn(t.app.sessions, 'findValid');
  // The URL is learnt in each language and the visitor's answer known.
  for (const language of LANGUAGES) {
    await get({}, language);
    visitorBody.set(language, (await get({}, language)).body);
  }
});
afterEach(() => {
  clockOffset = 0;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const fromMemory = async () =>
  Number(/^playz_page_rows_from_memory_total (\d+)/m.exec(await (await fetch(`${base}/metrics`)).text())?.[1]);
async function get(headers: Record<string, string>, language: Language) {
  const before = await fromMemory();
  const lookUps = findValid.mock.calls.length;
  const response = await fetch(`${base}${HOME}`, { headers: { ...headers, 'accept-language': language } });
  const body = await response.text();
  const awaited = findValid.mock.calls.length > lookUps;
  expect(response.status).toBe(200);
  const hot = (await fromMemory()) - before === 1;
  return { body, cacheControl: response.headers.get('cache-control'), hot, inTurn: hot && !awaited };
}
/**
 * A signed-in viewer answered before routing, their own answer (no-store, not the visitor's);
 * the repeat in the request's own turn.
 */
async function expectAlive(cookie: string, language: Language) {
  // The first requests after a sign-in or a touch read the session row again (the awaited way).
  let alive = await get({ cookie }, language);
  for (let tries = 0; IN_PROCESS && !alive.inTurn && tries < 5; tries++) alive = await get({ cookie }, language);
  expect(alive).toMatchObject({ hot: true, inTurn: IN_PROCESS, cacheControl: 'no-store' });
  expect(alive.body).not.toBe(visitorBody.get(language));
}
/** An ended session: the route answers it as a visitor. */
async function expectRefused(cookie: string, language: Language) {
  const ended = await get({ cookie }, language);
  expect(ended).toMatchObject({ hot: false, cacheControl: null });
  expect(ended.body).toBe(visitorBody.get(language));
}

describe.each(LANGUAGES)(
  'security: home rows before routing refuse an ended session at the next request, in %s (decisions 123, 129, spec 1 §7)',
  (language) => {
    it('spec 1 §7 log-out on this node: the next request gets the visitor answer', async () => {
      const cookie = await logInAs(t.app, 'abonne@playz.fr');
      await expectAlive(cookie, language);
      const out = await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
      expect(errorNumber(out)).toBe(0);
      await expectRefused(cookie, language);
    });

    it('spec 1 §7 log-out on another node: this node refuses the next request', async () => {
      const cookie = await logInAs(t.app, 'abonne@playz.fr');
      await expectAlive(cookie, language);
      const out = await other.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
      expect(errorNumber(out)).toBe(0);
      await expectRefused(cookie, language);
    });

    it('spec 1 §7 a session past its lifetime is refused, a minute before it is not', async () => {
      const cookie = await logInAs(t.app, 'abonne@playz.fr');
      clockOffset = SESSION_LIFETIME_MS - 60_000;
      await expectAlive(cookie, language);
      clockOffset = SESSION_LIFETIME_MS + 60_000;
      await expectRefused(cookie, language);
      clockOffset = 0;
    });
  },
);
