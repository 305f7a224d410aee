import { describe, expect, it } from 'vitest';
import { applyKey, KEYBOARD_ROWS } from './keyboard-layout';

describe('on-screen keyboard (decision 035 /search, spec 2 §7 /search)', () => {
  it('types, deletes and clears', () => {
    let text = '';
    for (const char of ['n', 'o', 'r', 'd']) text = applyKey(text, { type: 'char', char }, 100);
    expect(text).toBe('nord');
    expect(applyKey(text, { type: 'delete' }, 100)).toBe('nor');
    expect(applyKey(text, { type: 'clear' }, 100)).toBe('');
  });

  it('adds no leading or doubled space', () => {
    expect(applyKey('', { type: 'space' }, 100)).toBe('');
    expect(applyKey('grand ', { type: 'space' }, 100)).toBe('grand ');
    expect(applyKey('grand', { type: 'space' }, 100)).toBe('grand ');
  });

  it('spec 2 §7: stops at the longest keywords the server takes (longer is error 3)', () => {
    expect(applyKey('abc', { type: 'char', char: 'd' }, 3)).toBe('abc');
  });

  it('has every letter of the alphabet and every digit once', () => {
    const keys = KEYBOARD_ROWS.flat();
    for (const char of 'abcdefghijklmnopqrstuvwxyz0123456789') expect(keys.filter((k) => k === char)).toHaveLength(1);
  });
});
