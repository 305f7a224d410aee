import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connect';
import { hashToken, SESSION_LIFETIME_MS } from '../../src/sessions/session.repository';
import { openDatabase } from '../accounts-test-support';
import type { FastifyInstance } from 'fastify';
import { createSecondNode, createTestApp, logInAs, type TestApp } from '../test-app';

/**
 * Decision 124: a logged GET /data is answered in the request's own turn when the session row,
 * the table counters and both JSON parts are in memory. That path must end a session exactly
 * where the route does (decisions 037 and 104, docs/reliability.md checks 3 and 8): a session
 * deleted by another connection (an operator's SQL, the `accounts` command, another node on the
 * file) and a session past its lifetime get a visitor's answer at the very next request, though
 * the same cookie was answered from memory the request before.
 */
let clock = Date.UTC(2026, 10, 26, 10, 0);
let t: TestApp;
let db: Db;
let base: string;
/** A second API node on the same database (and, with REDIS_URL, the same table counters). */
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), listen: true });
  db = openDatabase(t.config);
  base = t.config.publicUrl;
  other = await createSecondNode(t, { now: () => new Date(clock) });
});
afterAll(async () => {
  await other?.close();
  await db?.close();
  await t?.close();
});

async function fromMemory(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^playz_data_from_memory_total (\d+)/m.exec(text)?.[1]);
}
/** GET /data over HTTP (the hot path is before Fastify), and whether it was answered there. */
async function getData(cookie: string) {
  const before = await fromMemory();
  const response = await fetch(`${base}/api/1.2/data?locale=fr&platform=Web`, { headers: { cookie } });
  const body = (await response.json()) as { Response: { Customer: { logged: boolean } } };
  const customer = body.Response.Customer;
  return { logged: customer.logged, hot: (await fromMemory()) - before === 1 };
}

describe('spec 1 §9 GET /data answered from memory ends a session as the route does (decision 124)', () => {
  it('a session deleted by another connection gets a visitor answer at the next request', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    await getData(cookie);
    expect(await getData(cookie)).toEqual({ logged: true, hot: true });
    expect(await getData(cookie)).toEqual({ logged: true, hot: true });
    const token = cookie.slice(cookie.indexOf('=') + 1);
    await db.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    expect(await getData(cookie)).toEqual({ logged: false, hot: false });
  });

  // Decision 133 changed how the answer's head is written, not what decides it: the stamp is still
  // read at every request, so a change on another node is seen by the next one here.
  it('a log-out on another node is seen by the next request here', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    await getData(cookie);
    // In memory here (with Redis the counters are a round trip: before routing, awaited).
    expect(await getData(cookie)).toEqual({ logged: true, hot: true });
    const out = await other.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    expect(out.json().Error.Number).toBe(0);
    expect(await getData(cookie)).toEqual({ logged: false, hot: false });
  });

  it('a session past its lifetime, touched minutes before, gets a visitor answer though its row is kept', async () => {
    const started = clock;
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    // Two minutes before the end: the read touches the session (a write), the next reads keep it.
    clock = started + SESSION_LIFETIME_MS - 2 * 60_000;
    await getData(cookie);
    await getData(cookie);
    expect(await getData(cookie)).toEqual({ logged: true, hot: true });
    // A minute after the end, three minutes after the touch: no touch due, the row is unchanged.
    clock = started + SESSION_LIFETIME_MS + 60_000;
    expect(await getData(cookie)).toEqual({ logged: false, hot: false });
    clock = started;
  });
});
