import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_HEIGHTS, normalizePreferredHeight, selectStream } from './stream-quality';

describe('preferred video height (spec 2 §5, §9)', () => {
  it.each([270, 360, 480, 720, 1080, 1440, 2160])('keeps allowed height %i', (height) => {
    expect(normalizePreferredHeight(height)).toBe(height);
  });

  it.each([0, 240, 1000, 4320, Number.NaN, null, undefined, 'auto'])('turns %j into 1080', (height) => {
    expect(normalizePreferredHeight(height)).toBe(1080);
  });

  it('reads a remembered string preference', () => {
    expect(normalizePreferredHeight('720')).toBe(720);
  });
});

describe('stream selection (spec 2 §4)', () => {
  const streams = [
    { url: 'a-480.mp4', height: 480 },
    { url: 'a-1080.mp4', height: 1080 },
    { url: 'a-270.mp4', height: 270 },
    { url: 'a-720.mp4', height: 720 },
  ];

  it('takes the highest stream at or under the preferred height', () => {
    expect(selectStream(streams, 1080)?.url).toBe('a-1080.mp4');
    expect(selectStream(streams, 1000)?.url).toBe('a-720.mp4');
    expect(selectStream(streams, 480)?.url).toBe('a-480.mp4');
  });

  it('falls back to the lowest when all are taller, and to null when there are none', () => {
    expect(selectStream(streams, 240)?.url).toBe('a-270.mp4');
    expect(selectStream([], 1080)).toBeNull();
  });

  it('does not reorder the caller array', () => {
    const copy = [...streams];
    selectStream(streams, 720);
    expect(streams).toEqual(copy);
  });

  it('picks the tallest stream not above the preference (property)', () => {
    const stream = fc.record({ url: fc.string(), height: fc.constantFrom(...ALLOWED_HEIGHTS) });
    fc.assert(
      fc.property(fc.array(stream, { minLength: 1 }), fc.constantFrom(...ALLOWED_HEIGHTS), (list, preferred) => {
        const chosen = selectStream(list, preferred)!;
        const fitting = list.filter((s) => s.height <= preferred).map((s) => s.height);
        const expected = fitting.length > 0 ? Math.max(...fitting) : Math.min(...list.map((s) => s.height));
        expect(chosen.height).toBe(expected);
      }),
    );
  });
});
