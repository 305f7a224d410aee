import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';

// Decision 039 addendum: GET /data answered before routing when the route has answered the same
// query before and the caller's session (if any) is valid, with the same status, headers, bytes.
let clock = Date.UTC(2026, 10, 26, 10, 0);
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), listen: true });
  base = t.config.publicUrl;
});
afterAll(() => t.close());

/** /data answers made before routing so far, as GET /metrics tells an operator. */
async function fromMemory(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^playz_data_from_memory_total (\d+)/m.exec(text)?.[1]);
}
/** GET /data over HTTP (the hot path is before Fastify: inject never reaches it). */
async function getData(query: string, headers: Record<string, string> = {}) {
  const before = await fromMemory();
  const response = await fetch(`${base}/api/1.2/data${query}`, { headers });
  const body = await response.text();
  return {
    status: response.status,
    body,
    headers: Object.fromEntries(response.headers),
    hot: (await fromMemory()) - before === 1,
  };
}
/** Headers whose value differs on every answer, whichever way it was made. */
const withoutPerAnswer = (headers: Record<string, string>) => {
  const { date, 'x-request-id': id, 'keep-alive': _keepAlive, connection: _connection, ...rest } = headers;
  expect(Date.parse(date ?? '')).toBeGreaterThan(0);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
};
const customerOf = (body: string) => JSON.parse(body).Response.Customer;

describe('spec 1 §7 GET /data answered before routing (decision 039 addendum)', () => {
  it('a logged repeat gets the same status, headers and bytes as the route, with no-store', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const query = '?platform=Web&locale=en&device_udid=hot-1';
    const first = await getData(query, { cookie });
    expect(first).toMatchObject({ status: 200, hot: false });
    const repeat = await getData(query, { cookie });
    expect(repeat).toMatchObject({ status: 200, hot: true });
    expect(repeat.body).toBe(first.body);
    expect(withoutPerAnswer(repeat.headers)).toEqual(withoutPerAnswer(first.headers));
    expect(repeat.headers['cache-control']).toBe('no-store');
    expect(repeat.headers['content-security-policy']).toContain("default-src 'self'");
    expect(customerOf(repeat.body)).toMatchObject({ logged: true, login: 'abonne@playz.fr' });
    // Another Accept-Language is another known query: the route answers it first.
    expect((await getData(query, { cookie, 'accept-language': 'nl' })).hot).toBe(false);
  });

  it('a visitor repeat too; the bearer token of a device app as well', async () => {
    const first = await getData('?locale=nl');
    const repeat = await getData('?locale=nl');
    expect([first.hot, repeat.hot]).toEqual([false, true]);
    expect(repeat.body).toBe(first.body);
    expect(withoutPerAnswer(repeat.headers)).toEqual(withoutPerAnswer(first.headers));
    expect(customerOf(repeat.body)).toMatchObject({ logged: false, locale: 'nl' });
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const token = /playz_sid=([^;]+)/.exec(cookie)![1]!;
    const bearer = { authorization: `Bearer ${token}` };
    expect(customerOf((await getData('?locale=nl', bearer)).body)).toMatchObject({ logged: true });
    expect((await getData('?locale=nl', bearer)).hot).toBe(true);
  });

  it('what only the route may answer goes the full way: a new or bad query, an ended session, a doubtful cookie', async () => {
    const bad = await getData('?platform=Nope');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(bad.body).Error.Number).toBe(16);
    expect((await getData('?platform=Nope')).hot).toBe(false);
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    await getData('?locale=fr', { cookie });
    expect((await getData('?locale=fr', { cookie })).hot).toBe(true);
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    const ended = await getData('?locale=fr', { cookie });
    expect(ended.hot).toBe(false);
    expect(customerOf(ended.body)).toMatchObject({ logged: false });
    expect((await getData('?locale=fr', { cookie: `${cookie}; ${cookie}` })).hot).toBe(false);
  });

  it("the Customer follows writes and the clock: a consent saved, a subscription's end", async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    await getData('?locale=es', { cookie });
    const before = customerOf((await getData('?locale=es', { cookie })).body);
    expect(before.hasValidSubscription).toBe(true);
    const consent = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/customer/consent',
      headers: { cookie },
      payload: { cookie_type_ids: '2' },
    });
    expect(consent.json().Error.Number).toBe(0);
    const written = await getData('?locale=es', { cookie });
    expect(written.hot).toBe(true);
    expect(customerOf(written.body).consent).not.toEqual(before.consent);
    // Past the end of every subscription the same cached rows give another Customer.
    const ends = before.subscriptions.map((s: { expirationDate: string }) => Date.parse(s.expirationDate));
    clock = Math.max(...ends) + 1000;
    const later = await getData('?locale=es', { cookie: await logInAs(t.app, 'abonne@playz.fr') });
    expect(customerOf(later.body).hasValidSubscription).toBe(false);
    // And back before it (a clock set back): the kept JSON holds between the same instants only.
    clock = Math.min(...ends) - 60_000;
    expect(customerOf((await getData('?locale=es', { cookie })).body).hasValidSubscription).toBe(true);
  });
});
