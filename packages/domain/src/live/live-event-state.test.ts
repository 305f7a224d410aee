import { describe, expect, it } from 'vitest';
import { countdownSeconds, liveEventState } from './live-event-state';

const start = new Date('2025-05-10T20:00:00Z');
const at = (offsetSeconds: number) => new Date(start.getTime() + offsetSeconds * 1000);
const atMs = (offsetMs: number) => new Date(start.getTime() + offsetMs);
const event = { dateScheduled: start, duration: 3600 };

describe('live event state (spec 2 §4)', () => {
  it('is Pending before the start, Processing while running, Past after the end', () => {
    expect(liveEventState(event, at(-60))).toBe('Pending');
    expect(liveEventState(event, at(1800))).toBe('Processing');
    expect(liveEventState(event, at(3601))).toBe('Past');
  });

  it('uses strict comparisons at the boundaries, as worded', () => {
    // start - lead < now fails when now === start.
    expect(liveEventState(event, at(0))).toBe('Pending');
    expect(liveEventState(event, atMs(1))).toBe('Processing');
    expect(liveEventState(event, atMs(3_599_999))).toBe('Processing');
    // now === end: neither end > now nor end < now.
    expect(liveEventState(event, at(3600))).toBe('Pending');
    expect(liveEventState(event, atMs(3_600_001))).toBe('Past');
  });

  it('counts a lead time before the start as Processing', () => {
    const withLead = { ...event, leadTimeSeconds: 300 };
    expect(liveEventState(withLead, at(-301))).toBe('Pending');
    expect(liveEventState(withLead, at(-300))).toBe('Pending');
    expect(liveEventState(withLead, at(-299))).toBe('Processing');
  });

  it('reads ISO dates from the API', () => {
    expect(liveEventState({ dateScheduled: '2025-05-10T20:00:00Z', duration: 60 }, at(30))).toBe('Processing');
  });
});

describe('live countdown seconds (spec 2 §3 countdownSeconds)', () => {
  it('counts down to the start and stops at 0', () => {
    expect(countdownSeconds(start, at(-90))).toBe(90);
    expect(countdownSeconds(start, atMs(-500))).toBe(1);
    expect(countdownSeconds(start, at(0))).toBe(0);
    expect(countdownSeconds(start, at(10))).toBe(0);
  });
});
