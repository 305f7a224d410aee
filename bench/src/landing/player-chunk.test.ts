import { describe, expect, it } from 'vitest';
import { isPlayerChunk } from './landing-page';

describe('the landing benchmark tells Shaka’s library from the app’s engine wrapper (decision 098)', () => {
  it('counts the library’s chunk as the player, not the small shaka-engine chunk the entry may hold', () => {
    expect(isPlayerChunk('/assets/shaka-player.compiled-es2021-DtlRasER.js')).toBe(true);
    expect(isPlayerChunk('/assets/shaka-engine-D81jcRv2.js')).toBe(false);
    expect(isPlayerChunk('/assets/main-CV8x0S50.js')).toBe(false);
  });
});
