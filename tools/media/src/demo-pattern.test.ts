import { describe, expect, it } from 'vitest';
import { buildPatternSource } from './demo-pattern';

describe('buildPatternSource', () => {
  it('gives each demo clip its own picture at the requested size', () => {
    const sources = (['aurora', 'city', 'ocean', 'cartoon'] as const).map((p) => buildPatternSource(p, 854, 480, 25));
    expect(new Set(sources).size).toBe(4);
    for (const source of sources) expect(source).toMatch(/(s=854x480|scale=854x480)/);
    expect(buildPatternSource('cartoon', 854, 480, 25)).toBe(
      'life=s=85x48:r=25:seed=7:ratio=0.3:mold=10:life_color=#FF3080:death_color=#FFB000:mold_color=#4030A0,' +
        'scale=854x480:flags=neighbor',
    );
  });
});
