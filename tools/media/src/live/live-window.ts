import { BLOCK_MS, firstBlockFrom, SEGMENT_MS } from './live-timeline';

/**
 * What part of a channel's timeline a manifest covers (docs/decisions/022):
 * - live: a sliding window ending at the newest finished segment;
 * - startover: the running programme from its start to the live edge (it keeps growing);
 * - replay: a programme that ended, closed at both ends, like a VOD;
 * - preview: a closed excerpt (what a viewer without the right may watch; nothing past it).
 */
export type LiveWindow =
  | { kind: 'live'; nowMs: number; depthMs: number }
  | { kind: 'startover'; programmeStartMs: number; nowMs: number }
  | { kind: 'replay'; programmeStartMs: number; programmeEndMs: number }
  | { kind: 'preview'; fromMs: number; toMs: number };

export interface WindowRange {
  /** Segments starting in [fromMs, toMs) are listed. */
  fromMs: number;
  toMs: number;
  /** No segment will ever be added (HLS ENDLIST, DASH static). */
  isClosed: boolean;
  /** HLS EXT-X-PLAYLIST-TYPE, when there is one. */
  playlistType: 'EVENT' | 'VOD' | null;
}

/** The live window when none is asked: 2 minutes of rewind, 37 segments. */
export const LIVE_DEPTH_MS = 120_000;
/** A start-over just begun still lists this many segments, so players have something to load. */
const MIN_SEGMENTS = 4;

/** Start of the segment after the newest one finished at `nowMs`. */
const liveEdge = (nowMs: number) => Math.floor(nowMs / SEGMENT_MS) * SEGMENT_MS - SEGMENT_MS + 1;

export function windowRange(window: LiveWindow): WindowRange {
  switch (window.kind) {
    case 'live':
      return {
        fromMs: window.nowMs - window.depthMs,
        toMs: liveEdge(window.nowMs),
        isClosed: false,
        playlistType: null,
      };
    case 'startover': {
      const toMs = liveEdge(window.nowMs);
      const fromMs = Math.min(firstBlockFrom(window.programmeStartMs) * BLOCK_MS, toMs - MIN_SEGMENTS * SEGMENT_MS);
      return { fromMs, toMs, isClosed: false, playlistType: 'EVENT' };
    }
    case 'replay':
      return {
        fromMs: firstBlockFrom(window.programmeStartMs) * BLOCK_MS,
        toMs: firstBlockFrom(window.programmeEndMs) * BLOCK_MS,
        isClosed: true,
        playlistType: 'VOD',
      };
    case 'preview':
      return { fromMs: window.fromMs, toMs: window.toMs, isClosed: true, playlistType: 'VOD' };
  }
}
