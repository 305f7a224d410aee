import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { LiveGrant } from '../../streaming/stream-signing';
import { createLiveHotPath } from './live-hot-path';

const grant: LiveGrant = {
  ...{ kind: 'live', channelId: 1, window: 'live', fromMs: 0, toMs: 0, expiresAt: 2_000_000_000 },
  ...{ sessionId: 's', customerId: 1, usage: 'View', contentId: null },
};
/** What the hot path did to a response: the calls that write a head, and the body sent. */
function fakeResponse() {
  const calls: { writeHead: unknown[][]; setHeader: number; body?: Buffer } = { writeHead: [], setHeader: 0 };
  const response = {
    setHeader: () => void calls.setHeader++,
    writeHead: (...args: unknown[]) => void calls.writeHead.push(args),
    end: (body: Buffer) => void (calls.body = body),
  } as unknown as ServerResponse;
  return { response, calls };
}

describe('a live playlist reload answered from memory (decisions 039, 096, 125)', () => {
  it('spec 2 §7: writes its head in one call, made once per shared body, with each request its own id', () => {
    const bytes = Buffer.from('#EXTM3U\n');
    let ids = 0;
    const hot = createLiveHotPath({
      grants: { verify: () => grant, size: () => 1 },
      authority: { allowsFromMemory: () => true },
      manifests: { buildFromMemory: () => ({ contentType: 'application/vnd.apple.mpegurl', body: bytes }) },
      headers: [['x-content-type-options', 'nosniff']],
      requestIdOf: () => `id-${++ids}`,
      observe: () => {},
    });
    const request = { method: 'GET', url: '/live/token/media_0.m3u8' } as IncomingMessage;
    const first = fakeResponse();
    const second = fakeResponse();
    expect(hot.answer(request, first.response)).toBe(true);
    expect(hot.answer(request, second.response)).toBe(true);
    for (const { calls } of [first, second]) {
      expect(calls.setHeader).toBe(0);
      expect(calls.writeHead).toHaveLength(1);
      expect(calls.body).toBe(bytes);
    }
    const [status, head] = first.calls.writeHead[0] as [number, string[]];
    expect(status).toBe(200);
    expect(head).toEqual([
      ...['x-content-type-options', 'nosniff', 'cache-control', 'public, max-age=1'],
      ...['content-type', 'application/vnd.apple.mpegurl', 'content-length', '8', 'x-request-id', 'id-1'],
    ]);
    const [, again] = second.calls.writeHead[0] as [number, string[]];
    expect(again.slice(0, -1)).toEqual(head.slice(0, -1));
    expect(again.at(-1)).toBe('id-2');
    expect(hot.served()).toBe(2);
  });
});
