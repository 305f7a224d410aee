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
  const printable = text.replace(/\r\n?/g, '\n').replace(/[\t\v\f]/g, ' ').replace(/[\0-\x09\x0b-\x1f\x7f]/g, '');
  return escapeFilterValue(printable);
}
