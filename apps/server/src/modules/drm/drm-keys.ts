import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface ContentKey {
  /** Key id, 32 hex digits (public: it is in the manifests). */
  kid: string;
  /** AES-128 content key, 32 hex digits (secret: only the licence server hands it out). */
  key: string;
}

/**
 * Content keys of the encrypted clips, in DATA_DIR/drm/keys.json (mode 0600), outside the media
 * folder so no media route can ever serve them. A production deployment keeps them in its key
 * management system and points the licence proxy at it (decision 024).
 */
export function createDrmKeyStore(dataDir: string) {
  const file = path.join(dataDir, 'drm', 'keys.json');
  const read = (): Record<string, ContentKey> => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ContentKey>;
    } catch {
      return {};
    }
  };
  let cache: Record<string, ContentKey> | null = null;
  return {
    /** The key of a clip, made (random) and kept the first time it is asked for. */
    keyFor(clipKey: string): ContentKey {
      cache ??= read();
      const known = cache[clipKey];
      if (known) return known;
      const made = { kid: randomBytes(16).toString('hex'), key: randomBytes(16).toString('hex') };
      cache = { ...read(), [clipKey]: made };
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, `${JSON.stringify(cache, null, 2)}\n`, { mode: 0o600 });
      return made;
    },
    /** The key with this key id, or null. */
    byKid(kid: string): ContentKey | null {
      cache = read();
      return Object.values(cache).find((k) => k.kid === kid) ?? null;
    },
  };
}
export type DrmKeyStore = ReturnType<typeof createDrmKeyStore>;
