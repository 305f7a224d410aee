import { describe, expect, it } from 'vitest';
import { editDistance, foldSearchText, searchTokens, wordDistance } from './search-text';

describe('search folding (decision 013)', () => {
  it('drops accents, case, ligatures and punctuation', () => {
    expect(foldSearchText("L'Été indien !")).toBe('l ete indien');
    expect(foldSearchText('Cœur d’Œuvre')).toBe('coeur d oeuvre');
    expect(searchTokens('  "NEAR(a*" OR b  ')).toEqual(['near', 'a', 'or', 'b']);
  });

  it('counts a swap of neighbours as one typo and stops above the limit', () => {
    expect(editDistance('aurorse', 'aurores', 2)).toBe(1);
    expect(editDistance('periferique', 'peripherique', 2)).toBe(2);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });

  it('forgives no typo under 4 letters and also compares with the start of a word', () => {
    expect(wordDistance('ate', 'ete')).toBeGreaterThan(0);
    expect(wordDistance('auro', 'aurores')).toBe(0);
    expect(wordDistance('aurp', 'aurores')).toBe(1);
  });
});
