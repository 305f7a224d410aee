import { box, childrenOf, fullBox, readBoxes, splice, uint32, uint8, type Box } from './mp4-boxes';

/** The W3C Common PSSH system id, which is also ClearKey's (EME §9.1.1, "cenc" init data). */
export const CLEARKEY_SYSTEM_ID = Buffer.from('1077efecc0b24d02ace33c1e52e2fb4b', 'hex');
/** Per-sample IV size written in tenc and senc. */
export const IV_SIZE = 8;

const ENCRYPTED_ENTRY: Record<string, string> = { avc1: 'encv', avc3: 'encv', mp4a: 'enca' };

/** `pssh` version 1 listing the key ids (ISO/IEC 23001-7 §8.1), no system data. */
export function psshBox(systemId: Buffer, kids: Buffer[]): Buffer {
  return fullBox('pssh', 1, 0, systemId, uint32(kids.length), ...kids, uint32(0));
}

/** sinf: the original format, the 'cenc' scheme, and tenc with the default key id. */
function sinfBox(originalFormat: string, kid: Buffer): Buffer {
  const tenc = fullBox('tenc', 0, 0, uint8(0), uint8(0), uint8(1), uint8(IV_SIZE), kid);
  return box(
    'sinf',
    box('frma', Buffer.from(originalFormat, 'latin1')),
    fullBox('schm', 0, 0, Buffer.from('cenc', 'latin1'), uint32(0x00010000)),
    box('schi', tenc),
  );
}

/** Bytes of the fixed fields before a sample entry's child boxes (ISO/IEC 14496-12 §12). */
const SAMPLE_ENTRY_FIELDS: Record<string, number> = { avc1: 78, avc3: 78, mp4a: 28 };

export interface InitInfo {
  /** NAL unit length field size of an AVC track (avcC); null for audio. */
  nalLengthSize: number | null;
  originalFormat: string;
}

/**
 * Marks an fMP4 init segment as CENC-protected with `kid`: its sample entry becomes encv/enca
 * with a sinf (frma, schm 'cenc', tenc) and the moov gets a ClearKey pssh. Sizes are rewritten.
 */
export function encryptInitSegment(init: Buffer, kid: Buffer): { init: Buffer; info: InitInfo } {
  const top = readBoxes(init);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw new Error('cenc: no moov in the init segment');
  const trak = childrenOf(init, moov).find((b) => b.type === 'trak');
  const mdia = trak && childrenOf(init, trak).find((b) => b.type === 'mdia');
  const minf = mdia && childrenOf(init, mdia).find((b) => b.type === 'minf');
  const stbl = minf && childrenOf(init, minf).find((b) => b.type === 'stbl');
  const stsd = stbl && childrenOf(init, stbl).find((b) => b.type === 'stsd');
  if (!trak || !mdia || !minf || !stbl || !stsd) throw new Error('cenc: no sample description in the init segment');
  // stsd is a full box with an entry count before its entries.
  const entry = readBoxes(init, stsd.start + 16, stsd.start + stsd.size)[0];
  if (!entry || !(entry.type in ENCRYPTED_ENTRY)) throw new Error(`cenc: unsupported sample entry ${entry?.type}`);
  const nalLengthSize = entryNalLengthSize(init, entry);

  let out: Buffer = Buffer.from(init);
  out.write(ENCRYPTED_ENTRY[entry.type]!, entry.start + 4, 'latin1');
  const end = entry.start + entry.size;
  out = splice(out, end, end, sinfBox(entry.type, kid), [moov, trak, mdia, minf, stbl, stsd, entry]);
  const moovEnd = moov.start + out.readUInt32BE(moov.start);
  const grown = readBoxes(out).find((b) => b.type === 'moov')!;
  out = splice(out, moovEnd, moovEnd, psshBox(CLEARKEY_SYSTEM_ID, [kid]), [grown]);
  return { init: out, info: { nalLengthSize, originalFormat: entry.type } };
}

function entryNalLengthSize(init: Buffer, entry: Box): number | null {
  const fields = SAMPLE_ENTRY_FIELDS[entry.type];
  if (fields === undefined || !entry.type.startsWith('avc')) return null;
  const avcC = readBoxes(init, entry.start + 8 + fields, entry.start + entry.size).find((b) => b.type === 'avcC');
  if (!avcC) throw new Error('cenc: an AVC sample entry without avcC');
  return (init.readUInt8(avcC.start + 8 + 4) & 0x3) + 1;
}
