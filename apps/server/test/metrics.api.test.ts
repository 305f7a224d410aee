import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMetrics } from '../src/plugins/metrics';
import { createTestApp, type TestApp } from './test-app';

const TOKEN = 'metrics-token-0123456789';
let open: TestApp;
let withToken: TestApp;
beforeAll(async () => {
  open = await createTestApp();
  withToken = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await open.close();
  await withToken.close();
});

describe('GET /metrics, Prometheus text (decision 038, observability)', () => {
  it('counts answers by route pattern, never by raw URL, with the process metrics', async () => {
    await open.app.inject({ url: '/api/1.2/content/1001' });
    await open.app.inject({ url: '/api/1.2/content/1002' });
    await open.app.inject({ url: '/api/1.2/content/999999' });
    const res = await open.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const count = (status: string) =>
      `playz_http_request_duration_seconds_count{route="/api/1.2/content/:id",method="GET",status="${status}"}`;
    expect(text).toContain(`${count('2xx')} 2`);
    // An unknown content is the catalogue's 20 with HTTP 404 (spec 1 §8).
    expect(text).toContain(`${count('4xx')} 1`);
    expect(text).not.toMatch(/route="[^"]*1001/);
    expect(text).toMatch(/^playz_process_resident_memory_bytes \d+/m);
  });

  it('answers only the same host when no token is set; with METRICS_TOKEN, only its bearer', async () => {
    const remote = { remoteAddress: '203.0.113.7' };
    expect((await open.app.inject({ url: '/metrics', ...remote })).statusCode).toBe(403);
    // A proxy's X-Forwarded-For does not make a remote caller local.
    const forwarded = await open.app.inject({
      url: '/metrics',
      ...remote,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(403);
    expect((await withToken.app.inject({ url: '/metrics' })).statusCode).toBe(403);
    const wrong = await withToken.app.inject({ url: '/metrics', ...remote, headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(403);
    const right = await withToken.app.inject({
      url: '/metrics',
      ...remote,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
  });

  it('shows each Stream channel encoder up or down and its restarts, read at scrape time', async () => {
    const app = Fastify();
    const ingests = [
      { channelId: 20, isRunning: () => true, restarts: 0 },
      { channelId: 21, isRunning: () => false, restarts: 3 },
    ];
    registerMetrics(app, { token: null, ingests: () => ingests });
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(text).toContain('playz_live_ingest_up{channel="20"} 1');
    expect(text).toContain('playz_live_ingest_up{channel="21"} 0');
    expect(text).toContain('playz_live_ingest_restarts{channel="21"} 3');
    await app.close();
  });
});
