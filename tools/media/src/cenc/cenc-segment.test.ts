import { describe, expect, it } from 'vitest';
import { avcSubsamples } from './cenc-segment';

/** An AVC sample of NAL units with 4-byte lengths: [type, payload length] each. */
function sample(...nals: [number, number][]): Buffer {
  return Buffer.concat(
    nals.map(([type, length]) => {
      const nal = Buffer.alloc(4 + 1 + length);
      nal.writeUInt32BE(1 + length, 0);
      nal[4] = type;
      return nal;
    }),
  );
}

describe('avcSubsamples (ISO/IEC 23001-7 cenc for AVC video)', () => {
  it('keeps lengths, NAL headers and non-slice units clear; encrypts slices in whole 16-byte blocks', () => {
    // SEI (6) of 20 bytes, then an IDR slice (5) of 100 payload bytes: 96 encrypted.
    expect(avcSubsamples(sample([6, 20], [5, 100]), 4)).toEqual([{ clear: 4 + 21 + 4 + 1 + 4, protected: 96 }]);
  });

  it('two slices give two ranges; a trailing clear unit gets its own entry', () => {
    expect(avcSubsamples(sample([1, 32], [1, 48], [12, 3]), 4)).toEqual([
      { clear: 5, protected: 32 },
      { clear: 5, protected: 48 },
      { clear: 8, protected: 0 },
    ]);
  });

  it('clear runs longer than 65535 bytes take several entries', () => {
    const ranges = avcSubsamples(sample([6, 70_000], [5, 32]), 4);
    expect(ranges).toEqual([
      { clear: 65_535, protected: 0 },
      { clear: 4 + 70_001 + 5 - 65_535, protected: 32 },
    ]);
  });
});
