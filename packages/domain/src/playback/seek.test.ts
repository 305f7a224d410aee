import { describe, expect, it } from 'vitest';
import { canForward, forwardTarget, resumePercentage, rewindTarget, thumbnailPercentage } from './seek';

describe('rewind and forward (spec 2 §9)', () => {
  it('rewinds to the start if less than 15 s were played, else 10 s back', () => {
    expect(rewindTarget(0)).toBe(0);
    expect(rewindTarget(14.9)).toBe(0);
    expect(rewindTarget(15)).toBe(5);
    expect(rewindTarget(100)).toBe(90);
  });

  it('forwards only if more than 15 s remain', () => {
    expect(canForward(84, 100)).toBe(true);
    expect(canForward(85, 100)).toBe(false);
    expect(forwardTarget(50, 100)).toBe(60);
    expect(forwardTarget(80, 100)).toBe(90);
    expect(forwardTarget(85, 100)).toBe(85);
  });
});

describe('seek-bar thumbnails rounded to tens (spec 2 §9)', () => {
  it.each([
    [0, 0],
    [4.9, 0],
    [5, 10],
    [44, 40],
    [96, 100],
    [130, 100],
    [-3, 0],
  ])('%d%% uses thumbnail %d%%', (pct, expected) => {
    expect(thumbnailPercentage(pct)).toBe(expected);
  });
});

describe('resume percentage = time / duration x 100 (spec 2 §4)', () => {
  it('computes the percentage', () => {
    expect(resumePercentage(30, 120)).toBe(25);
    expect(resumePercentage(120, 120)).toBe(100);
  });

  it('stays within 0-100 and gives 0 without a duration', () => {
    expect(resumePercentage(200, 120)).toBe(100);
    expect(resumePercentage(-1, 120)).toBe(0);
    expect(resumePercentage(30, 0)).toBe(0);
  });
});
