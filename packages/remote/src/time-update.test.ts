import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDeviceFrame, REMOTE_ACTION_NAMES, REMOTE_MAX_SECONDS, REMOTE_NOTIFY_NAMES } from './envelope';
import { mayBeTimeUpdate, readTimeUpdate } from './time-update';

const bytes = (text: string) => new TextEncoder().encode(text);
const frame = (data: unknown) => JSON.stringify({ event: 'onNotifyVideoTimeUpdate', data });

describe('spec 2 §9 remote time updates: the fast reading of a screen time update (decision 034 fan-out)', () => {
  it('reads the canonical frame a Playz screen sends', () => {
    expect(readTimeUpdate(frame({ time: 12.5, duration: 3600 }))).toEqual({ time: 12.5, duration: 3600 });
    expect(readTimeUpdate(frame({ time: 0, duration: null }))).toEqual({ time: 0, duration: null });
    expect(readTimeUpdate(frame({ time: 1e-7, duration: REMOTE_MAX_SECONDS }))).toEqual({
      time: 1e-7,
      duration: REMOTE_MAX_SECONDS,
    });
  });

  it('looks at one byte to set the time updates apart from every other frame', () => {
    expect(mayBeTimeUpdate(bytes(frame({ time: 1, duration: null })))).toBe(true);
    for (const event of REMOTE_NOTIFY_NAMES.filter((name) => name !== 'onNotifyVideoTimeUpdate'))
      expect(mayBeTimeUpdate(bytes(JSON.stringify({ event, data: {} })))).toBe(false);
    for (const action of REMOTE_ACTION_NAMES)
      expect(mayBeTimeUpdate(bytes(JSON.stringify({ action, data: {} })))).toBe(false);
    // A long frame is not looked at (a 16 kB frame would otherwise be decoded twice).
    const long = `${frame({ time: 1, duration: null }).slice(0, -1)},"x":"${'a'.repeat(200)}"}`;
    expect(mayBeTimeUpdate(bytes(long))).toBe(false);
  });

  it.each([
    ['another event', '{"event":"onNotifyVideoSeek","data":{"time":3}}'],
    ['spaces', '{"event": "onNotifyVideoTimeUpdate", "data": {"time": 3, "duration": null}}'],
    ['another key order', '{"event":"onNotifyVideoTimeUpdate","data":{"duration":null,"time":3}}'],
    ['a key more', '{"event":"onNotifyVideoTimeUpdate","data":{"time":3,"duration":null,"x":1}}'],
    ['an envelope key more', '{"event":"onNotifyVideoTimeUpdate","data":{"time":3,"duration":null},"device":"x"}'],
    ['a negative time', frame({ time: -1, duration: null })],
    ['a time past a week', frame({ time: REMOTE_MAX_SECONDS + 1, duration: null })],
    ['a number too big for a double', '{"event":"onNotifyVideoTimeUpdate","data":{"time":1e999,"duration":null}}'],
    ['a string time', frame({ time: '3', duration: null })],
    ['trailing text', `${frame({ time: 3, duration: null })} `],
  ])('leaves %s to the full parser', (_label, text) => {
    expect(readTimeUpdate(text)).toBeNull();
  });

  it('reads what parseDeviceFrame reads whenever it reads anything (property)', () => {
    const number = fc.oneof(
      fc.double({ noNaN: false }),
      fc.integer({ min: -10, max: REMOTE_MAX_SECONDS + 10 }),
      fc.constant(null),
    );
    fc.assert(
      fc.property(number, number, (time, duration) => {
        const text = frame({ time, duration });
        const fast = readTimeUpdate(text);
        const full = parseDeviceFrame(text);
        if (fast === null) return;
        expect(full).toEqual({ ok: true, value: { event: 'onNotifyVideoTimeUpdate', data: fast } });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every valid canonical frame (property)', () => {
    const seconds = fc.double({ min: 0, max: REMOTE_MAX_SECONDS, noNaN: true });
    fc.assert(
      fc.property(seconds, fc.option(seconds), (time, duration) => {
        // -0 is written "0" by JSON.stringify: both readings give 0.
        expect(readTimeUpdate(frame({ time, duration }))).toEqual({
          time: time + 0,
          duration: duration === null ? null : duration + 0,
        });
      }),
      { numRuns: 2000 },
    );
  });
});
