import { describe, expect, it } from 'vitest';
import { box, initSegment, mediaSegment } from '../../../test/support/fmp4-clip';
import { describeMp4, Fmp4Error, listBoxes, mergeInitSegments, rewriteFragments } from './mp4-boxes';

/** Track ids of tkhd and trex boxes (and the mvhd's next_track_ID) of a merged init segment. */
function idsOf(init: Buffer) {
  const moov = listBoxes(init).find((b) => b.type === 'moov')!;
  const children = listBoxes(init, moov.start + 8, moov.end);
  const mvhd = children.find((b) => b.type === 'mvhd')!;
  const traks = children.filter((b) => b.type === 'trak').map((b) => init.readUInt32BE(b.start + 8 + 20));
  const mvex = children.find((b) => b.type === 'mvex')!;
  const trexes = listBoxes(init, mvex.start + 8, mvex.end).map((b) => init.readUInt32BE(b.start + 12));
  return { order: children.map((b) => b.type), nextTrackId: init.readUInt32BE(mvhd.end - 4), traks, trexes };
}

describe('mergeInitSegments (decision 023: one MP4 with picture and sound)', () => {
  it('declares every stream as its own track, numbered in order', () => {
    const merged = mergeInitSegments([initSegment('vide', 1280, 720), initSegment('soun')]);
    expect(listBoxes(merged).map((b) => b.type)).toEqual(['ftyp', 'moov']);
    expect(idsOf(merged)).toEqual({
      order: ['mvhd', 'trak', 'trak', 'mvex', 'udta'],
      nextTrackId: 3,
      traks: [1, 2],
      trexes: [1, 2],
    });
  });

  it('refuses an init segment without a track', () => {
    const bare = Buffer.concat([box('ftyp', Buffer.from('iso5')), box('moov')]);
    expect(() => mergeInitSegments([bare])).toThrow(Fmp4Error);
  });
});

describe('rewriteFragments', () => {
  it('keeps moof and mdat only, with the track id and sequence number given', () => {
    const { bytes, fragments } = rewriteFragments(mediaSegment(7, 'payload'), 2, 13);
    expect(fragments).toBe(1);
    const boxes = listBoxes(bytes);
    expect(boxes.map((b) => b.type)).toEqual(['moof', 'mdat']);
    expect(bytes.readUInt32BE(8 + 12)).toBe(13); // mfhd sequence_number
    expect(bytes.readUInt32BE(8 + 16 + 8 + 12)).toBe(2); // tfhd track_ID
    expect(bytes.toString('latin1', boxes[1]!.start + 8)).toBe('payload');
  });

  it('refuses a segment with no fragment and a box that overruns its file', () => {
    expect(() => rewriteFragments(box('styp', Buffer.from('msdh')), 1, 1)).toThrow(Fmp4Error);
    expect(() => rewriteFragments(mediaSegment(1, 'x').subarray(0, 60), 1, 1)).toThrow(Fmp4Error);
  });
});

describe('describeMp4', () => {
  it('reads the picture size of the first video track', () => {
    const init = initSegment('vide', 480, 270);
    expect(describeMp4(init)).toEqual({ width: 480, height: 270, durationSec: 0 });
    expect(() => describeMp4(initSegment('soun'))).toThrow(Fmp4Error);
  });
});
