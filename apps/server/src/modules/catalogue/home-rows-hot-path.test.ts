import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { RequestSession } from '../../lib/access';
import { SerializedAnswer } from '../../lib/serialized-answer';
import { createHomeRowsHotPath, PAGE_ROWS_ROUTE } from './home-rows-hot-path';

// Decision 123: the home rows before routing are sent in the request's own turn when the session
// and every part of the rows are in memory, and take the awaited way (findValid, pageRowsJson)
// on any miss.
const URL = '/api/1.2/page/home/rows?with_data=1';
const SESSION: RequestSession = { id: 's1', customerId: 7, profileId: 1, isKidsProfile: false };
const ROWS = SerializedAnswer.kept(Buffer.from('{"Rows":[]}'));

function hotPath(peeks: { session?: RequestSession; rows?: SerializedAnswer | (() => SerializedAnswer) }) {
  const calls: string[] = [];
  const path = createHomeRowsHotPath({
    cookieName: 'playz_sid',
    maxUrlLength: 8192,
    pageRows: {
      pageRowsJson: async () => (calls.push('pageRowsJson'), ROWS),
      peekPageRowsJson: () => (
        calls.push('peekPageRowsJson'),
        typeof peeks.rows === 'function' ? peeks.rows() : peeks.rows
      ),
    },
    findSession: async () => (calls.push('findSession'), SESSION),
    peekSession: () => (calls.push('peekSession'), peeks.session),
    headers: [['x-frame-options', 'DENY']],
    requestIdOf: () => 'id-1',
    record: () => calls.push('record'),
    checkResponses: true,
    log: { isLevelEnabled: () => false } as never,
  });
  // The route answered the URL with 200 once: its hook learns it.
  let learn: ((request: unknown, reply: unknown) => Promise<void>) | undefined;
  const api = {
    addHook: (_name: string, hook: typeof learn) => void (learn = hook),
    metrics: { registry: new Registry() },
  } as unknown as FastifyInstance;
  path.watch(api);
  const learnt = learn!(
    {
      method: 'GET',
      routeOptions: { url: PAGE_ROWS_ROUTE },
      raw: { url: URL },
      headers: {},
      params: { id: 'home' },
      query: { with_data: '1' },
      common: { locale: 'fr' },
    },
    { statusCode: 200 },
  );
  return { path, calls, learnt };
}

function exchange(cookie: string) {
  const request = { method: 'GET', url: URL, headers: { cookie }, socket: {} } as unknown as IncomingMessage;
  const written: { status?: number; headers?: Record<string, unknown>; body: Buffer[] } = { body: [] };
  const response = {
    headersSent: false,
    writeHead(status: number, headers: Record<string, unknown>) {
      Object.assign(written, { status, headers });
    },
    cork() {},
    uncork() {},
    write: (part: Buffer) => written.body.push(part),
    end: (body?: Buffer) => void (body && written.body.push(body)),
  } as unknown as ServerResponse;
  return { request, response, written };
}

describe('spec 2 §7 home rows before routing, in the request’s own turn (decision 123)', () => {
  it('answers true, no promise, when the session and the rows are in memory', async () => {
    const { path, calls, learnt } = hotPath({ session: SESSION, rows: ROWS });
    await learnt;
    const { request, response, written } = exchange('playz_sid=abc');
    expect(path.answer(request, response)).toBe(true);
    expect(calls).toEqual(['peekSession', 'peekPageRowsJson', 'record']);
    expect(written.status).toBe(200);
    expect(written.headers).toMatchObject({ 'cache-control': 'no-store', 'x-frame-options': 'DENY' });
    expect(Buffer.concat(written.body).toString()).toBe('{"Response":{"Rows":[]},"Error":{"Number":0,"Message":"ok"}}');
  });

  it('takes the awaited way when the session or a part of the rows is not in memory', async () => {
    for (const peeks of [{ rows: ROWS }, { session: SESSION }]) {
      const { path, calls, learnt } = hotPath(peeks);
      await learnt;
      const { request, response, written } = exchange('playz_sid=abc');
      const answered = path.answer(request, response);
      expect(answered).toBeInstanceOf(Promise);
      expect(await answered).toBe(true);
      expect(calls).toContain('findSession');
      expect(calls).toContain('pageRowsJson');
      expect(written.status).toBe(200);
    }
  });

  it('joins a subscriber’s parts the second time they are the same buffers, never past a change', async () => {
    const segments = [Buffer.from('{"Rows":['), Buffer.from(']}')];
    const row = (title: string) =>
      Buffer.from(
        JSON.stringify({ rowType: 'Favorites', typeID: null, style: 'Default', title, data: { Favorites: [] } }),
      );
    let own = row('Mes favoris');
    const { path, learnt } = hotPath({
      session: SESSION,
      rows: () => new SerializedAnswer(segments[0]!, own, segments[1]!),
    });
    await learnt;
    const send = () => {
      const { request, response, written } = exchange('playz_sid=abc');
      expect(path.answer(request, response)).toBe(true);
      return written.body;
    };
    const first = send();
    expect(first.length).toBeGreaterThan(1); // parts, corked
    const second = send();
    expect(second).toHaveLength(1); // joined once, kept
    expect(second[0]!.equals(Buffer.concat(first))).toBe(true);
    expect(send()[0]).toBe(second[0]);
    // The viewer's row written: new bytes, sent as parts, never the kept join.
    own = row('Favoris');
    const changed = send();
    expect(changed.length).toBeGreaterThan(1);
    expect(Buffer.concat(changed).toString()).toContain('"title":"Favoris"');
  });
});
