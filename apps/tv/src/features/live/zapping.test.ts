import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NUMBER_WAIT_MS, channelByNumber, createNumberEntry, zapDelta, zapFrom } from './zapping';

const channels = [{ channelID: 11 }, { channelID: 12 }, { channelID: 13 }];

describe('zapping (spec 2 §2 live player: channel up / down and digits)', () => {
  afterEach(() => vi.useRealTimers());

  it('spec 2 §2: channel up and down move along the list and wrap at both ends', () => {
    expect(zapFrom(channels, 11, 1)?.channelID).toBe(12);
    expect(zapFrom(channels, 13, 1)?.channelID).toBe(11);
    expect(zapFrom(channels, 11, -1)?.channelID).toBe(13);
    expect(zapFrom([], 11, 1)).toBeNull();
  });

  it('spec 2 §2: a channel number is its position from 1; 0 and numbers past the list choose nothing', () => {
    expect(channelByNumber(channels, '2')?.channelID).toBe(12);
    expect(channelByNumber(channels, '0')).toBeNull();
    expect(channelByNumber(channels, '4')).toBeNull();
  });

  it('decision 035: digits typed in a row make one number, handed over when the wait ends', () => {
    vi.useFakeTimers();
    const chosen: string[] = [];
    const typing: string[] = [];
    const entry = createNumberEntry(
      (n) => chosen.push(n),
      (t) => typing.push(t),
    );
    entry.digit('1');
    vi.advanceTimersByTime(CHANNEL_NUMBER_WAIT_MS - 100);
    entry.digit('2');
    expect(chosen).toEqual([]);
    vi.advanceTimersByTime(CHANNEL_NUMBER_WAIT_MS);
    expect(chosen).toEqual(['12']);
    expect(typing).toEqual(['1', '12', '']);
  });

  it('decision 035: a third digit hands the number over at once', () => {
    vi.useFakeTimers();
    const chosen: string[] = [];
    const entry = createNumberEntry(
      (n) => chosen.push(n),
      () => {},
    );
    for (const d of ['1', '0', '4']) entry.digit(d);
    expect(chosen).toEqual(['104']);
  });

  it('decision 035: only the channel keys zap', () => {
    expect(zapDelta('channelUp')).toBe(1);
    expect(zapDelta('channelDown')).toBe(-1);
    expect(zapDelta('up')).toBe(0);
  });
});
