import { describe, expect, it, vi } from 'vitest';
import { ENTRY_FALLBACK_MS, importEntryLater } from './entry-fallback';

const pageWith = (content: string | null) => {
  const doc = document.implementation.createHTMLDocument('film');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'playz-entry';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
};

describe('the entry imported late when the first script never ran (decision 136)', () => {
  it('imports the entry the page names, once, after ENTRY_FALLBACK_MS', () => {
    const importEntry = vi.fn(async () => ({}));
    const timers: [() => void, number][] = [];
    importEntryLater(pageWith('/assets/main-A.js'), importEntry, (run, ms) => timers.push([run, ms]));
    expect(importEntry).not.toHaveBeenCalled();
    expect(timers.map(([, ms]) => ms)).toEqual([ENTRY_FALLBACK_MS]);
    timers[0]![0]();
    expect(importEntry).toHaveBeenCalledExactlyOnceWith('/assets/main-A.js');
  });

  it('imports nothing without the <meta>, nor another origin’s URL', () => {
    const importEntry = vi.fn(async () => ({}));
    const later = vi.fn();
    for (const content of [null, '//elsewhere.example/main.js', 'https://elsewhere.example/main.js', ''])
      importEntryLater(pageWith(content), importEntry, later);
    expect(later).not.toHaveBeenCalled();
    expect(importEntry).not.toHaveBeenCalled();
  });

  it('a failed import is swallowed (the page stays as it is, no unhandled rejection)', async () => {
    const importEntry = vi.fn(() => Promise.reject(new Error('offline')));
    let run = () => {};
    importEntryLater(pageWith('/assets/main-A.js'), importEntry, (fn) => (run = fn));
    run();
    await Promise.resolve();
    expect(importEntry).toHaveBeenCalledOnce();
  });
});
