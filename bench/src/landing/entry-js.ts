import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** One chunk of Vite's `.vite/manifest.json` (the fields this measure reads). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The files a first visit of the landing loads before any route chunk: `index.html`'s entry and every
 * chunk it imports statically, transitively (dynamic imports are not followed). This is the measure of
 * decisions 098 and 120, the one the landing's goal (≤ 150 kB gzip) is about.
 */
export function entryClosure(manifest: Manifest, entry = 'index.html'): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return files;
}

export interface EntryJavaScript {
  chunks: Array<{ file: string; bytes: number; gzipBytes: number }>;
  gzipBytes: number;
}

/** The entry's static closure in a web build's folder, each file gzipped at level 9 (node:zlib). */
export function measureEntryJavaScript(outDir: string): EntryJavaScript {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const chunks = entryClosure(manifest).map((file) => {
    const body = fs.readFileSync(path.join(outDir, file));
    return { file, bytes: body.length, gzipBytes: zlib.gzipSync(body, { level: 9 }).length };
  });
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { chunks, gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

/** One line for the console: the total and the heaviest chunks. */
export function formatEntryJavaScript(measured: EntryJavaScript): string {
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  const heaviest = measured.chunks
    .slice(0, 4)
    .map((chunk) => `${path.basename(chunk.file)} ${kB(chunk.gzipBytes)}`)
    .join(', ');
  return `Landing JS (index.html's static imports, .vite/manifest.json, gzip 9): ${kB(measured.gzipBytes)} kB in ${measured.chunks.length} chunks (${heaviest})`;
}

// `node --import tsx bench/src/landing/entry-js.ts <a web build's folder>`: the number on its own.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: entry-js.ts <web build folder, e.g. data/bench/web>');
  const measured = measureEntryJavaScript(path.resolve(outDir));
  console.log(formatEntryJavaScript(measured));
  for (const chunk of measured.chunks) console.log(`  ${chunk.file} ${(chunk.gzipBytes / 1000).toFixed(1)} kB gzip`);
}
