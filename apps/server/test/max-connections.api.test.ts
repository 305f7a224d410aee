import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './test-app';

/**
 * An API node's bound on open connections (MAX_CONNECTIONS, decision 126): a node that falls
 * behind refuses new connections instead of growing its memory with their queued requests.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { MAX_CONNECTIONS: '2' } });
  port = Number(new URL(t.config.publicUrl).port);
});
afterAll(() => t.close());

/** A keep-alive connection that asked GET /healthz: what it received when the server answered or closed it. */
function connectAndAsk(): Promise<{ socket: net.Socket; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('error', (error: NodeJS.ErrnoException) =>
      // A connection closed at once may reach the client as a reset.
      error.code === 'ECONNRESET' ? resolve({ socket, answer: received }) : reject(error),
    );
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('\r\n\r\n') && received.includes('"status"')) resolve({ socket, answer: received });
    });
    socket.on('close', () => resolve({ socket, answer: received }));
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
}
const connections = () =>
  new Promise<number>((resolve, reject) => t.app.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

describe('MAX_CONNECTIONS: a node refuses connections past its bound (decision 126)', () => {
  it('the connection past the bound is closed unanswered; once one closes, a new one is answered', async () => {
    expect(t.app.server.maxConnections).toBe(2);
    const first = await connectAndAsk();
    const second = await connectAndAsk();
    expect(first.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(second.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(await connections()).toBe(2);

    const third = await connectAndAsk();
    expect(third.answer).toBe('');

    first.socket.destroy();
    // Wait for the server to see it closed (no fixed sleep: its own count says so).
    while ((await connections()) >= 2) await new Promise((resolve) => setImmediate(resolve));
    const fourth = await connectAndAsk();
    expect(fourth.answer).toMatch(/^HTTP\/1\.1 200/);
    second.socket.destroy();
    fourth.socket.destroy();
  });

  it('each refused connection is counted in /metrics as playz_connections_refused_total (decision 126 addendum)', async () => {
    const refused = async () => {
      const scrape = await t.app.inject({ url: '/metrics' });
      return Number(/^playz_connections_refused_total (\d+)$/m.exec(scrape.body)?.[1]);
    };
    // The connections of the test before are closed on the server's side too.
    while ((await connections()) > 0) await new Promise((resolve) => setImmediate(resolve));
    const before = await refused();
    expect(before).toBeGreaterThanOrEqual(0);
    const held = [await connectAndAsk(), await connectAndAsk()];
    expect(held.map(({ answer }) => answer.slice(0, 12))).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    const turnedAway = await Promise.all([connectAndAsk(), connectAndAsk(), connectAndAsk()]);
    expect(turnedAway.map(({ answer }) => answer)).toEqual(['', '', '']);
    expect(await refused()).toBe(before + 3);
    for (const { socket } of [...held, ...turnedAway]) socket.destroy();
    while ((await connections()) > 0) await new Promise((resolve) => setImmediate(resolve));
    // An answered connection is not counted.
    (await connectAndAsk()).socket.destroy();
    expect(await refused()).toBe(before + 3);
  });

  it('the bound is read from the settings: 10,000 by default, 0 for none, nothing else', () => {
    const base = { NODE_ENV: 'test', PLAYZ_SKIP_MEDIA: '1' };
    expect(loadConfig(base).maxConnections).toBe(10_000);
    expect(loadConfig({ ...base, MAX_CONNECTIONS: '0' }).maxConnections).toBe(0);
    expect(() => loadConfig({ ...base, MAX_CONNECTIONS: 'many' })).toThrow(/MAX_CONNECTIONS/);
    expect(() => loadConfig({ ...base, MAX_CONNECTIONS: '-1' })).toThrow(/MAX_CONNECTIONS/);
  });
});
