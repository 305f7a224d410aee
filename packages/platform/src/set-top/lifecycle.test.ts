import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmulatedPlayer } from '../player/emulated-player';
import { createSetTopLifecycle, type LifecycleEvent } from './lifecycle';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('set-top lifecycle (spec 2 §4, spec 3 §4 "activate, deactivate, unload"; §9 2 s wait)', () => {
  it('spec 1 §2: the route passed at activation triggers a deep-link event', () => {
    const lifecycle = createSetTopLifecycle();
    const events: LifecycleEvent[] = [];
    lifecycle.on((e) => events.push(e));
    lifecycle.activate('/channel/3/player');
    lifecycle.activate();
    expect(events).toEqual([
      { type: 'activate', route: '/channel/3/player' },
      { type: 'deepLink', route: '/channel/3/player' },
      { type: 'activate', route: null },
    ]);
    expect(lifecycle.state).toBe('active');
  });

  it('deactivate stops the player first, then proceeds only after 2 s', async () => {
    const player = createEmulatedPlayer();
    const lifecycle = createSetTopLifecycle({ player });
    lifecycle.activate();
    player.open('clip.mp4');
    vi.advanceTimersByTime(200);
    expect(player.state).toBe('PLAYING');
    let done = false;
    const deactivation = lifecycle.deactivate().then(() => (done = true));
    expect(player.state).toBe('IDLE');
    expect(lifecycle.state).toBe('deactivating');
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await deactivation;
    expect(done).toBe(true);
    expect(lifecycle.state).toBe('inactive');
  });

  it('decision 087: deactivate tells the app at once (its player stops inside the 2 s), deactivated after the wait', async () => {
    const lifecycle = createSetTopLifecycle();
    const events: LifecycleEvent['type'][] = [];
    lifecycle.on((e) => events.push(e.type));
    lifecycle.activate();
    void lifecycle.deactivate();
    void lifecycle.deactivate();
    expect(events).toEqual(['activate', 'deactivate']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(events).toEqual(['activate', 'deactivate', 'deactivated']);
  });

  it('a second deactivate during the wait is the same wait; unload closes the player and ends the lifecycle', async () => {
    const player = createEmulatedPlayer();
    const lifecycle = createSetTopLifecycle({ player });
    expect(lifecycle.deactivate()).toBe(lifecycle.deactivate());
    await vi.advanceTimersByTimeAsync(2000);
    const events: LifecycleEvent[] = [];
    lifecycle.on((e) => events.push(e));
    player.open('clip.mp4');
    lifecycle.unload();
    expect(player.state).toBe('NONE');
    lifecycle.activate('/clip/1/player');
    expect(events).toEqual([{ type: 'unload' }]);
    expect(lifecycle.state).toBe('unloaded');
  });
});
