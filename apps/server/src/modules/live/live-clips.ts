import { readLiveClip, type LiveClip } from '@playz/media/live';

/** The clip the slate is cut from: shown in guide gaps and after a programme shorter than its slot. */
export const SLATE_CLIP_KEY = 'slate';

/**
 * Live views of the packaged clips (`clips/<key>`), read once: a finished clip never changes.
 * A clip that is missing or incomplete is not remembered, so an import that lands later plays.
 */
export function createLiveClips(mediaRoot: string) {
  const cache = new Map<string, Promise<LiveClip | null>>();
  function get(key: string): Promise<LiveClip | null> {
    if (!/^[a-z0-9-]{1,64}$/.test(key)) return Promise.resolve(null);
    let hit = cache.get(key);
    if (!hit) {
      hit = readLiveClip(mediaRoot, key, `clips/${key}`).then(
        (clip) => (clip.streams.length > 0 ? clip : null),
        () => null,
      );
      void hit.then((clip) => clip ?? cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
  }
  return { get };
}
export type LiveClips = ReturnType<typeof createLiveClips>;
