import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeDrawtext, escapeFilterValue } from './filter-escape';

/** Port of libavutil's av_get_token(), the unescaper ffmpeg runs at both levels. */
function avGetToken(input: string, terms: string): { token: string; rest: string } {
  let i = 0;
  while (i < input.length && ' \n\t\r'.includes(input[i]!)) i++;
  let out = '';
  let end = 0;
  while (i < input.length && !terms.includes(input[i]!)) {
    const c = input[i++]!;
    if (c === '\\' && i < input.length) {
      out += input[i++];
      end = out.length;
    } else if (c === "'") {
      while (i < input.length && input[i] !== "'") out += input[i++];
      if (i < input.length) {
        i++;
        end = out.length;
      }
    } else {
      out += c;
    }
  }
  while (out.length > end && ' \n\t\r'.includes(out[out.length - 1]!)) out = out.slice(0, -1);
  return { token: out, rest: input.slice(i) };
}

/** What drawtext receives for `text=<escaped>` inside a filtergraph. */
function decodeAsFfmpeg(escaped: string): string {
  const graphLevel = avGetToken(`text=${escaped}`, '[],;');
  expect(graphLevel.rest).toBe('');
  const value = avGetToken(graphLevel.token.slice('text='.length), ':');
  expect(value.rest).toBe('');
  return value.token;
}

describe('escapeFilterValue', () => {
  it('escapes option separators, then filtergraph separators', () => {
    expect(escapeFilterValue("L'Été: 100% fou")).toBe("L\\\\\\'Été\\\\: 100% fou");
    expect(escapeFilterValue('a,b;c[d]')).toBe('a\\,b\\;c\\[d\\]');
    expect(escapeFilterValue('C:\\fonts')).toBe('C\\\\:\\\\\\\\fonts');
    expect(escapeFilterValue('/usr/share/fonts/a.ttf')).toBe('/usr/share/fonts/a.ttf');
  });

  it('round-trips any trimmed text through both ffmpeg unescaping levels', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).map((s) => s.trim()),
        (text) => {
          expect(decodeAsFfmpeg(escapeFilterValue(text))).toBe(text);
        },
      ),
    );
    for (const title of [`Qu'est-ce "que" c'est ? 100 %`, 'Été: \\ [1], {2}; ok', '%{pts}']) {
      expect(decodeAsFfmpeg(escapeFilterValue(title))).toBe(title);
    }
  });
});

describe('escapeDrawtext', () => {
  it('keeps line breaks and accents, drops other control characters', () => {
    expect(escapeDrawtext('Été\r\nà la\tplage\u0007')).toBe('Été\nà la plage');
  });
});
