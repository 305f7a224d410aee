// This test reads the package's own sources from disk: Node's types, for this file only (the
// package itself runs in browsers and its tsconfig has no Node types).
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = (file: string) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');

/** The modules of this package reached by value imports (not `import type`) from `file`. */
function valueImportsFrom(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of source(file).matchAll(/^import\s+(type\s+)?[^;]*?from\s+'\.\/([\w-]+)';/gms)) {
    if (!match[1]) valueImportsFrom(`${match[2]}.ts`, seen);
  }
  return seen;
}

// The web app's entry uses a page's openings, the link's opening intent and the engine's warm-up
// (decisions 044, 111, 033) on every page, the landing page included; the player itself is only
// needed by player pages, which load it with their own chunk (decision 098 addendum).
/** What the entry's modules from this package reach: openings, the opening intent, the warm-up. */
const reachedFromEntry = () =>
  new Set(['openings.ts', 'opening-intent.ts', 'engine-factory.ts'].flatMap((f) => [...valueImportsFrom(f)]));

describe("spec 2 §4 the landing page's JavaScript: what the app's entry takes from the player", () => {
  it('openings, opening intent and the warm-up do not import the player', () => {
    const reached = reachedFromEntry();
    expect(reached).toContain('mime-type.ts');
    expect(reached).not.toContain('player.ts');
  });

  it('nor the engine adapter, which comes with Shaka when a page plays (decision 142)', () => {
    const reached = reachedFromEntry();
    expect(reached).toContain('shaka-load.ts');
    expect(reached).not.toContain('shaka-engine.ts');
  });

  it('the package declares no side effects, so the bundler drops the modules a page does not use', () => {
    const pkg = JSON.parse(source('../package.json')) as { sideEffects?: unknown };
    expect(pkg.sideEffects).toBe(false);
  });
});
