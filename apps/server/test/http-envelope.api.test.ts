import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, NODE_MAX_HEADER_SIZE } from '../src/plugins/http-limits';
import { createTestApp, expectEnvelope, type TestApp } from './test-app';

// Unreadable and oversized requests (decision 031): the envelope, never Fastify's or
// Node's own JSON.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/api/1.2';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('decision 031 — every answer under /api/1.2 is the envelope with a catalogue number (spec 1 §7, §8)', () => {
  it('bad URL encoding in the path: 400 with 3 (was Fastify JSON)', async () => {
    for (const url of [`${API}/content/%ff`, `${API}/%E0%A4%A`, `${API}/content/%ff/url`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expectEnvelope(res.body, 3);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers in the locale asked for, even when the URL could not be read', async () => {
    const res = await get(`${API}/content/%ff?locale=en`);
    expect(res.json().Error).toMatchObject({ Number: 3 });
    expect(res.json().Error.Message).not.toBe((await get(`${API}/content/%ff`)).json().Error.Message);
  });

  it('an over-long id (path parameter over 100 characters): 414 with 3', async () => {
    const res = await get(`${API}/content/${'1'.repeat(500)}`);
    expect(res.statusCode).toBe(414);
    expectEnvelope(res.body, 3);
  });

  it(`an over-long URL (over ${MAX_URL_LENGTH} characters): 414 with 3; pages get plain text`, async () => {
    const res = await get(`${API}/search?keywords=${'a'.repeat(MAX_URL_LENGTH)}`);
    expect(res.statusCode).toBe(414);
    expectEnvelope(res.body, 3);
    const page = await get(`/search?q=${'a'.repeat(MAX_URL_LENGTH)}`);
    expect(page.statusCode).toBe(414);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('a bad query value, an unknown path, a wrong method: the envelope', async () => {
    expectEnvelope((await get(`${API}/search?keywords=%ff&page=x`)).body, 3);
    expectEnvelope((await get(`${API}/no/such/call`)).body, 6);
    expectEnvelope((await t.app.inject({ method: 'DELETE', url: `${API}/customer` })).body, 6);
  });

  describe('over the network: what Node parses before Fastify (inject skips Node’s HTTP parser)', () => {
    let listening: TestApp;
    let port: number;
    beforeAll(async () => {
      listening = await createTestApp({ listen: true });
      port = Number(new URL(listening.config.publicUrl).port);
    });
    afterAll(() => listening.close());

    /** One raw HTTP/1.1 exchange; the whole answer as text. */
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('close', () => resolve(answer));
        socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
        socket.write(request);
      });
    const statusOf = (answer: string) => Number(answer.split(' ')[1]);
    const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

    it('a URL above our limit and below Node’s reaches our 414 (Node’s limit was raised for it)', async () => {
      const url = `${API}/search?keywords=${'a'.repeat(MAX_URL_LENGTH + 1000)}`;
      expect(url.length).toBeLessThan(NODE_MAX_HEADER_SIZE);
      const answer = await raw(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(statusOf(answer)).toBe(414);
      expectEnvelope(bodyOf(answer), 3);
    });

    it(`headers over Node’s ${NODE_MAX_HEADER_SIZE} bytes: 431 with 3, written by our clientErrorHandler`, async () => {
      // Node's parser refuses these before Fastify has a request: no route, no locale, so the
      // envelope is French whatever the path (decision 031).
      const answer = await raw(
        `GET ${API}/data HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(NODE_MAX_HEADER_SIZE)}\r\n\r\n`,
      );
      expect(statusOf(answer)).toBe(431);
      expect(answer).toMatch(/content-type: application\/json/i);
      expectEnvelope(bodyOf(answer), 3);
    });

    it('a query string over Node’s limit: 431 with 3', async () => {
      const answer = await raw(
        `GET ${API}/search?keywords=${'q'.repeat(NODE_MAX_HEADER_SIZE)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(statusOf(answer)).toBe(431);
      expectEnvelope(bodyOf(answer), 3);
    });

    it('a request Node cannot parse: 400 with 3', async () => {
      const answer = await raw(`GET ${API}/data HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n`);
      expect(statusOf(answer)).toBe(400);
      expectEnvelope(bodyOf(answer), 3);
    });
  });
});
