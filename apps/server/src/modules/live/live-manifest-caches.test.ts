import { describe, expect, it, vi } from 'vitest';
import { SEGMENT_MS } from '@playz/media/live';
import { createStreamSigner } from '../../streaming/stream-signing';
import { createSignedBaseUrls, createTemplateCache } from './live-manifests.service';

// The live manifests' caches (decision 039) hold what viewers playing now need, not everything
// made since start: the 30-minute soak (`npm run soak`, decision 039) saw memory grow with past live windows and
// past seconds' signed URLs until the caches' bounds.

describe('live manifest caches', () => {
  it('keeps the newest three windows of a live stream; past windows are built again if ever asked', () => {
    const cache = createTemplateCache(16_000_000);
    const programmes: never[] = [];
    const build = vi.fn(() => '#EXTM3U\n');
    const live = (n: number) => ({
      fromMs: n * SEGMENT_MS,
      toMs: (n + 37) * SEGMENT_MS,
      isClosed: false,
      playlistType: null,
    });
    for (let n = 0; n < 100; n += 1) cache.get(1, 0, live(n), programmes, build);
    expect(cache.size()).toBe(3);
    expect(build).toHaveBeenCalledTimes(100);
    // The newest is reused as is; a window that moved past is built again.
    cache.get(1, 0, live(99), programmes, build);
    expect(build).toHaveBeenCalledTimes(100);
    cache.get(1, 0, live(10), programmes, build);
    expect(build).toHaveBeenCalledTimes(101);
    // A closed window (a replay) is not a live one: kept until the size bound.
    const replay = { fromMs: 0, toMs: 1000 * SEGMENT_MS, isClosed: true, playlistType: 'VOD' as const };
    cache.get(1, 0, replay, programmes, build);
    for (let n = 100; n < 110; n += 1) cache.get(1, 0, live(n), programmes, build);
    cache.get(1, 0, replay, programmes, build);
    expect(build).toHaveBeenCalledTimes(112);
  });

  it('forgets signed URLs whose expiry the clock has moved past, and reuses them within the second', () => {
    const urls = createSignedBaseUrls(createStreamSigner('secret-secret-secret-secret-secret'), 20_000);
    const request = (expiresAt: number, sessionId: string) => ({
      ...{ dir: 'clips/city', sessionId, customerId: 1, usage: 'View' as const, player: 'live' as const },
      ...{ expiresAt, segmentRange: null, purchase: null },
    });
    for (let second = 0; second < 600; second += 1)
      for (const viewer of ['a', 'b', 'c']) urls.get(request(1_000 + second, viewer));
    expect(urls.size()).toBeLessThanOrEqual(9);
    const first = urls.get(request(2_000, 'a'));
    expect(urls.get(request(2_000, 'a'))).toBe(first);
  });
});
