import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_VIEW_RULES } from '../src/modules/audience';
import { holdableClock } from './support/held-clock';
import { createTestApp, logInAs, type TestApp } from './test-app';

/** First-party audience measurement (spec 3 §4 analytics after consent; decision 088). */
let t: TestApp;
/** The rules count in windows of the clock's minute: the rate tests hold it still (1,200 posts). */
const clock = holdableClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());
afterEach(() => clock.release());

const id = () => randomBytes(16).toString('base64url');
const ids = { visitor: id(), visit: id(), session: id() };
const post = (body: Record<string, string>, headers: Record<string, string> = {}, ip = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/1.2/audience/page-view',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(body).toString(),
  });
const rowsOf = (visitor: string) =>
  t.app.db.selectFrom('page_views').selectAll().where('visitor_id', '=', visitor).orderBy('id').execute();

describe('POST /audience/page-view (beyond the spec, decision 088)', () => {
  it("keeps the page's path under the measurement's ids, signed in or not, never the account's id", async () => {
    expect((await post({ ...ids, path: '/series' })).json()).toMatchObject({
      Error: { Number: 0 },
      Response: { Success: true },
    });
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    await post({ ...ids, path: '/content/1001/le-film' }, { cookie });
    const rows = await rowsOf(ids.visitor);
    expect(rows.map((r) => [r.path, r.logged, r.visit_id, r.session_id, r.platform])).toEqual([
      ['/series', 0, ids.visit, ids.session, 'Web'],
      ['/content/1001/le-film', 1, ids.visit, ids.session, 'Web'],
    ]);
    expect(Object.keys(rows[0]!)).not.toContain('customer_id');
  });

  it('a path with its query, another origin, or a malformed id is 3 and nothing is kept', async () => {
    const visitor = id();
    for (const body of [
      { ...ids, visitor, path: '/search?q=secret' },
      { ...ids, visitor, path: '//evil.example/x' },
      { ...ids, visitor, path: 'https://evil.example/' },
      { ...ids, visitor: 'x', path: '/' },
      { ...ids, visitor, session: 'a b', path: '/' },
    ]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().Error.Number).toBe(3);
    }
    expect(await rowsOf(visitor)).toEqual([]);
  });

  it('past the rule of one browser: 4 with HTTP 429; another browser still counts', async () => {
    const visitor = id();
    const rule = PAGE_VIEW_RULES.visitor;
    clock.hold();
    for (let i = 0; i < rule.max; i += 1) await post({ ...ids, visitor, path: '/' }, {}, '10.9.0.2');
    const refused = await post({ ...ids, visitor, path: '/' }, {}, '10.9.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error.Number).toBe(4);
    expect(await rowsOf(visitor)).toHaveLength(rule.max);
    expect((await post({ ...ids, visitor: id(), path: '/' }, {}, '10.9.0.2')).statusCode).toBe(200);
  });

  it('past the ceiling of one address, fresh ids do not get through', async () => {
    const rule = PAGE_VIEW_RULES.address;
    clock.hold();
    for (let i = 0; i < rule.max; i += 1) await post({ ...ids, visitor: id(), path: '/' }, {}, '10.9.0.4');
    expect((await post({ ...ids, visitor: id(), path: '/' }, {}, '10.9.0.4')).statusCode).toBe(429);
    expect((await post({ ...ids, visitor: id(), path: '/' }, {}, '10.9.0.5')).statusCode).toBe(200);
  });
});
