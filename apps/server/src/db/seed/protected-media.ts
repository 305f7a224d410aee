import fs from 'node:fs/promises';
import path from 'node:path';
import type { DemoClip } from '@playz/media';
import type { DrmKeyStore } from '../../modules/drm/drm-keys';

/** The encrypted copy of a clip is the clip's folder with this suffix (`clips/city-cenc`). */
export const PROTECTED_SUFFIX = '-cenc';

/**
 * Makes the CENC copy of a demo clip (DRM, decision 024), once: segments encrypted with the clip's
 * content key, a clip.json naming the key id. Thumbnails and posters stay the clear clip's.
 */
export async function ensureProtectedClip(mediaRoot: string, clip: DemoClip, keys: DrmKeyStore): Promise<void> {
  const key = `${clip.key}${PROTECTED_SUFFIX}`;
  const dir = path.join(mediaRoot, 'clips', key);
  const { kid, key: secret } = keys.keyFor(key);
  try {
    const existing = JSON.parse(await fs.readFile(path.join(dir, 'clip.json'), 'utf8')) as DemoClip;
    // A copy made before the clear clip had its languages (decision 068) is made again.
    const languages = (c: DemoClip) => JSON.stringify([c.audio ?? [], c.subtitles ?? []]);
    if (existing.protection?.kid === kid && languages(existing) === languages(clip)) return;
  } catch {
    // not built yet
  }
  const { encryptClipFolder } = await import('@playz/media/cenc');
  await encryptClipFolder(
    path.join(mediaRoot, 'clips', clip.key),
    dir,
    Buffer.from(secret, 'hex'),
    Buffer.from(kid, 'hex'),
  );
  const copy: DemoClip = {
    ...clip,
    key,
    hlsPath: `clips/${key}/master.m3u8`,
    dashPath: `clips/${key}/manifest.mpd`,
    protection: { scheme: 'cenc', kid },
  };
  await fs.writeFile(path.join(dir, 'clip.json'), `${JSON.stringify(copy, null, 2)}\n`);
}
