/**
 * Escaping for values placed inside an ffmpeg filtergraph (-filter_complex / -vf), for arguments
 * passed without a shell (spawn). ffmpeg unescapes twice: the filtergraph parser splits on
 * `[ ] , ;` and the filter's option parser splits on `:`; both honour `\` and `'`. Escaping every
 * special character with a backslash at each level (the method of ffmpeg-filters(1) §4.1) works
 * for any text, where single quotes cannot themselves contain a quote.
 */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return optionLevel.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/**
 * Text for drawtext, to be used with `expansion=none` so `%` stays literal. Line breaks are kept
 * (drawtext draws "\n" as a new line); other control characters would render as boxes.
 */
export function escapeDrawtext(text: string): string {
  let printable = '';
  for (const c of text.replace(/\r\n?/g, '\n')) {
    const code = c.codePointAt(0) ?? 0;
    if (c === '\n' || (code >= 0x20 && code !== 0x7f)) printable += c;
    else if (c === '\t' || c === '\v' || c === '\f') printable += ' ';
  }
  return escapeFilterValue(printable);
}
