// Where a guide entry stands against the clock (spec 2 §2 players: a programme starting later
// shows the time remaining, a running one an in-progress label).

export type ProgrammeState = 'past' | 'running' | 'upcoming';

export interface ProgrammeStatus {
  state: ProgrammeState;
  /** Share of the programme already aired, 0 to 1. */
  progress: number;
  /** Seconds until it starts (upcoming), until it ends (running), 0 once past. */
  secondsLeft: number;
}

export function programmeStatus(
  entry: { dateScheduled: Date | string | number; duration: number },
  now: Date | number,
): ProgrammeStatus {
  const at = new Date(now).getTime();
  const start = new Date(entry.dateScheduled).getTime();
  const end = start + entry.duration * 1000;
  if (at < start) return { state: 'upcoming', progress: 0, secondsLeft: Math.ceil((start - at) / 1000) };
  if (at >= end) return { state: 'past', progress: 1, secondsLeft: 0 };
  return { state: 'running', progress: (at - start) / (end - start || 1), secondsLeft: Math.ceil((end - at) / 1000) };
}
