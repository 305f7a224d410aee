import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

export interface AppFile {
  /** Forward-slash path relative to the app root. */
  path: string;
  data: Buffer;
}

/** The web server's base of the TV build (apps/tv/vite.config.ts `base: '/tv/'`). */
export const SERVED_BASE = '/tv/';

/**
 * The built TV app's files, made to load from the package itself: the served build refers to
 * its files under /tv/, which on a TV (file system of the installed app) is nothing. HTML and JS
 * references become document-relative (`./assets/…`; index.html is at the root), CSS ones
 * relative to the stylesheet, which Vite puts in assets/. Source maps are left out of packages.
 */
export function readAppFiles(distDir: string): AppFile[] {
  const files: AppFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!name.endsWith('.map'))
        files.push({ path: relative(distDir, full).split(sep).join(posix.sep), data: readFileSync(full) });
    }
  };
  walk(distDir);
  if (!files.some((f) => f.path === 'index.html'))
    throw new Error(`${distDir} has no index.html: run \`npm run build:tv\` first`);
  return files.map((file) => ({ path: file.path, data: relocate(file) }));
}

function relocate(file: AppFile): Buffer {
  const ext = posix.extname(file.path);
  if (!['.html', '.js', '.css'].includes(ext)) return file.data;
  let text = file.data.toString('utf8');
  if (ext === '.css') text = text.replaceAll(`${SERVED_BASE}assets/`, './');
  else
    text = text
      .replaceAll(`"${SERVED_BASE}`, '"./')
      .replaceAll(`'${SERVED_BASE}`, "'./")
      .replaceAll(`\`${SERVED_BASE}`, '`./');
  return Buffer.from(text, 'utf8');
}

/**
 * Adds tags at the top of <head> (the API origin meta, Samsung's webapis.js), after the charset
 * declaration, which must stay first.
 */
export function injectIntoHead(html: string, tags: string[]): string {
  const anchor = /<meta\s+charset=[^>]*>/i.test(html) ? /<meta\s+charset=[^>]*>/i : /<head[^>]*>/i;
  if (!anchor.test(html)) throw new Error('index.html has no <head>');
  return html.replace(anchor, (found) => `${found}\n    ${tags.join('\n    ')}`);
}

/** The meta the packaged app reads its API origin from (it is not served by the API host any more). */
export function apiOriginMeta(apiOrigin: string): string {
  return `<meta name="playz:api-origin" content="${escapeAttribute(apiOrigin)}" />`;
}

export function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
