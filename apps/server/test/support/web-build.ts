import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * A small web build standing in for apps/web/dist in the tests of the pages the server writes
 * (decisions 033, 111, 139): its index.html and Vite's manifest, shortened to what those pages read.
 */

/** index.html as Vite writes it, shortened: the app's entry as a `<script>`. */
export const WEB_INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <title>Playz</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** The app's entry and the chunk it shares, as the manifest names them. */
export const ENTRY_CHUNKS = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_src-B.js'] },
  '_src-B.js': { file: 'assets/src-B.js' },
};

/**
 * The first script of a page carrying a picture (decision 127), importing nothing, and the rest of
 * its work it imports after the picture has started (decision 137), sharing the entry's chunk.
 */
export const FIRST_SCRIPT_CHUNKS = {
  'src/first-picture.ts': { file: 'assets/first-picture-F.js', isEntry: true },
  'src/app/first-script.ts': { file: 'assets/first-script-R.js', isEntry: true, imports: ['_src-B.js'] },
};

/** The browsers the pages tell apart (the app plays DASH in Chromium, HLS in Safari). */
export const CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
export const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** Writes the build into a new folder; `remove` deletes it. */
export function writeWebBuild(manifest: object, index = WEB_INDEX): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), index);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
