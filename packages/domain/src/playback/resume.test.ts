import { describe, expect, it } from 'vitest';
import { resumeTime } from './resume';

// spec 2 §4: "resume where the customer stopped"; the end starts again.
describe('resumeTime', () => {
  it('starts where the viewer stopped', () => {
    expect(resumeTime(754.2, 5400)).toBe(754.2);
  });
  it('starts at the start when nothing was watched', () => {
    expect(resumeTime(null, 5400)).toBeUndefined();
    expect(resumeTime(0, 5400)).toBeUndefined();
  });
  it('starts again a content stopped in its last 10 seconds', () => {
    expect(resumeTime(5391, 5400)).toBeUndefined();
    expect(resumeTime(5390, 5400)).toBe(5390);
  });
  it('keeps the point when the duration is unknown', () => {
    expect(resumeTime(30, 0)).toBe(30);
  });
});
