import { describe, expect, it, vi } from 'vitest';
import { createStreamSigner, type StreamGrant } from '../../streaming/stream-signing';
import { createLiveGrantCache } from './live-grant-cache';

const grant = (channelId: number): StreamGrant => ({
  kind: 'live',
  channelId,
  contentId: null,
  window: 'live',
  fromMs: 0,
  toMs: 0,
  expiresAt: 10_000,
  sessionId: 's',
  customerId: 1,
  usage: 'View',
  purchase: null,
});

describe('verified live grants (decision 039)', () => {
  it('verifies a token once while its player reloads it, and forgets it two minutes after its last reload', () => {
    const signer = createStreamSigner('secret-secret-secret-secret-secret');
    const verify = vi.spyOn(signer, 'verify');
    const cache = createLiveGrantCache(signer);
    const a = signer.sign(grant(1));
    const b = signer.sign(grant(2));
    expect(cache.verify(a, 0)).toMatchObject({ channelId: 1 });
    // Reloaded every few seconds for three minutes: checked once, kept.
    for (let t = 4; t <= 180; t += 4) expect(cache.verify(a, t)).toMatchObject({ channelId: 1 });
    expect(verify).toHaveBeenCalledTimes(1);
    // b, verified at 181, leaves a (last reload at 180) in place.
    cache.verify(b, 181);
    expect(cache.size()).toBe(2);
    // A new token three minutes later: b and a are idle, both forgotten; a is checked again if it comes back.
    cache.verify(signer.sign(grant(3)), 400);
    expect(cache.size()).toBe(1);
    cache.verify(a, 401);
    expect(verify).toHaveBeenCalledTimes(4);
  });

  it('a forged token is never kept, an expired one is refused', () => {
    const signer = createStreamSigner('secret-secret-secret-secret-secret');
    const cache = createLiveGrantCache(signer);
    const token = signer.sign(grant(1));
    expect(cache.verify(`${token}x`, 0)).toBeNull();
    expect(cache.size()).toBe(0);
    expect(cache.verify(token, 0)).not.toBeNull();
    expect(cache.verify(token, 10_001)).toBeNull();
  });
});
