import { describe, expect, it } from 'vitest';
import { layoutTitle, wrapWords } from './title-layout';

const portrait = { maxWidthPx: 520, maxLines: 4, baseFontPx: 64, minFontPx: 36 };

describe('wrapWords', () => {
  it('wraps greedily on spaces and cuts words longer than a line', () => {
    expect(wrapWords(['Le', 'Fabuleux', 'Destin', "d'Amélie"], 12)).toEqual(['Le Fabuleux', 'Destin', "d'Amélie"]);
    expect(wrapWords(['Anticonstitutionnellement'], 10)).toEqual(['Anticonsti', 'tutionnell', 'ement']);
  });

  it('counts accented letters as one character', () => {
    expect(wrapWords(['Été', 'éé'], 6)).toEqual(['Été éé']);
  });
});

describe('layoutTitle', () => {
  it('keeps a short title on one line at the base size', () => {
    expect(layoutTitle('  Océan ', portrait)).toEqual({ text: 'Océan', fontPx: 64 });
  });

  it('shrinks the font before exceeding the line budget', () => {
    // 13 characters a line at 64 px would take 5 lines; 15 at 57 px take 4.
    expect(layoutTitle("Le Fabuleux Destin d'Amélie Poulain et la Tour Eiffel", portrait)).toEqual({
      text: "Le Fabuleux\nDestin d'Amélie\nPoulain et la\nTour Eiffel",
      fontPx: 57,
    });
  });

  it('ends with an ellipsis when even the smallest size does not fit', () => {
    const layout = layoutTitle('mot '.repeat(60), portrait);
    expect(layout.fontPx).toBe(36);
    expect(layout.text.split('\n')).toHaveLength(4);
    expect(layout.text.endsWith('…')).toBe(true);
  });
});
