import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';

// Security headers and Cache-Control (decision 031).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/api/1.2';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('decision 031 — security headers on pages and API (helmet, computed once per policy)', () => {
  const csp = (header: unknown) =>
    new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );

  it('pages: a CSP for the web app, frame-ancestors none, nosniff, Referrer-Policy', async () => {
    const res = await get('/');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // The Google Cast sender framework, from its official address only (decision 070).
    expect(policy.get('script-src')).toEqual(["'self'", 'https://www.gstatic.com']);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // The player: MediaSource blob: URLs and workers; the data: placeholder of a subtitle track (decision 069).
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    // The card form posts to the card processor's page (the stand-in: this origin).
    expect(policy.get('form-action')).toEqual(["'self'", 'http://localhost:3000']);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('API answers and errors carry them too', async () => {
    for (const res of [await get(`${API}/data`), await get(`${API}/content/999999`), await get(`${API}/nothing`)]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(csp(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('the payment stand-ins may style inline; media may be loaded by other origins', async () => {
    const sandbox = await get('/sandbox/credit-card/vads-payment/page/unknown');
    expect(csp(sandbox.headers['content-security-policy']).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(sandbox.headers['x-content-type-options']).toBe('nosniff');
    const media = await get('/media/clips/none.jpg');
    expect(media.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get('/')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('over https: HSTS, upgrade-insecure-requests, and a real card processor in form-action', async () => {
    const https = await createTestApp({
      env: {
        PUBLIC_URL: 'https://playz.example',
        CARD_GATEWAY_URL: 'https://secure.cards.example/vads-payment/',
        CARD_API_URL: 'https://api.cards.example',
        CARD_SITE_ID: '12345678',
        CARD_KEY: 'card-key-card-key-card-key',
        CARD_API_PASSWORD: 'card-api-password',
      },
    });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/' });
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('form-action')).toEqual(["'self'", 'https://playz.example', 'https://secure.cards.example']);
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await https.close();
    }
  });

  it('personal answers are Cache-Control: no-store; a visitor’s catalogue keeps its caching', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const signedIn = { cookie };
    for (const url of ['/customer', '/data', '/content/1001', '/content/1001/url', '/customer/favorites', '/inapp'])
      expect((await get(API + url, signedIn)).headers['cache-control'], url).toBe('no-store');
    // Personal routes whoever calls them, errors included.
    for (const url of ['/customer', '/customer/active-devices', '/billing/credit-card/url', '/content/1001/url'])
      expect((await get(API + url)).headers['cache-control'], url).toBe('no-store');
    for (const url of ['/data', '/content/1001', '/channels', '/search?keywords=ete'])
      expect((await get(API + url)).headers['cache-control'], url).toBeUndefined();
  });
});
