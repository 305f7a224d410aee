import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fr } from '@playz/i18n/fr';
import { FIRST_SCREEN_TEXTS, mergeTexts, NOT_WEB_TEXTS, splitTexts, type TextTree } from './first-screen-texts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(SRC, '../../..');
const NAMESPACES = Object.keys(fr);
// The catalogues hold texts, and this list names the keys it covers: neither is a module using a key.
const NOT_SCANNED = /packages\/i18n\/src\/(fr|en|nl|es)\.ts$|apps\/web\/src\/lib\/first-screen-texts\.ts$/;

/** A module's file from an import's specifier: the app's own, or a workspace package's (its exports). */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = path.join(SRC, specifier.slice(2));
  else if (specifier.startsWith('@playz/')) {
    const [, name = '', ...rest] = specifier.split('/');
    const packageDir = path.join(ROOT, 'packages', name);
    const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
      exports?: Record<string, string>;
    };
    const target = manifest.exports?.[rest.length ? `./${rest.join('/')}` : '.'];
    if (!target) return null;
    base = path.join(packageDir, target);
  } else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every module the entry (main.tsx) reaches by static imports: what the first visit loads. */
function entryGraph(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    // `import … from '…'`, `export … from '…'` and bare `import '…'`; not `import type`, not import().
    for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const resolved = resolveImport(file, match[1] ?? '');
      if (resolved) visit(resolved);
    }
  };
  visit(path.join(SRC, 'main.tsx'));
  return [...seen];
}

/** The keys a module names (`'landing.title'`), and the fixed start of the ones it builds (`` `cookies.${…}` ``). */
function keysNamed(source: string): string[] {
  const keys: string[] = [];
  for (const match of source.matchAll(/['"`]([a-zA-Z]+)((?:\.[a-zA-Z0-9_]+)+)(\.\$\{)?/g)) {
    const [, namespace = '', rest = ''] = match;
    if (NAMESPACES.includes(namespace)) keys.push(`${namespace}${rest}`);
  }
  return keys;
}

const covers = (name: string, key: string) =>
  key === name || key.startsWith(`${name}.`) || key.replace(/_(zero|one|two|few|many|other)$/, '') === name;

describe('the first screens texts (decision 122, spec 1 §4 languages)', () => {
  it('every key a module of the entry names is in the entry chunk: no first screen shows a raw key', () => {
    const files = entryGraph().filter((file) => !NOT_SCANNED.test(file));
    // The walk does reach the first screens (it would pass on an empty graph otherwise).
    expect(files.some((file) => file.endsWith('features/landing/components/landing-page.tsx'))).toBe(true);
    expect(files.some((file) => file.endsWith('features/auth/components/login-page.tsx'))).toBe(true);
    const missing = files.flatMap((file) =>
      keysNamed(fs.readFileSync(file, 'utf8'))
        .filter((key) => !FIRST_SCREEN_TEXTS.some((name) => covers(name, key)))
        .map((key) => `${path.relative(ROOT, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('no web module names the TV app, mail, SMS or set-top texts left out of every web chunk', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
      }
    };
    walk(SRC);
    const named = files.flatMap((file) =>
      keysNamed(fs.readFileSync(file, 'utf8')).filter((key) => NOT_WEB_TEXTS.includes(key.split('.')[0] ?? '')),
    );
    expect(named).toEqual([]);
  });

  it('the two parts hold every web text once, and merged give the catalogue back', () => {
    const catalogue = fr as unknown as TextTree;
    const first = splitTexts(catalogue, 'first');
    const screens = splitTexts(catalogue, 'screens');
    const leaves = (tree: TextTree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
      );
    const firstKeys = leaves(first);
    const screenKeys = leaves(screens);
    expect(firstKeys.filter((key) => screenKeys.includes(key))).toEqual([]);
    const web = Object.fromEntries(Object.entries(catalogue).filter(([ns]) => !NOT_WEB_TEXTS.includes(ns)));
    expect(mergeTexts(first, screens)).toEqual(web);
    // A part of a namespace: the remote's phone texts come first, its other texts with its screen.
    expect(firstKeys).toContain('remote.phone.menu');
    expect(screenKeys.some((key) => key.startsWith('remote.') && !key.startsWith('remote.phone.'))).toBe(true);
    // A plural's forms go with their key.
    expect(splitTexts({ a: { n_one: '1', n_other: 'n', m: 'm' } }, 'first', ['a.n'])).toEqual({
      a: { n_one: '1', n_other: 'n' },
    });
  });
});
