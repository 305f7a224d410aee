import { describe, expect, it } from 'vitest';
import { LINK_CODE_ALPHABET, LINK_CODE_LENGTH } from '@playz/api-contract';
import { generateLinkCode, hashLinkCode, normalizeLinkCode } from './link-code';

describe('link codes (spec 1 §3; decision 011)', () => {
  it('are 8 characters of the unambiguous alphabet, without 0, O, 1 or I', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generateLinkCode();
      expect(code).toHaveLength(LINK_CODE_LENGTH);
      expect([...code].every((c) => LINK_CODE_ALPHABET.includes(c))).toBe(true);
    }
    expect(LINK_CODE_ALPHABET).not.toMatch(/[01IO]/);
    expect(new Set(LINK_CODE_ALPHABET).size).toBe(32);
  });

  it('read a typed code in any case, with spaces and dashes', () => {
    expect(normalizeLinkCode(' ab2c-d3ef ')).toBe('AB2CD3EF');
    expect(hashLinkCode(normalizeLinkCode('ab2c d3ef'))).toBe(hashLinkCode('AB2CD3EF'));
  });

  it('are stored as a hash that does not show the code', () => {
    expect(hashLinkCode('AB2CD3EF')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLinkCode('AB2CD3EF')).not.toContain('AB2CD3EF');
  });
});
