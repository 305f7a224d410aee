import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointRoutes } from '@playz/api-contract';
import { STATE_CHANGING_GETS } from '../src/plugins/cross-site-gets';
import { createTestApp, expectEnvelope, logInAs, type TestApp } from './test-app';

// Cross-site requests (decision 031): a malformed Origin on a post, and the spec's
// GET calls that change state, opened from another site.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/api/1.2';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const logInPost = (origin?: string) => ({
  method: 'POST' as const,
  url: `${API}/customer`,
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin === undefined ? {} : { origin }) },
  payload: new URLSearchParams({ login: 'abonne@playz.fr', password: 'playz2026' }).toString(),
});

describe('decision 031 — a malformed Origin on a POST is refused with 4, never a 500 (spec 1 §8)', () => {
  it.each([
    'null',
    'foo',
    'http://[::1',
    '',
    'javascript:alert(1)',
    'http://localhost:3000.evil.com',
    'http://user@localhost:3000',
    'http://localhost:3000/path',
    'https://localhost:3000',
    'http://localhost:3001',
    'https://evil.example',
  ])('Origin %j: HTTP 403, error 4', async (origin) => {
    const res = await t.app.inject(logInPost(origin));
    expect(res.statusCode).toBe(403);
    expectEnvelope(res.body, 4);
    expect(res.cookies).toHaveLength(0);
  });

  it('compares scheme, host and port: PUBLIC_URL in any case, or the origin the request was sent to', async () => {
    // PUBLIC_URL is http://localhost:3000; inject sends to localhost:80.
    for (const origin of [
      'http://localhost:3000',
      'HTTP://LOCALHOST:3000',
      'http://localhost',
      'http://localhost:80',
    ]) {
      const res = await t.app.inject(logInPost(origin));
      expect(res.json().Error.Number, origin).toBe(0);
    }
    expect((await t.app.inject(logInPost())).json().Error.Number).toBe(0);
  });
});

describe('decision 031 — state-changing GETs refuse Sec-Fetch-Site: cross-site (link codes item)', () => {
  const customer = async (cookie: string) => (await get(`${API}/customer`, { cookie })).json().Response.Customer;

  it('GET logout from another site: 4, the session lives on; from our own pages it logs out', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const refused = await get(`${API}/customer/logout`, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(refused.statusCode).toBe(403);
    expectEnvelope(refused.body, 4);
    expect((await customer(cookie)).logged).toBe(true);
    const done = await get(`${API}/customer/logout`, { cookie, 'sec-fetch-site': 'same-origin' });
    expect(done.json().Error.Number).toBe(0);
    expect((await customer(cookie)).logged).toBe(false);
  });

  it('GET set-favorite from another site: 4, nothing set', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = `${API}/content/1003/set-favorite?is_favorite=1`;
    expectEnvelope((await get(url, { cookie, 'sec-fetch-site': 'cross-site' })).body, 4);
    expect((await get(`${API}/content/1003/is-favorite`, { cookie })).json().Response.IsFavorite).toBe(false);
    expectEnvelope(
      (await get(`${API}/content-list/1/set-favorite?is_favorite=1`, { cookie, 'sec-fetch-site': 'cross-site' })).body,
      4,
    );
  });

  it.each(['same-origin', 'same-site', 'none', undefined])('Sec-Fetch-Site %s passes', async (site) => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const res = await get(`${API}/content/1003/set-favorite?is_favorite=0`, {
      cookie,
      ...(site ? { 'sec-fetch-site': site } : {}),
    });
    expect(res.json().Error.Number).toBe(0);
  });

  it('a device app’s bearer token passes (another site cannot send that header)', async () => {
    const tv = await t.app.inject({
      ...logInPost(),
      payload: new URLSearchParams({
        login: 'abonne@playz.fr',
        password: 'playz2026',
        platform: 'AndroidTV',
      }).toString(),
    });
    const authorization = `Bearer ${String(tv.headers['x-playz-token'])}`;
    const res = await get(`${API}/content/1003/set-favorite?is_favorite=0`, {
      authorization,
      'sec-fetch-site': 'cross-site',
    });
    expect(res.json().Error.Number).toBe(0);
  });

  it.each(STATE_CHANGING_GETS)('%s is refused cross-site with 4 before it runs', async (name) => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const path = endpointRoutes[name].path.replace(/:[a-z]+/g, '1001');
    const res = await get(API + path, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expectEnvelope(res.body, 4);
    expect((await customer(cookie)).logged).toBe(true);
  });

  it('the PayPal return stays open to PayPal’s site (it is how the viewer comes back)', async () => {
    const res = await get(`${API}/billing/paypal/confirm?token=x`, { 'sec-fetch-site': 'cross-site' });
    expect(res.json().Error?.Number).not.toBe(4);
  });
});
