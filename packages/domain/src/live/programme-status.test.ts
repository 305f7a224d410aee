import { describe, expect, it } from 'vitest';
import { programmeStatus } from './programme-status';

const entry = { dateScheduled: '2026-11-24T20:00:00.000Z', duration: 1800 };

describe('programmeStatus (spec 2 §2 players: time remaining, in-progress label)', () => {
  it('a programme starting later counts down to its start', () => {
    expect(programmeStatus(entry, Date.parse('2026-11-24T19:45:00Z'))).toEqual({
      state: 'upcoming',
      progress: 0,
      secondsLeft: 900,
    });
  });

  it('a running programme shows how far it is and how long remains', () => {
    expect(programmeStatus(entry, Date.parse('2026-11-24T20:15:00Z'))).toEqual({
      state: 'running',
      progress: 0.5,
      secondsLeft: 900,
    });
    expect(programmeStatus(entry, Date.parse('2026-11-24T20:00:00Z')).state).toBe('running');
  });

  it('a programme is past at its end', () => {
    expect(programmeStatus(entry, Date.parse('2026-11-24T20:30:00Z'))).toEqual({
      state: 'past',
      progress: 1,
      secondsLeft: 0,
    });
  });
});
