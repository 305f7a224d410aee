import type { IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { accessLineBeforeRouting, sessionTokenBeforeRouting } from './before-routing';

const asked = (headers: Record<string, string>) =>
  ({
    headers,
    method: 'GET',
    url: '/api/1.2/data',
    socket: { remoteAddress: '10.0.0.1' },
  }) as unknown as IncomingMessage;
const tokenOf = (headers: Record<string, string>) => sessionTokenBeforeRouting(asked(headers), 'playz_session');

describe('spec 1 §3 a session read before routing (decisions 039, 124)', () => {
  it('reads a Bearer token, our lone cookie, or our cookie among others; null without any', () => {
    expect(tokenOf({ authorization: 'Bearer abc ' })).toBe('abc');
    expect(tokenOf({ cookie: 'playz_session=abc' })).toBe('abc');
    expect(tokenOf({ cookie: 'consent=1; playz_session=abc; theme=dark' })).toBe('abc');
    expect(tokenOf({ cookie: 'consent=1' })).toBeNull();
    expect(tokenOf({})).toBeNull();
  });

  it('leaves every doubtful caller to the full way: another scheme, two cookies of ours, a value the parser would decode, an empty one', () => {
    for (const headers of <Record<string, string>[]>[
      { authorization: 'Basic abc' },
      { authorization: 'Bearer ' },
      { cookie: 'playz_session=abc; playz_session=def' },
      { cookie: 'playz_session="abc"' },
      { cookie: 'playz_session=a%62c' },
      { cookie: 'theme=dark; playz_session=a%62c' },
      { cookie: 'playz_session=' },
    ])
      expect(tokenOf(headers)).toBeUndefined();
  });
});

describe('the access line of an answer made before routing', () => {
  it("is written as Fastify's when the logger's level includes info, and not otherwise", () => {
    const info = vi.fn();
    let level = 'info';
    const logger = { info, isLevelEnabled: (l: string) => l === level } as unknown as FastifyBaseLogger;
    const line = accessLineBeforeRouting(logger);
    line(asked({}), 'req-1', 200, performance.now());
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({
        reqId: 'req-1',
        req: { method: 'GET', url: '/api/1.2/data', remoteAddress: '10.0.0.1' },
        res: { statusCode: 200 },
      }),
      'request completed before routing',
    );
    level = 'warn';
    line(asked({}), 'req-2', 200, performance.now());
    expect(info).toHaveBeenCalledTimes(1);
  });
});
