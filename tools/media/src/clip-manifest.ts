import { access, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DemoClip, DemoClipSpec } from './demo-clip';

export const CLIP_MANIFEST_NAME = 'clip.json';

/**
 * The clip already built for this spec, or null when it must be (re)built: no manifest, a
 * manifest from another spec (duration, title or ladder changed), or any referenced file missing,
 * segments included.
 */
export async function readCompleteClip(
  mediaRoot: string,
  clipDir: string,
  spec: DemoClipSpec,
): Promise<DemoClip | null> {
  let clip: DemoClip;
  try {
    clip = JSON.parse(await readFile(join(clipDir, CLIP_MANIFEST_NAME), 'utf8')) as DemoClip;
  } catch {
    return null;
  }
  const matchesSpec =
    clip.key === spec.key &&
    clip.title === spec.title &&
    clip.durationSec === spec.durationSec &&
    clip.height === spec.height &&
    clip.renditions?.map((r) => r.height).join() === spec.renditions.map((r) => r.height).join() &&
    // A clip made before its languages (decision 068) is made again with them.
    (clip.audio ?? []).map((a) => a.language).join() === (spec.audio ?? []).map((a) => a.language).join() &&
    (clip.subtitles ?? []).map((s) => s.language).join() === (spec.subtitles ?? []).join();
  if (!matchesSpec) return null;
  const files = [
    clip.hlsPath,
    clip.dashPath,
    clip.posterPath,
    clip.portraitPath,
    clip.previewPath,
    clip.posterFramePath,
    ...clip.thumbnails.map((t) => t.path),
    ...(clip.subtitles ?? []).map((s) => s.path),
  ].map((path) => join(mediaRoot, path));
  files.push(...(await listPlaylistUris(clipDir)));
  return (await allExist(files)) ? clip : null;
}

/** Every media playlist, init segment and media segment the HLS master leads to. */
async function listPlaylistUris(clipDir: string): Promise<string[]> {
  const uris: string[] = [];
  try {
    const master = await readFile(join(clipDir, 'master.m3u8'), 'utf8');
    for (const playlist of referencedUris(master)) {
      const playlistPath = join(clipDir, playlist);
      uris.push(playlistPath);
      const media = await readFile(playlistPath, 'utf8');
      uris.push(...referencedUris(media).map((uri) => join(dirname(playlistPath), uri)));
    }
  } catch {
    uris.push(join(clipDir, 'master.m3u8'));
  }
  return uris;
}

/** URI lines and URI="..." attributes (EXT-X-MEDIA, EXT-X-MAP) of a playlist. */
export function referencedUris(playlist: string): string[] {
  const uris: string[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line && !line.startsWith('#')) uris.push(line);
    const attribute = /URI="([^"]+)"/.exec(line);
    if (attribute) uris.push(attribute[1]!);
  }
  return uris;
}

async function allExist(paths: string[]): Promise<boolean> {
  const results = await Promise.all(
    paths.map((path) =>
      access(path).then(
        () => true,
        () => false,
      ),
    ),
  );
  return results.every(Boolean);
}
