import { describe, expect, it } from 'vitest';
import {
  COOKIE_MAX_AGE_SECONDS,
  FORGOT_LOGIN_OPERATORS,
  OPERATOR_IDS,
  isDisplayedRowType,
  isIspOperatorId,
} from './constants';

describe('business constants (spec 1 §9, spec 2 §9, spec 3 §9)', () => {
  it('keeps cookies 6 months of 30 days', () => {
    expect(COOKIE_MAX_AGE_SECONDS).toBe(15_552_000);
  });

  it('lists the forgot-login operators 1 to 5 (spec 1 §2)', () => {
    expect(FORGOT_LOGIN_OPERATORS.map((o) => o.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('knows the operator ids of spec 3 §3', () => {
    expect(OPERATOR_IDS.generic).toBe(99);
    expect(OPERATOR_IDS.genericFrance).toBe(10);
    expect([14, 15, 18, 19].map(isIspOperatorId)).toEqual([false, true, true, false]);
  });
});

describe('home row types (spec 2 §2)', () => {
  it('shows known row types but ignores ContentsDownload and unknown types', () => {
    expect(isDisplayedRowType('ContentsProcessing')).toBe(true);
    expect(isDisplayedRowType('ContentsDownload')).toBe(false);
    expect(isDisplayedRowType('Games')).toBe(false);
  });
});
