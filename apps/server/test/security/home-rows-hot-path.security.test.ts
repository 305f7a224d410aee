import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../src/sessions/session.repository';
import { errorNumber } from '../accounts-test-support';
import { createSecondNode, createTestApp, logInAs, type TestApp } from '../test-app';

/**
 * Decision 123: the home rows answered before routing look the session up at every request
 * (decisions 037, 104). Pass rule: a session that has ended — logged out on this node or on
 * another, or past its lifetime — is refused by the very next request: it is not answered before
 * routing, and the route answers it what a visitor gets (no own rows, no no-store).
 */
const BASE = Date.UTC(2026, 10, 29, 15, 0);
let clockOffset = 0;
const HOME = '/api/1.2/page/home/rows?with_data=1';
let t: TestApp;
let other: FastifyInstance;
let base: string;
let visitorBody: string;
beforeAll(async () => {
  const now = () => new Date(BASE + clockOffset);
  t = await createTestApp({ now, listen: true });
  other = await createSecondNode(t, { now });
  base = t.config.publicUrl;
  // The URL is learnt and the visitor's answer known.
  await get({});
  visitorBody = (await get({})).body;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const fromMemory = async () =>
  Number(/^playz_page_rows_from_memory_total (\d+)/m.exec(await (await fetch(`${base}/metrics`)).text())?.[1]);
async function get(headers: Record<string, string>) {
  const before = await fromMemory();
  const response = await fetch(`${base}${HOME}`, { headers });
  const body = await response.text();
  expect(response.status).toBe(200);
  return { body, cacheControl: response.headers.get('cache-control'), hot: (await fromMemory()) - before === 1 };
}
/** A signed-in viewer answered before routing, their own answer (no-store, not the visitor's). */
async function expectAlive(cookie: string) {
  const alive = await get({ cookie });
  expect(alive).toMatchObject({ hot: true, cacheControl: 'no-store' });
  expect(alive.body).not.toBe(visitorBody);
}
/** An ended session: the route answers it as a visitor. */
async function expectRefused(cookie: string) {
  const ended = await get({ cookie });
  expect(ended).toMatchObject({ hot: false, cacheControl: null });
  expect(ended.body).toBe(visitorBody);
}

describe('security: home rows before routing refuse an ended session at the next request (decision 123, spec 1 §7)', () => {
  it('spec 1 §7 log-out on this node: the next request gets the visitor answer', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    await expectAlive(cookie);
    const out = await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    expect(errorNumber(out)).toBe(0);
    await expectRefused(cookie);
  });

  it('spec 1 §7 log-out on another node: this node refuses the next request', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    await expectAlive(cookie);
    const out = await other.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    expect(errorNumber(out)).toBe(0);
    await expectRefused(cookie);
  });

  it('spec 1 §7 a session past its lifetime is refused, a minute before it is not', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    clockOffset = SESSION_LIFETIME_MS - 60_000;
    await expectAlive(cookie);
    clockOffset = SESSION_LIFETIME_MS + 60_000;
    await expectRefused(cookie);
    clockOffset = 0;
  });
});
