import { existsSync } from 'node:fs';

/** Debian's fonts-dejavu-core, pulled in by ffmpeg's own dependencies (fontconfig). */
export const DEFAULT_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** drawtext needs a font file path; fail early with the fix rather than deep inside ffmpeg. */
export function locateFontFile(override?: string): string {
  const path = override ?? DEFAULT_FONT_FILE;
  if (!existsSync(path)) {
    throw new Error(`Font file ${path} not found. Install it with \`apt-get install -y fonts-dejavu-core\`.`);
  }
  return path;
}
