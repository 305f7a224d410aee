import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

/** A real `ws` client on the remote-control socket, with the frames it received in order. */
export interface TestSocket {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  send(frame: unknown): void;
  sendRaw(data: string | Buffer): void;
  /** The next frame (from now or already received and not yet taken) that matches. */
  next(match: (frame: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  event(name: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Frames matching `match` received within `ms` (used to show that nothing arrives). */
  within(ms: number, match?: (frame: Record<string, unknown>) => boolean): Promise<Record<string, unknown>[]>;
  closed: Promise<number>;
  close(): void;
}

export function socketUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app does not listen');
  return `ws://127.0.0.1:${address.port}/api/1.2/remote/socket`;
}

export async function openSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers });
  const frames: Record<string, unknown>[] = [];
  const taken = new Set<Record<string, unknown>>();
  const waiters: { match: (f: Record<string, unknown>) => boolean; resolve: (f: Record<string, unknown>) => void }[] =
    [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Record<string, unknown>;
    frames.push(frame);
    const waiter = waiters.find((w) => w.match(frame));
    if (waiter) {
      taken.add(frame);
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  const next: TestSocket['next'] = (match, timeoutMs = 3000) => {
    const already = frames.find((f) => !taken.has(f) && match(f));
    if (already) {
      taken.add(already);
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      waiters.push(waiter);
      setTimeout(() => {
        if (!waiters.includes(waiter)) return;
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
      }, timeoutMs);
    });
  };
  return {
    ws,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    sendRaw: (data) => ws.send(data),
    next,
    event: (name, timeoutMs) => next((f) => f.event === name, timeoutMs),
    async within(ms, match = () => true) {
      const start = frames.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return frames.slice(start).filter(match);
    },
    closed,
    close: () => ws.close(),
  };
}

/** Opens a socket and registers it; resolves once the server answered onDeviceRegistered. */
export async function registered(
  url: string,
  device: { type: 'Server' | 'Client'; udid: string; platform?: string; name?: string; token?: string },
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const socket = await openSocket(url, headers);
  socket.send({ action: 'registerDevice', data: device });
  await socket.event('onDeviceRegistered');
  return socket;
}

/** Logs a TV in with its device identity: the bearer token of x-playz-token (decision 005). */
export async function logInTv(app: FastifyInstance, login: string, udid: string, password = 'playz2026') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/1.2/customer',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ login, password, platform: 'Tizen', device_udid: udid }).toString(),
  });
  const token = res.headers['x-playz-token'];
  if (typeof token !== 'string') throw new Error(`TV log-in failed: ${res.body}`);
  return token;
}
