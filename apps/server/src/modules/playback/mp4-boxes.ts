/**
 * One downloadable MP4 from a CMAF ladder (docs/decisions/023): the pipeline writes each stream
 * (a video rendition, the audio) as its own fragmented MP4, an init segment and media segments
 * each made of `moof` + `mdat`. A file with picture and sound is those fragments, interleaved
 * under one `moov` that declares both tracks, with the track and sequence numbers renumbered.
 * No sample is decoded or moved, so it is cheap enough to do at every download. The teaser's
 * picture size is read from its boxes too (/url/formats).
 *
 * Pure functions over bytes (ISO/IEC 14496-12 box layout), tested on built boxes.
 */

export class Fmp4Error extends Error {}

export interface Box {
  type: string;
  start: number;
  end: number;
  /** Header length: 8, or 16 with a 64-bit size. */
  header: number;
}

/** The boxes laid end to end in buf[start, end); throws Fmp4Error on a size that does not fit. */
export function listBoxes(buf: Buffer, start = 0, end = buf.length): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at < end) {
    if (end - at < 8) throw new Fmp4Error('truncated box header');
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (end - at < 16) throw new Fmp4Error('truncated box header');
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) throw new Fmp4Error('box size out of bounds');
    boxes.push({ type: buf.toString('latin1', at + 4, at + 8), start: at, end: at + size, header });
    at += size;
  }
  return boxes;
}

const childrenOf = (buf: Buffer, box: Box) => listBoxes(buf, box.start + box.header, box.end);

function only(boxes: Box[], type: string): Box {
  const found = boxes.filter((b) => b.type === type);
  if (found.length !== 1) throw new Fmp4Error(`expected one ${type} box, found ${found.length}`);
  return found[0]!;
}

const copyOf = (buf: Buffer, box: Box) => Buffer.from(buf.subarray(box.start, box.end));

function container(type: string, children: Buffer[]): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + children.reduce((sum, c) => sum + c.length, 0));
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, ...children]);
}

/** A track box with its `tkhd` track_ID set (the field's place depends on the box version). */
function trakWithId(init: Buffer, trakBox: Box, trackId: number): Buffer {
  const trak = copyOf(init, trakBox);
  const tkhd = only(childrenOf(trak, { ...trakBox, start: 0, end: trak.length }), 'tkhd');
  const version = trak[tkhd.start + tkhd.header]!;
  trak.writeUInt32BE(trackId, tkhd.start + tkhd.header + 4 + (version === 1 ? 16 : 8));
  return trak;
}

/**
 * One init segment declaring every stream's track, numbered 1..n in the order given: the
 * first one's `ftyp`, `mvhd` and extra boxes, each one's `trak` and `trex`.
 */
export function mergeInitSegments(inits: Buffer[]): Buffer {
  if (inits.length === 0) throw new Fmp4Error('no init segment');
  const first = inits[0]!;
  const top = listBoxes(first);
  const ftyp = only(top, 'ftyp');
  const firstMoov = childrenOf(first, only(top, 'moov'));
  const mvhd = copyOf(first, only(firstMoov, 'mvhd'));
  mvhd.writeUInt32BE(inits.length + 1, mvhd.length - 4); // next_track_ID, last field in both versions
  const traks: Buffer[] = [];
  const trexes: Buffer[] = [];
  inits.forEach((init, i) => {
    const moov = childrenOf(init, only(listBoxes(init), 'moov'));
    traks.push(trakWithId(init, only(moov, 'trak'), i + 1));
    const trexBox = only(childrenOf(init, only(moov, 'mvex')), 'trex');
    const trex = copyOf(init, trexBox);
    trex.writeUInt32BE(i + 1, trexBox.header + 4);
    trexes.push(trex);
  });
  const mvexExtras = childrenOf(first, only(firstMoov, 'mvex'))
    .filter((b) => b.type !== 'trex')
    .map((b) => copyOf(first, b));
  const moovExtras = firstMoov.filter((b) => !['mvhd', 'trak', 'mvex'].includes(b.type)).map((b) => copyOf(first, b));
  const moov = container('moov', [mvhd, ...traks, container('mvex', [...mvexExtras, ...trexes]), ...moovExtras]);
  return Buffer.concat([copyOf(first, ftyp), moov]);
}

/**
 * A media segment's fragments (`moof` + `mdat`) for the merged file: track_ID and sequence
 * numbers rewritten, `styp`, `sidx` and other index boxes left out (they describe the lone
 * segment). Data offsets are relative to their `moof` (default-base-is-moof), so they hold.
 */
export function rewriteFragments(
  segment: Buffer,
  trackId: number,
  firstSequence: number,
): { bytes: Buffer; fragments: number } {
  const parts: Buffer[] = [];
  let sequence = firstSequence;
  for (const box of listBoxes(segment)) {
    if (box.type === 'mdat') parts.push(segment.subarray(box.start, box.end));
    if (box.type !== 'moof') continue;
    const moof = copyOf(segment, box);
    const local = { ...box, start: 0, end: moof.length };
    const children = childrenOf(moof, local);
    const mfhd = only(children, 'mfhd');
    moof.writeUInt32BE(sequence++, mfhd.start + mfhd.header + 4);
    for (const traf of children.filter((b) => b.type === 'traf')) {
      const tfhd = only(childrenOf(moof, traf), 'tfhd');
      // base-data-offset-present: offsets from the segment's start, which moves here.
      if (moof.readUIntBE(tfhd.start + tfhd.header + 1, 3) & 0x1) throw new Fmp4Error('absolute data offsets');
      moof.writeUInt32BE(trackId, tfhd.start + tfhd.header + 4);
    }
    parts.push(moof);
  }
  if (sequence === firstSequence) throw new Fmp4Error('segment without a fragment');
  return { bytes: Buffer.concat(parts), fragments: sequence - firstSequence };
}

/**
 * Picture size and duration of a whole MP4 file with its `moov` (the teaser): the first track
 * with a picture size (`tkhd` width and height, 16.16 fixed point) and the `mvhd` duration.
 */
export function describeMp4(file: Buffer): { width: number; height: number; durationSec: number } {
  const moov = only(listBoxes(file), 'moov');
  const children = childrenOf(file, moov);
  const mvhd = only(children, 'mvhd');
  const body = mvhd.start + mvhd.header;
  const isV1 = file[body] === 1;
  const timescale = file.readUInt32BE(body + (isV1 ? 20 : 12));
  const duration = isV1 ? Number(file.readBigUInt64BE(body + 24)) : file.readUInt32BE(body + 16);
  for (const trak of children.filter((b) => b.type === 'trak')) {
    const tkhd = only(childrenOf(file, trak), 'tkhd');
    const width = file.readUInt32BE(tkhd.end - 8) >>> 16;
    const height = file.readUInt32BE(tkhd.end - 4) >>> 16;
    if (width > 0 && height > 0) return { width, height, durationSec: timescale > 0 ? duration / timescale : 0 };
  }
  throw new Fmp4Error('no track with a picture');
}
