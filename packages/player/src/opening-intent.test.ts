// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOpeningIntent, LAUNCH_CHECK_MS, OPENING_DWELL_MS } from './opening-intent';
import type { FindOpening, OpeningIntent } from './opening-intent';
import { openingKey, type OpeningSource } from './openings';
import { recordingOpenings } from './testing';

// Decision 044: the content the viewer stays on gets its opening; the press plays it at once.

const source = async (): Promise<OpeningSource> => ({
  stream: { url: '/media/s/OPEN.SIG/clips/aurora/manifest.mpd', type: 'dash' },
  startTime: undefined,
});

/** A press; `opened`: whether its player page opened. */
const pressOn = (intent: OpeningIntent, target: string, opened = true) =>
  intent.press(target, 'launched', () => opened);

function setUp(find: FindOpening = async (id) => ({ key: openingKey(id, undefined), source })) {
  const { openings, prepared, launched } = recordingOpenings();
  const finder = vi.fn(find);
  return { intent: createOpeningIntent(finder, openings), openings, prepared, finder, launched };
}

describe('opening intent (decision 044)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('prepares the opening of what the viewer stays on, and only that one, by the key it was found with', async () => {
    const { intent, prepared, finder } = setUp(async (id) => ({
      key: openingKey(id, id === '1001' ? 754 : undefined),
      source,
    }));
    intent.intent('1002');
    vi.advanceTimersByTime(OPENING_DWELL_MS / 2);
    intent.intent('1001');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(finder.mock.calls).toEqual([['1001']]);
    expect(prepared).toEqual(['1001@754']);
  });

  it('prepares nothing when the app finds no opening, or the intent moved to what does not play', async () => {
    const none = setUp(async () => null);
    none.intent.intent('1001');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(none.prepared).toEqual([]);
    const away = setUp();
    away.intent.intent('1001');
    away.intent.intent(null);
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS * 2);
    expect(away.finder).not.toHaveBeenCalled();
  });

  it('a press plays the prepared opening out of hiding with the app’s class; a press on another content does nothing', async () => {
    const { intent, openings, launched } = setUp();
    intent.intent('1001');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    launched.setAttribute('aria-hidden', 'true');
    launched.style.opacity = '0';
    expect(intent.press('1002', 'launched', () => true)).toBeNull();
    expect(openings.launch).not.toHaveBeenCalled();
    expect(intent.press('1001', 'launched', () => true)).toBe(launched);
    expect(openings.launch).toHaveBeenCalledWith('1001@0', expect.any(Function));
    expect(launched.className).toBe('launched');
    expect(launched.getAttribute('style')).toBeNull();
    expect(launched.getAttribute('aria-hidden')).toBeNull();
    await vi.advanceTimersByTimeAsync(LAUNCH_CHECK_MS);
    expect(openings.drop).not.toHaveBeenCalled();
  });

  it('a press whose key moved since the intent (a resume point saved meanwhile) plays nothing and drops it', async () => {
    let now = '1001@0';
    const { intent, openings } = setUp(async () => ({ key: '1001@0', keyNow: () => now, source }));
    intent.intent('1001');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    now = '1001@26';
    expect(pressOn(intent, '1001')).toBeNull();
    expect(openings.launch).not.toHaveBeenCalled();
    expect(openings.drop).toHaveBeenCalledWith('1001@0');
  });

  it('a press stops an opening still waiting for its dwell or being found (a tap is quicker)', async () => {
    const quick = setUp();
    quick.intent.intent('1001');
    pressOn(quick.intent, '1001');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS * 2);
    expect(quick.prepared).toEqual([]);
    let answer: () => void = () => {};
    const found = new Promise<void>((resolve) => (answer = resolve));
    const slow = setUp(async () => {
      await found;
      return { key: '1001@0', source };
    });
    slow.intent.intent('1001');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    pressOn(slow.intent, '1001');
    answer();
    await vi.advanceTimersByTimeAsync(10);
    expect(slow.prepared).toEqual([]);
  });

  it('a launched opening whose player page did not open stops, and only that one', async () => {
    const { intent, openings } = setUp();
    intent.intent('1001');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(pressOn(intent, '1001', false)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(LAUNCH_CHECK_MS);
    expect(openings.drop).toHaveBeenCalledWith('1001@0');
  });

  it('going back or forward stops what was launched or prepared', async () => {
    const { intent, openings } = setUp();
    intent.intent('1001');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    intent.cancel();
    expect(openings.drop).toHaveBeenCalledWith();
    expect(pressOn(intent, '1001')).toBeNull();
    expect(openings.launch).not.toHaveBeenCalled();
  });
});
