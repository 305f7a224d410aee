import { describe, expect, it } from 'vitest';
import { createThrottle } from './throttle';

/** A hand-driven clock: time only moves when the test says so. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      timers = timers.filter((t) => t.id !== id);
    },
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) {
        timers = timers.filter((x) => x !== t);
        t.fn();
      }
    },
  };
}

describe('spec 2 §9 remote video time update step 100 ms', () => {
  it('sends the first update at once and folds the rest of each 100 ms into the latest one', () => {
    const clock = fakeClock();
    const sent: number[] = [];
    const update = createThrottle((time: number) => sent.push(time), 100, clock);
    update(0);
    expect(sent).toEqual([0]);
    for (let t = 1; t <= 9; t += 1) {
      clock.advance(10);
      update(t / 100);
    }
    expect(sent).toEqual([0]);
    clock.advance(10);
    expect(sent).toEqual([0, 0.09]);
    // A 4 Hz player (timeupdate every 250 ms) is never held back.
    clock.advance(250);
    update(1);
    expect(sent).toEqual([0, 0.09, 1]);
  });

  it('never sends twice within one step, whatever the call rate', () => {
    const clock = fakeClock();
    const at: number[] = [];
    const update = createThrottle(() => at.push(clock.now()), 100, clock);
    for (let i = 0; i < 1000; i += 1) {
      update();
      clock.advance(1);
    }
    clock.advance(200);
    for (let i = 1; i < at.length; i += 1) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(100);
    expect(at.length).toBeGreaterThanOrEqual(10);
  });

  it('flush sends the pending update now and cancel drops it', () => {
    const clock = fakeClock();
    const sent: number[] = [];
    const update = createThrottle((time: number) => sent.push(time), 100, clock);
    update(1);
    update(2);
    update.flush();
    expect(sent).toEqual([1, 2]);
    clock.advance(150);
    update(3);
    update(4);
    update.cancel();
    clock.advance(500);
    expect(sent).toEqual([1, 2, 3]);
  });
});
