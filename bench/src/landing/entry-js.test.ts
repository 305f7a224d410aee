import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { entryClosure, measureEntryJavaScript } from './entry-js';

describe('the landing JS measure (decisions 098, 122: index.html and its static imports, gzip 9)', () => {
  const manifest = {
    'index.html': { file: 'assets/main.js', isEntry: true, imports: ['_shared.js', '_react.js'] },
    '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    'src/routes/account.tsx': { file: 'assets/account.js', imports: ['_shared.js'] },
  };

  it('follows static imports once each and leaves lazy chunks out', () => {
    expect(entryClosure(manifest)).toEqual(['assets/main.js', 'assets/shared.js', 'assets/react.js']);
  });

  it('sums each file gzipped at level 9', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-js-'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    const bodies: Record<string, string> = {
      'assets/main.js': 'console.log("main");'.repeat(50),
      'assets/shared.js': 'export const shared = 1;',
      'assets/react.js': 'export const react = "x".repeat(3);'.repeat(10),
      'assets/account.js': 'never counted',
    };
    for (const [file, body] of Object.entries(bodies)) fs.writeFileSync(path.join(dir, file), body);
    const measured = measureEntryJavaScript(dir);
    const expected = ['assets/main.js', 'assets/shared.js', 'assets/react.js'].reduce(
      (sum, file) => sum + zlib.gzipSync(bodies[file] ?? '', { level: 9 }).length,
      0,
    );
    expect(measured.gzipBytes).toBe(expected);
    expect(measured.chunks.map((chunk) => chunk.file)).not.toContain('assets/account.js');
    fs.rmSync(dir, { recursive: true });
  });
});
