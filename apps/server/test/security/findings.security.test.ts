import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { callOf, sessionOf } from './security-support';

/** Holes the security suite found, each kept closed by a test of its own (docs/reliability.md). */
let t: TestApp;
beforeAll(async () => {
  // Listening: the Orange app shop stand-in is called back over HTTP (decision 025).
  t = await createTestApp({ listen: true });
}, 60_000);
afterAll(() => t?.close());

describe('findings of the security suite (docs/reliability.md)', () => {
  it('Orange app shop check with an ise2 / apitoken the app shop refuses: 30 (receipt not valid), not HTTP 500', async () => {
    const registered = await t.app.inject(
      callOf(
        { method: 'POST', path: '/customer/register' },
        {
          fields: { login: `orange.${Date.now().toString(36)}@exemple.fr`, password: 'secret-1', optin: '0' },
          headers: { 'x-forwarded-for': '10.66.0.1' },
        },
      ),
    );
    const res = await t.app.inject(
      callOf(
        { method: 'POST', path: '/billing/orange-appshoptv/check' },
        { cookie: sessionOf(registered), fields: { param_type: 'x', ise2: 'not-a-line', apitoken: 'forged' } },
      ),
    );
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().Error.Number).toBe(30);
  });

  it('a NUL character in any parameter (path, query, form body, common) answers 3, not HTTP 500 (PostgreSQL text cannot hold one)', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/1.2/page/%00/rows' },
      { method: 'GET' as const, url: '/api/1.2/search?keywords=a%00b' },
      { method: 'GET' as const, url: '/api/1.2/customer/check-login?login=a%00@exemple.fr' },
      { method: 'GET' as const, url: '/api/1.2/data?device_udid=tv%00' },
      { method: 'GET' as const, url: '/api/1.2/content/1001?x=1&x=%00' },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: { 'x-forwarded-for': '10.66.0.2' } });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json().Error.Number, c.url).toBe(3);
    }
    const posted = await t.app.inject(
      callOf(
        { method: 'POST', path: '/customer/register' },
        {
          fields: { login: 'nul\u0000@exemple.fr', password: 'secret-1' },
          headers: { 'x-forwarded-for': '10.66.0.3' },
        },
      ),
    );
    expect(posted.json().Error.Number).toBe(3);
  });
});
