import { describe, expect, it } from 'vitest';
import { draggedTimes } from './timeline-drag';

const NEWS = { start: '2026-11-30T09:00:00.000Z', duration: 30 * 60 };

describe('where a dragged programme lands (decisions 103, 118)', () => {
  it('spec 2 §7 schedule: moved, the start snaps to five minutes and the length is kept', () => {
    expect(draggedTimes('move', NEWS, 22, 1)).toEqual({ start: '2026-11-30T09:20:00.000Z', duration: 1800 });
    expect(draggedTimes('move', NEWS, -8, 1)).toEqual({ start: '2026-11-30T08:50:00.000Z', duration: 1800 });
    expect(draggedTimes('move', NEWS, 2, 1)).toEqual(NEWS);
    // Two pixels a minute: 22 px is 11 minutes, snapped to 10.
    expect(draggedTimes('move', NEWS, 22, 2).start).toBe('2026-11-30T09:10:00.000Z');
  });

  it('spec 2 §7 schedule: resized, the end snaps to five minutes and the length stays between 1 minute and 6 hours', () => {
    expect(draggedTimes('resize', NEWS, 13, 1)).toEqual({ start: NEWS.start, duration: 45 * 60 });
    expect(draggedTimes('resize', NEWS, -40, 1)).toEqual({ start: NEWS.start, duration: 60 });
    expect(draggedTimes('resize', NEWS, 600, 1)).toEqual({ start: NEWS.start, duration: 6 * 3600 });
  });
});
