// Folding for search (decision 013): the same in the index and in queries, on both engines.

const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

/** "L'Été indien !" -> "l ete indien": lower case, no accents, words separated by one space. */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[œæßøđłı]/g, (letter) => LIGATURES[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a query, folded; at most 8 so a pasted paragraph stays cheap. */
export function searchTokens(keywords: string): string[] {
  return foldSearchText(keywords).split(' ').filter(Boolean).slice(0, 8);
}

/** Edit distance (insert, delete, substitute, swap of neighbours), stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
    if (i > 0 && Math.min(...rows[i]!) > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Typos forgiven per word: none under 4 letters, one up to 7, two beyond. */
export function allowedTypos(token: string): number {
  if (token.length < 4) return 0;
  return token.length < 8 ? 1 : 2;
}

/** Distance of a query word to a title word, also as a prefix (the viewer is still typing). */
export function wordDistance(token: string, word: string): number {
  const max = allowedTypos(token);
  const whole = editDistance(token, word, max);
  if (word.length <= token.length) return whole;
  return Math.min(whole, editDistance(token, word.slice(0, token.length), max));
}
