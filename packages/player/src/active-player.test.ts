import { describe, expect, it, vi } from 'vitest';
import { createActivePlayerSlot, type ActivePlayer } from './active-player';

const entry = () => ({ commands: {}, getState: () => ({}), video: {} }) as unknown as ActivePlayer;

describe('the screen’s active player (one command interface for the web, the TV and the phone remote)', () => {
  it('spec 2 §4 Remote control: the remote finds the player the screen announced, and hears each change', () => {
    const slot = createActivePlayerSlot();
    const seen = vi.fn();
    slot.watch(seen);
    const first = entry();
    const release = slot.set(first);
    expect(slot.current()).toBe(first);
    release();
    expect(slot.current()).toBeNull();
    expect(seen.mock.calls).toEqual([[first], [null]]);
  });

  it('a player withdrawn after the next screen announced its own leaves the new one in place', () => {
    const slot = createActivePlayerSlot();
    const releaseOld = slot.set(entry());
    const next = entry();
    slot.set(next);
    releaseOld();
    expect(slot.current()).toBe(next);
  });
});
