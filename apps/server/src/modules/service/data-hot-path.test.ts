import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { CommonContext } from '../../plugins/common-params';
import { createDataHotPath, createJoinedParts } from './data-hot-path';

// Decision 097: GET /data's envelope is joined once per pair of kept parts and sent as one buffer.
describe('spec 1 §7 GET /data envelope parts joined once (decision 097)', () => {
  const head = Buffer.from('{"Response":{"App":');
  const tail = Buffer.from('}}');
  const app = Buffer.from('{"name":"Playz"}');

  it('gives the very same bytes object for the same parts, and their exact concatenation', () => {
    const wholeOf = createJoinedParts();
    const customer = Buffer.from(',"Customer":{"logged":false}');
    const first = wholeOf([head, app, customer, tail]);
    expect(first.toString()).toBe('{"Response":{"App":{"name":"Playz"},"Customer":{"logged":false}}}');
    expect(wholeOf([head, app, customer, tail])).toBe(first);
  });

  it('joins again when any part is another object, even with equal bytes: a new Customer is never hidden', () => {
    const wholeOf = createJoinedParts();
    const visitor = Buffer.from(',"Customer":{"logged":false}');
    const logged = Buffer.from(',"Customer":{"logged":true}');
    const asVisitor = wholeOf([head, app, visitor, tail]);
    const asLogged = wholeOf([head, app, logged, tail]);
    expect(asLogged.toString()).toContain('"logged":true');
    expect(asVisitor.toString()).toContain('"logged":false');
    const sameBytesOtherObject = Buffer.from(visitor);
    expect(wholeOf([head, app, sameBytesOtherObject, tail])).not.toBe(asVisitor);
    expect(wholeOf([head, app, tail, visitor])).not.toBe(asVisitor);
  });
});

// Decision 124: with the session and both parts in memory, the answer is written in the request's
// own turn (no promise); any miss takes the async way, which asks the route's own functions.
describe('spec 1 §7 GET /data answered without a promise when everything is in memory (decision 124)', () => {
  const session = { id: 'h', customerId: 7, profileId: 3, isKidsProfile: false };
  const parts = [Buffer.from('{"Response":{"App":{},"Customer":{"logged":true}}'), Buffer.from('}')];
  const common = { locale: 'fr' } as unknown as CommonContext;
  function setUp(peeks: { session?: boolean; answer?: boolean }) {
    const calls = { findSession: 0, answer: 0, peekedWith: [] as unknown[], lines: [] as unknown[], recorded: 0 };
    const hotPath = createDataHotPath({
      cookieName: 'playz_sid',
      maxUrlLength: 2048,
      findSession: async () => (calls.findSession++, session),
      peekSession: (token) => (token === 'tok' && peeks.session ? session : undefined),
      answer: async () => (calls.answer++, parts),
      peekAnswer: (auth) => (calls.peekedWith.push(auth), peeks.answer ? parts : undefined),
      headers: [['x-frame-options', 'DENY']],
      requestIdOf: () => 'id-1',
      observe: () => void calls.recorded++,
      log: {
        isLevelEnabled: (level: string) => level === 'info',
        info: (line: unknown) => void calls.lines.push(line),
      } as unknown as FastifyBaseLogger,
    });
    hotPath.remember('/api/1.2/data?locale=fr', undefined, common);
    const written: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
    const response = {
      headersSent: false,
      writeHead: (status: number, headers: Record<string, unknown>) => Object.assign(written, { status, headers }),
      end: (body: Buffer) => Object.assign(written, { body }),
    } as unknown as ServerResponse;
    const request = (cookie?: string) =>
      ({
        method: 'GET',
        url: '/api/1.2/data?locale=fr',
        headers: cookie ? { cookie } : {},
        socket: { remoteAddress: '127.0.0.1' },
      }) as unknown as IncomingMessage;
    return { hotPath, calls, written, response, request };
  }

  it('a logged repeat in memory: true at once, one writeHead with no-store, the joined bytes', () => {
    const { hotPath, calls, written, response, request } = setUp({ session: true, answer: true });
    expect(hotPath.answer(request('playz_sid=tok'), response)).toBe(true);
    expect(written.status).toBe(200);
    expect(written.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'x-request-id': 'id-1',
      'content-length': written.body!.length,
    });
    expect(written.body!.toString()).toBe('{"Response":{"App":{},"Customer":{"logged":true}}}');
    expect(calls.peekedWith[0]).toEqual({
      customer: { sessionId: 'h', customerId: 7, profileId: 3, isKidsProfile: false },
    });
    expect([calls.findSession, calls.answer]).toEqual([0, 0]);
    // Counted in the route's histogram and logged as Fastify logs a routed answer.
    expect(calls.recorded).toBe(1);
    expect(calls.lines).toEqual([
      expect.objectContaining({
        reqId: 'id-1',
        req: { method: 'GET', url: '/api/1.2/data?locale=fr', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
      }),
    ]);
    // A visitor: no cache-control, the visitor's access object.
    expect(hotPath.answer(request(), response)).toBe(true);
    expect(written.headers!['cache-control']).toBeUndefined();
    expect(calls.peekedWith[1]).toEqual({ customer: null });
  });

  it('a session or a part not in memory: the async way, which reads through the route functions', async () => {
    for (const peeks of [
      { session: false, answer: true },
      { session: true, answer: false },
    ]) {
      const { hotPath, calls, written, response, request } = setUp(peeks);
      const answered = hotPath.answer(request('playz_sid=tok'), response);
      expect(answered).toBeInstanceOf(Promise);
      expect(await answered).toBe(true);
      expect(calls.answer).toBe(1);
      expect(written.headers!['cache-control']).toBe('no-store');
    }
  });

  it('a doubtful cookie goes the full way, as before: quoted, encoded, empty, twice', () => {
    const { hotPath, response, request } = setUp({ session: true, answer: true });
    for (const cookie of ['playz_sid="tok"', 'playz_sid=t%6Fk', 'playz_sid=', 'playz_sid=tok; playz_sid=tok'])
      expect(hotPath.answer(request(cookie), response)).toBe(false);
    expect(hotPath.answer(request('a=1; playz_sid=tok'), response)).toBe(true);
  });
});
