/**
 * Just enough ISO BMFF (MP4) to rewrite the boxes CENC touches: read a box tree, build boxes,
 * and write sizes back. Pure functions over Buffers.
 */
export interface Box {
  type: string;
  /** Offset of the box header in the buffer it was read from. */
  start: number;
  /** Offset just past the header (and past version/flags for full boxes read as such). */
  headerSize: number;
  size: number;
}

/** Boxes that hold other boxes (and nothing else) on the paths CENC rewrites. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'moof', 'traf', 'mvex', 'sinf', 'schi']);

export function readBoxes(buffer: Buffer, start = 0, end = buffer.length): Box[] {
  const boxes: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    let headerSize = 8;
    if (size === 1) {
      size = Number(buffer.readBigUInt64BE(offset + 8));
      headerSize = 16;
    } else if (size === 0) size = end - offset;
    if (size < headerSize || offset + size > end) throw new Error(`mp4: bad size of box ${type} at ${offset}`);
    boxes.push({ type, start: offset, headerSize, size });
    offset += size;
  }
  return boxes;
}

export const childrenOf = (buffer: Buffer, box: Box, skip = 0) =>
  readBoxes(buffer, box.start + box.headerSize + skip, box.start + box.size);

export function findBox(buffer: Buffer, boxes: Box[], type: string): Box | undefined {
  return boxes.find((box) => box.type === type);
}

/** The box at `path` (e.g. ['moov', 'trak', 'mdia']) below the top level, or undefined. */
export function findPath(buffer: Buffer, path: string[]): Box | undefined {
  let level = readBoxes(buffer);
  let found: Box | undefined;
  for (const type of path) {
    found = level.find((box) => box.type === type);
    if (!found) return undefined;
    if (CONTAINERS.has(type)) level = childrenOf(buffer, found);
  }
  return found;
}

export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

export function fullBox(type: string, version: number, flags: number, ...payload: Buffer[]): Buffer {
  const versionAndFlags = Buffer.alloc(4);
  versionAndFlags.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, versionAndFlags, ...payload);
}

/**
 * Replaces `[start, end)` of `buffer` by `replacement` and adds the change in length to the
 * 32-bit size of every box in `ancestors` (which must all enclose the replaced range).
 */
export function splice(buffer: Buffer, start: number, end: number, replacement: Buffer, ancestors: Box[]): Buffer {
  const out = Buffer.concat([buffer.subarray(0, start), replacement, buffer.subarray(end)]);
  const delta = replacement.length - (end - start);
  for (const ancestor of ancestors) {
    if (ancestor.headerSize !== 8) throw new Error(`mp4: 64-bit size of ${ancestor.type} not supported`);
    out.writeUInt32BE(out.readUInt32BE(ancestor.start) + delta, ancestor.start);
  }
  return out;
}

export const uint32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value >>> 0, 0);
  return b;
};
export const uint16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(value, 0);
  return b;
};
export const uint8 = (value: number) => Buffer.from([value & 0xff]);
