import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  // The test app trusts 127.0.0.1 as its proxy (TRUSTED_PROXIES), as nginx on the same host.
  t = await createTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids in logs and answers (decision 038, observability)', () => {
  it('names every request with a UUID, sent back as X-Request-Id', async () => {
    const a = await t.app.inject({ url: '/api/1.2/content/1001', remoteAddress: '203.0.113.9' });
    const b = await t.app.inject({ url: '/api/1.2/content/1001', remoteAddress: '203.0.113.9' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });

  it('keeps the id the trusted proxy gave (nginx $request_id), never one from anyone else', async () => {
    const nginxId = '0f3c9a4be21d4c7f9a1b2c3d4e5f6a7b';
    const viaProxy = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': nginxId } });
    expect(viaProxy.headers['x-request-id']).toBe(nginxId);
    const direct = await t.app.inject({
      url: '/healthz',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': nginxId },
    });
    expect(direct.headers['x-request-id']).toMatch(UUID);
    const garbage = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b\nc' } });
    expect(garbage.headers['x-request-id']).toMatch(UUID);
  });
});

describe('readiness and drain (decision 038: graceful drain on SIGTERM)', () => {
  it('/readyz answers ready, then 503 draining once the node starts leaving; /healthz stays up', async () => {
    const leaving = await createTestApp();
    const app = leaving.app;
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    app.beginDrain();
    const draining = await app.inject({ url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await leaving.close();
  });
});
