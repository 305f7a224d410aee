import fs from 'node:fs/promises';
import path from 'node:path';
import type { DemoClip } from '@playz/media';

/**
 * Reads `clips/<key>/clip.json` (written last by the media pipeline, so its presence means the
 * clip is complete) and keeps it in memory: clips do not change while the server runs.
 */
export function createClipCatalog(mediaRoot: string) {
  const cache = new Map<string, Promise<DemoClip | null>>();
  async function read(key: string): Promise<DemoClip | null> {
    if (!/^[a-z0-9-]{1,64}$/.test(key)) return null;
    try {
      return JSON.parse(await fs.readFile(path.join(mediaRoot, 'clips', key, 'clip.json'), 'utf8')) as DemoClip;
    } catch {
      return null;
    }
  }
  return {
    get(key: string): Promise<DemoClip | null> {
      let hit = cache.get(key);
      if (!hit) {
        hit = read(key).then((clip) => {
          if (!clip) cache.delete(key); // a clip may appear later (import): do not cache misses
          return clip;
        });
        cache.set(key, hit);
      }
      return hit;
    },
  };
}
export type ClipCatalog = ReturnType<typeof createClipCatalog>;
