import type { LiveClip } from './live-clip';

/**
 * The timeline of a playlist channel, computed from its schedule and the clock alone, so every
 * API node writes the same manifest (docs/decisions/022).
 *
 * Time is cut into blocks of 32 s, counted from the Unix epoch: 10 segments of 3.2 s, the
 * segment length of the media pipeline (whole AAC and 25 fps frames). Each block plays 10
 * consecutive segments of one clip and starts with a discontinuity, so for any instant:
 * - the media sequence number of a segment is its index since the epoch (start / 3.2 s);
 * - its discontinuity sequence number is its block's index (start / 32 s).
 * Neither depends on the history of the schedule, so midnight, a new day, an operator's
 * re-import of the guide or a node that just started change nothing for a viewer.
 */
export const SEGMENT_MS = 3200;
export const SEGMENTS_PER_BLOCK = 10;
export const BLOCK_MS = SEGMENT_MS * SEGMENTS_PER_BLOCK;

/** A programme of the guide as the assembler sees it. */
export interface LiveProgramme {
  /** Schedule entry id, for logs and replay links. */
  id: number;
  startMs: number;
  endMs: number;
  /**
   * How long the programme's content plays from its start (its duration); the clip repeats to
   * fill it. What remains of the slot after it shows the slate.
   */
  playMs: number;
  /** null: the content has no playable clip (the slot shows the slate). */
  clip: LiveClip | null;
}

export interface LiveBlock {
  index: number;
  startMs: number;
  clip: LiveClip;
  /** Index, within the clip, of the block's first segment. */
  firstSegment: number;
  /** The programme airing, or null in a gap of the guide. */
  programme: LiveProgramme | null;
  isSlate: boolean;
}

export const blockIndexAt = (ms: number) => Math.floor(ms / BLOCK_MS);
/** The first block that starts at or after `ms`: where a programme scheduled at `ms` begins. */
export const firstBlockFrom = (ms: number) => Math.ceil(ms / BLOCK_MS);

/** Whole blocks a clip holds; a shorter tail is not played live (docs/decisions/022). */
export function wholeBlocks(clip: LiveClip): number {
  const segments = Math.min(...clip.streams.map((s) => s.segmentDurations.length));
  return Number.isFinite(segments) ? Math.floor(segments / SEGMENTS_PER_BLOCK) : 0;
}

/**
 * The programme a block belongs to: the one airing at the block's start. A programme thus
 * begins at the first block boundary at or after its scheduled time (at most 32 s later).
 * `programmes` must be sorted by start and not overlap.
 */
export function programmeOfBlock(programmes: readonly LiveProgramme[], blockStartMs: number): LiveProgramme | null {
  let low = 0;
  let high = programmes.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const p = programmes[middle]!;
    if (p.endMs <= blockStartMs) low = middle + 1;
    else if (p.startMs > blockStartMs) high = middle - 1;
    else return p;
  }
  return null;
}

export function blockAt(programmes: readonly LiveProgramme[], index: number, slate: LiveClip): LiveBlock {
  const startMs = index * BLOCK_MS;
  const programme = programmeOfBlock(programmes, startMs);
  const slateBlock = { index, startMs, clip: slate, firstSegment: 0, programme, isSlate: true };
  if (!programme?.clip) return slateBlock;
  const played = (index - firstBlockFrom(programme.startMs)) * BLOCK_MS;
  const blocksInClip = wholeBlocks(programme.clip);
  // The content ended before the slot did (a programme shorter than its slot): slate.
  if (played >= programme.playMs || blocksInClip === 0) return slateBlock;
  const blockInClip = (played / BLOCK_MS) % blocksInClip;
  return {
    index,
    startMs,
    clip: programme.clip,
    firstSegment: blockInClip * SEGMENTS_PER_BLOCK,
    programme,
    isSlate: false,
  };
}

/** One segment of the channel's timeline. */
export interface LiveSegment {
  /** Media sequence number: index of the segment since the epoch. */
  sequence: number;
  startMs: number;
  block: LiveBlock;
  /** Index of the segment within its clip. */
  clipSegment: number;
  /** Position within its block (0 starts the block, after a discontinuity). */
  inBlock: number;
}

/** Segments whose start lies in [fromMs, toMs), in order. */
export function segmentsBetween(
  programmes: readonly LiveProgramme[],
  slate: LiveClip,
  fromMs: number,
  toMs: number,
): LiveSegment[] {
  const segments: LiveSegment[] = [];
  let block: LiveBlock | null = null;
  for (let sequence = Math.ceil(fromMs / SEGMENT_MS); sequence * SEGMENT_MS < toMs; sequence++) {
    const index = Math.floor(sequence / SEGMENTS_PER_BLOCK);
    if (block?.index !== index) block = blockAt(programmes, index, slate);
    const inBlock = sequence - index * SEGMENTS_PER_BLOCK;
    segments.push({
      sequence,
      startMs: sequence * SEGMENT_MS,
      block,
      clipSegment: block.firstSegment + inBlock,
      inBlock,
    });
  }
  return segments;
}
