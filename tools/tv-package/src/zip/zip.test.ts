import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readZip } from './zip-reader';
import { writeZip } from './zip-writer';

describe('zip writer (the unsigned .wgt container)', () => {
  it('round-trips text (deflated) and random bytes (stored), names in UTF-8', () => {
    const random = randomBytes(4096);
    const text = Buffer.from('<widget/>'.repeat(200));
    const files = readZip(
      writeZip([
        { name: 'config.xml', data: text },
        { name: 'assets/bruit.bin', data: random },
        { name: 'assets/été.txt', data: Buffer.from('é') },
      ]),
    );
    expect(files.get('config.xml')).toEqual(text);
    expect(files.get('assets/bruit.bin')).toEqual(random);
    expect(files.get('assets/été.txt')!.toString('utf8')).toBe('é');
  });

  it('the same input gives the same bytes (fixed timestamps)', () => {
    const entries = [{ name: 'a.txt', data: Buffer.from('a') }];
    expect(writeZip(entries).equals(writeZip(entries))).toBe(true);
  });

  it('refuses names that would escape the folder, and duplicates', () => {
    for (const name of ['../x', '/abs', 'a/../../b', 'a\\b'])
      expect(() => writeZip([{ name, data: Buffer.alloc(1) }])).toThrow(/unsafe entry name/);
    expect(() =>
      writeZip([
        { name: 'a', data: Buffer.alloc(1) },
        { name: 'a', data: Buffer.alloc(1) },
      ]),
    ).toThrow(/duplicate/);
  });

  it('the reader refuses a corrupted entry (CRC-32)', () => {
    const zip = writeZip([{ name: 'a.bin', data: randomBytes(64) }]);
    zip.writeUInt8(zip.readUInt8(40) ^ 0xff, 40); // inside the stored data of the only entry
    expect(() => readZip(zip)).toThrow(/CRC mismatch/);
  });
});
