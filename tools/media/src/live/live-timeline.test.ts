import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureClip } from './live-fixtures';
import { BLOCK_MS, blockAt, firstBlockFrom, segmentsBetween, SEGMENT_MS, type LiveProgramme } from './live-timeline';

const slate = fixtureClip('slate');
const news = fixtureClip('news', 2);
// 2026-11-24 20:00 UTC is a block boundary (1795550400 s = 32 × 56110950).
const EIGHT_PM = Date.UTC(2026, 10, 24, 20);
const MIN = 60_000;

function programme(id: number, startMs: number, minutes: number, playMinutes = minutes, clip = news): LiveProgramme {
  return { id, startMs, endMs: startMs + minutes * MIN, playMs: playMinutes * MIN, clip };
}

describe('channel timeline (spec 2 §4 live channels, decision 022 playlist channels)', () => {
  it('a programme starts at the first block boundary at or after its scheduled time', () => {
    expect(EIGHT_PM % BLOCK_MS).toBe(0);
    const halfPast = EIGHT_PM + 30 * MIN; // 20:30 is 8 s into a block
    expect(halfPast % BLOCK_MS).toBe(8000);
    const guide = [programme(1, EIGHT_PM, 30), programme(2, halfPast, 30, 30, fixtureClip('film'))];
    const blockBefore = blockAt(guide, Math.floor(halfPast / BLOCK_MS), slate);
    expect(blockBefore.programme?.id).toBe(1);
    const firstOfSecond = blockAt(guide, firstBlockFrom(halfPast), slate);
    expect(firstOfSecond.programme?.id).toBe(2);
    expect(firstOfSecond.clip.key).toBe('film');
    expect(firstOfSecond.firstSegment).toBe(0);
  });

  it('the clip repeats through the programme, block after block', () => {
    const guide = [programme(1, EIGHT_PM, 30)];
    const first = firstBlockFrom(EIGHT_PM);
    expect([0, 1, 2, 3].map((i) => blockAt(guide, first + i, slate).firstSegment)).toEqual([0, 10, 0, 10]);
  });

  it('a programme shorter than its slot, and a gap in the guide, show the slate', () => {
    const guide = [programme(1, EIGHT_PM, 30, 1), programme(2, EIGHT_PM + 60 * MIN, 30)];
    const first = firstBlockFrom(EIGHT_PM);
    expect(blockAt(guide, first + 1, slate).isSlate).toBe(false); // 32 s in: still the content
    expect(blockAt(guide, first + 2, slate).isSlate).toBe(true); // 64 s in: past its minute
    const inGap = blockAt(guide, firstBlockFrom(EIGHT_PM + 45 * MIN), slate);
    expect(inGap).toMatchObject({ isSlate: true, programme: null });
  });

  it('a content without a playable clip shows the slate for its whole slot', () => {
    const guide = [{ ...programme(1, EIGHT_PM, 30), clip: null }];
    expect(blockAt(guide, firstBlockFrom(EIGHT_PM), slate).isSlate).toBe(true);
  });

  it('midnight and a new day are no boundary of their own', () => {
    const midnight = Date.UTC(2026, 10, 25);
    const guide = [programme(1, midnight - 60 * MIN, 120)];
    const segments = segmentsBetween(guide, slate, midnight - 10 * SEGMENT_MS, midnight + 10 * SEGMENT_MS);
    expect(segments.every((s) => s.block.programme?.id === 1 && !s.block.isSlate)).toBe(true);
    expect(segments.map((s) => s.sequence)).toEqual(segments.map((_, i) => segments[0]!.sequence + i));
  });

  it('any instant: sequence numbers are the segment index since the epoch, blocks never split', () => {
    const guide = [programme(1, EIGHT_PM, 30, 7), programme(2, EIGHT_PM + 30 * MIN, 60, 60, fixtureClip('film', 3))];
    fc.assert(
      fc.property(fc.integer({ min: EIGHT_PM - 3_600_000, max: EIGHT_PM + 7_200_000 }), (at) => {
        const segments = segmentsBetween(guide, slate, at - 40_000, at);
        for (const [i, s] of segments.entries()) {
          expect(s.startMs).toBe(s.sequence * SEGMENT_MS);
          expect(s.block.index).toBe(Math.floor(s.sequence / 10));
          expect(s.clipSegment).toBe(s.block.firstSegment + s.inBlock);
          expect(s.clipSegment).toBeLessThan(s.block.clip.streams[0]!.segmentDurations.length);
          if (i > 0) expect(s.sequence).toBe(segments[i - 1]!.sequence + 1);
        }
      }),
    );
  });
});
