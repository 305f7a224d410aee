import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARENTAL_THRESHOLD,
  contentRatingLabel,
  needsParentalCode,
  parseContentRating,
  suitsKidsProfile,
} from './content-rating';

describe('content ratings on the French scale (spec 1 §6 parental code, decision 059)', () => {
  it('reads the ways a guide or an operator writes a rating', () => {
    expect(parseContentRating('-12')).toBe(12);
    expect(parseContentRating('12')).toBe(12);
    expect(parseContentRating(' -16 ans ')).toBe(16);
    expect(parseContentRating('Déconseillé aux moins de 18 ans')).toBe(18);
    expect(parseContentRating('CSA 10')).toBe(10);
    expect(parseContentRating('Tous publics')).toBe(0);
    expect(parseContentRating('TP')).toBe(0);
    expect(parseContentRating('0')).toBe(0);
  });

  it('reads nothing from what is not on the scale', () => {
    for (const text of ['', '  ', '-14', '7', 'PG-13', '12 ou 16', 'adultes', null, undefined])
      expect(parseContentRating(text)).toBeNull();
  });

  it('writes a rating as the scale does', () => {
    expect(contentRatingLabel(0)).toBe('TP');
    expect(contentRatingLabel(16)).toBe('-16');
  });

  it('lets a kids profile see tous publics and -10 only', () => {
    expect([0, 10, 12, 16, 18].filter(suitsKidsProfile)).toEqual([0, 10]);
  });

  it('asks for the code from the threshold up, -16 by default, never for tous publics', () => {
    expect(DEFAULT_PARENTAL_THRESHOLD).toBe(16);
    expect([0, 10, 12, 16, 18].filter((r) => needsParentalCode(r, DEFAULT_PARENTAL_THRESHOLD))).toEqual([16, 18]);
    expect([0, 10, 12, 16, 18].filter((r) => needsParentalCode(r, 10))).toEqual([10, 12, 16, 18]);
    expect([0, 10, 12, 16, 18].filter((r) => needsParentalCode(r, 18))).toEqual([18]);
  });
});
