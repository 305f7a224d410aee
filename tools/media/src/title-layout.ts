export interface TitleBox {
  maxWidthPx: number;
  maxLines: number;
  baseFontPx: number;
  minFontPx: number;
}

export interface TitleLayout {
  text: string;
  fontPx: number;
}

/**
 * drawtext cannot wrap, so titles are wrapped here. Widths are estimated: DejaVu Sans Bold
 * measured ~0.52 em per character on mixed-case French titles; 0.6 leaves room for capitals.
 */
const EM_PER_CHAR = 0.6;

export function layoutTitle(title: string, box: TitleBox): TitleLayout {
  const words = title.trim().split(/\s+/).filter(Boolean);
  for (let fontPx = box.baseFontPx; fontPx >= box.minFontPx; fontPx = Math.floor(fontPx * 0.9)) {
    const lines = wrapWords(words, charsPerLine(box.maxWidthPx, fontPx));
    if (lines.length <= box.maxLines) return { text: lines.join('\n'), fontPx };
  }
  const lines = wrapWords(words, charsPerLine(box.maxWidthPx, box.minFontPx));
  return { text: truncateLines(lines, box.maxLines).join('\n'), fontPx: box.minFontPx };
}

function charsPerLine(maxWidthPx: number, fontPx: number): number {
  return Math.max(1, Math.floor(maxWidthPx / (fontPx * EM_PER_CHAR)));
}

/** Greedy wrap; a word longer than a line is cut, as no hyphenation dictionary is at hand. */
export function wrapWords(words: string[], maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words.flatMap((w) => chunk(w, maxChars))) {
    if (!line) line = word;
    else if ([...line].length + 1 + [...word].length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function chunk(word: string, size: number): string[] {
  const chars = [...word];
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += size) parts.push(chars.slice(i, i + size).join(''));
  return parts;
}

function truncateLines(lines: string[], maxLines: number): string[] {
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = [...kept[maxLines - 1]!];
  kept[maxLines - 1] = `${last.slice(0, Math.max(1, last.length - 1)).join('')}…`;
  return kept;
}
