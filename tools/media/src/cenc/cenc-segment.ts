import { createCipheriv, randomBytes } from 'node:crypto';
import { IV_SIZE, type InitInfo } from './cenc-init';
import { childrenOf, fullBox, readBoxes, uint16, uint32, uint8, type Box } from './mp4-boxes';

interface Subsample {
  clear: number;
  protected: number;
}

/** tfhd flags (ISO/IEC 14496-12 §8.8.7) and trun flags (§8.8.8) this encryptor reads. */
const TFHD_BASE_DATA_OFFSET = 0x1;
const TFHD_SAMPLE_DESCRIPTION_INDEX = 0x2;
const TFHD_DEFAULT_DURATION = 0x8;
const TFHD_DEFAULT_SIZE = 0x10;
const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_SAMPLE_FLAGS = 0x4;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_CTO = 0x800;
const AES_BLOCK = 16;

/**
 * Which bytes of an AVC sample are encrypted (ISO/IEC 23001-7 §9.2, "cenc" for video): each NAL
 * unit keeps its length field and header clear; the rest of a picture slice is encrypted in
 * whole 16-byte blocks, its leading remainder clear; other NAL units stay clear.
 */
export function avcSubsamples(sample: Buffer, nalLengthSize: number): Subsample[] {
  const ranges: Subsample[] = [];
  let clear = 0;
  for (let at = 0; at + nalLengthSize <= sample.length;) {
    const nalSize = sample.readUIntBE(at, nalLengthSize);
    const nalType = sample[at + nalLengthSize]! & 0x1f;
    const isSlice = nalType >= 1 && nalType <= 5;
    const encryptable = isSlice ? Math.floor((nalSize - 1) / AES_BLOCK) * AES_BLOCK : 0;
    clear += nalLengthSize + nalSize - encryptable;
    if (encryptable > 0) {
      ranges.push(...splitClear(clear, encryptable));
      clear = 0;
    }
    at += nalLengthSize + nalSize;
  }
  if (clear > 0 || ranges.length === 0) ranges.push(...splitClear(clear, 0));
  return ranges;
}

/** BytesOfClearData is 16 bits: longer clear runs take several entries. */
function splitClear(clear: number, protectedBytes: number): Subsample[] {
  const entries: Subsample[] = [];
  while (clear > 0xffff) {
    entries.push({ clear: 0xffff, protected: 0 });
    clear -= 0xffff;
  }
  entries.push({ clear, protected: protectedBytes });
  return entries;
}

/** AES-128-CTR over the protected ranges of one sample, one keystream for the whole sample. */
function encryptSample(sample: Buffer, key: Buffer, iv: Buffer, subsamples: Subsample[] | null): Buffer {
  const counter = Buffer.concat([iv, Buffer.alloc(AES_BLOCK - iv.length)]);
  const cipher = createCipheriv('aes-128-ctr', key, counter);
  if (!subsamples) return cipher.update(sample);
  const out = Buffer.from(sample);
  let at = 0;
  for (const range of subsamples) {
    at += range.clear;
    cipher.update(sample.subarray(at, at + range.protected)).copy(out, at);
    at += range.protected;
  }
  return out;
}

interface TrackRun {
  moof: Box;
  traf: Box;
  trun: Box;
  sampleSizes: number[];
  /** Where the run's data starts, relative to the moof. */
  dataOffset: number;
}

function readRun(segment: Buffer, moof: Box): TrackRun {
  const traf = childrenOf(segment, moof).find((b) => b.type === 'traf');
  if (!traf) throw new Error('cenc: a moof without traf');
  const children = childrenOf(segment, traf);
  const tfhd = children.find((b) => b.type === 'tfhd');
  const trun = children.find((b) => b.type === 'trun');
  if (!tfhd || !trun) throw new Error('cenc: a traf without tfhd or trun');
  const tfhdFlags = segment.readUInt32BE(tfhd.start + 8) & 0xffffff;
  if (tfhdFlags & TFHD_BASE_DATA_OFFSET) throw new Error('cenc: explicit base data offsets are not supported');
  let at = tfhd.start + 16;
  if (tfhdFlags & TFHD_SAMPLE_DESCRIPTION_INDEX) at += 4;
  if (tfhdFlags & TFHD_DEFAULT_DURATION) at += 4;
  const defaultSize = tfhdFlags & TFHD_DEFAULT_SIZE ? segment.readUInt32BE(at) : 0;
  const trunFlags = segment.readUInt32BE(trun.start + 8) & 0xffffff;
  const count = segment.readUInt32BE(trun.start + 12);
  let cursor = trun.start + 16;
  if (!(trunFlags & TRUN_DATA_OFFSET)) throw new Error('cenc: a trun without data offset');
  const dataOffset = segment.readInt32BE(cursor);
  cursor += 4;
  if (trunFlags & TRUN_FIRST_SAMPLE_FLAGS) cursor += 4;
  const sampleSizes: number[] = [];
  for (let i = 0; i < count; i++) {
    if (trunFlags & TRUN_DURATION) cursor += 4;
    if (trunFlags & TRUN_SIZE) {
      sampleSizes.push(segment.readUInt32BE(cursor));
      cursor += 4;
    } else sampleSizes.push(defaultSize);
    if (trunFlags & TRUN_FLAGS) cursor += 4;
    if (trunFlags & TRUN_CTO) cursor += 4;
  }
  return { moof, traf, trun, sampleSizes, dataOffset };
}

/** senc (per-sample IVs and subsamples), then saiz and saio pointing at its entries. */
function auxiliaryBoxes(ivs: Buffer[], subsamples: (Subsample[] | null)[], sencOffsetInMoof: number) {
  const useSubsamples = subsamples.some((s) => s !== null);
  const entries = ivs.map((iv, i) => {
    const ranges = subsamples[i];
    if (!useSubsamples || !ranges) return iv;
    return Buffer.concat([iv, uint16(ranges.length), ...ranges.flatMap((r) => [uint16(r.clear), uint32(r.protected)])]);
  });
  const senc = fullBox('senc', 0, useSubsamples ? 0x2 : 0, uint32(ivs.length), ...entries);
  const sizes = entries.map((e) => e.length);
  const allSame = sizes.every((s) => s === sizes[0]);
  const saiz = allSame
    ? fullBox('saiz', 0, 0, uint8(sizes[0] ?? 0), uint32(sizes.length))
    : fullBox('saiz', 0, 0, uint8(0), uint32(sizes.length), ...sizes.map(uint8));
  // saio's offset: the first entry, just past senc's header (8) + version/flags (4) + count (4).
  const saioSize = 20;
  const saio = fullBox('saio', 0, 0, uint32(1), uint32(sencOffsetInMoof + saiz.length + saioSize + 16));
  return Buffer.concat([saiz, saio, senc]);
}

/**
 * Encrypts one CMAF media segment (styp, optional sidx, moof + mdat pairs) with `key`: samples
 * in AES-CTR (subsamples for AVC), senc/saiz/saio added to each traf, trun data offsets and the
 * sidx referenced size moved by the growth of the moof. `randomIv` is injectable for tests.
 */
export function encryptMediaSegment(
  segment: Buffer,
  key: Buffer,
  info: InitInfo,
  randomIv: () => Buffer = () => randomBytes(IV_SIZE),
): Buffer {
  const parts: Buffer[] = [];
  const top = readBoxes(segment);
  let growth = 0;
  let sidxAt: number | null = null;
  for (let i = 0; i < top.length; i++) {
    const current = top[i]!;
    if (current.type !== 'moof') {
      if (current.type === 'sidx') sidxAt = parts.reduce((n, p) => n + p.length, 0);
      if (current.type !== 'mdat') parts.push(segment.subarray(current.start, current.start + current.size));
      continue;
    }
    const mdat = top[i + 1];
    if (mdat?.type !== 'mdat') throw new Error('cenc: a moof not followed by its mdat');
    const run = readRun(segment, current);
    const ivs = run.sampleSizes.map(() => randomIv());
    const data = Buffer.from(segment.subarray(mdat.start, mdat.start + mdat.size));
    let at = run.dataOffset - (mdat.start - current.start);
    const subsamples = run.sampleSizes.map((size, index) => {
      const sample = data.subarray(at, at + size);
      const ranges = info.nalLengthSize ? avcSubsamples(sample, info.nalLengthSize) : null;
      encryptSample(sample, key, ivs[index]!, ranges).copy(data, at);
      at += size;
      return ranges;
    });
    // The new boxes go at the end of the traf, which ends the moof (as the dash muxer writes it).
    const trafEnd = run.traf.start + run.traf.size - current.start;
    if (trafEnd !== current.size) throw new Error('cenc: a moof with boxes after its traf');
    const extra = auxiliaryBoxes(ivs, subsamples, trafEnd);
    const moof = Buffer.concat([segment.subarray(current.start, current.start + current.size), extra]);
    moof.writeUInt32BE(moof.length, 0);
    const trafAt = run.traf.start - current.start;
    moof.writeUInt32BE(run.traf.size + extra.length, trafAt);
    const dataOffsetAt = run.trun.start - current.start + 16;
    moof.writeInt32BE(run.dataOffset + extra.length, dataOffsetAt);
    growth += extra.length;
    parts.push(moof, data);
    i++;
  }
  const out = Buffer.concat(parts);
  if (sidxAt !== null && growth > 0) updateSidx(out, sidxAt, growth);
  return out;
}

/** sidx (§8.16.3): the single reference covers moof + mdat, which grew by `growth`. */
function updateSidx(out: Buffer, at: number, growth: number) {
  const version = out.readUInt8(at + 8);
  const referencesAt = at + 12 + 4 + 4 + (version === 0 ? 8 : 16) + 2;
  const count = out.readUInt16BE(referencesAt);
  if (count !== 1) return;
  const entryAt = referencesAt + 2;
  const value = out.readUInt32BE(entryAt);
  const referenced = (value & 0x7fffffff) + growth;
  out.writeUInt32BE(((value & 0x80000000) | referenced) >>> 0, entryAt);
}
