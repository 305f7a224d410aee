import { describe, expect, it } from 'vitest';
import { currentScheduleEntry } from './channel-schedule';

const schedules = [
  { id: 'news', dateScheduled: '2025-05-10T20:00:00Z', duration: 1800 },
  { id: 'film', dateScheduled: '2025-05-10T20:30:00Z', duration: 5400 },
];

describe('channel current schedule entry (spec 2 §4)', () => {
  it('finds the programme running now', () => {
    expect(currentScheduleEntry(schedules, new Date('2025-05-10T20:10:00Z'))?.id).toBe('news');
    expect(currentScheduleEntry(schedules, new Date('2025-05-10T21:00:00Z'))?.id).toBe('film');
  });

  it('includes both the start and the end instants', () => {
    expect(currentScheduleEntry(schedules, new Date('2025-05-10T20:00:00Z'))?.id).toBe('news');
    expect(currentScheduleEntry(schedules, new Date('2025-05-10T22:00:00Z'))?.id).toBe('film');
  });

  it('answers null outside every programme', () => {
    expect(currentScheduleEntry(schedules, new Date('2025-05-10T19:59:59Z'))).toBeNull();
    expect(currentScheduleEntry(schedules, new Date('2025-05-10T22:00:01Z'))).toBeNull();
    expect(currentScheduleEntry([], Date.now())).toBeNull();
  });
});
