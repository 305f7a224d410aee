import { access, mkdir, rename, rm } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import type { DemoClip } from './demo-clip';
import { locateFfmpeg } from './ffmpeg-binary';
import { locateFontFile } from './font-file';
import { buildPosterArgs } from './poster-args';
import { runFfmpeg } from './run-ffmpeg';

export interface TitleArtworkOptions {
  clip: DemoClip;
  mediaRoot: string;
  title: string;
  /** Hue rotation in degrees, so titles reusing one clip look different. */
  hue: number;
  /** Relative to mediaRoot (or absolute), one per title: holds poster.jpg and portrait.jpg. */
  outDir: string;
  ffmpegPath?: string;
  fontFile?: string;
}

/**
 * Posters for a catalogue title that reuses a demo clip: the clip's clean frame, hue-shifted,
 * with this title drawn on. One ffmpeg run from a still (~0.2 s), skipped when both exist.
 * Returns paths relative to mediaRoot.
 */
export async function renderTitleArtwork(
  o: TitleArtworkOptions,
): Promise<{ posterPath: string; portraitPath: string }> {
  const dir = isAbsolute(o.outDir) ? o.outDir : join(o.mediaRoot, o.outDir);
  const poster = join(dir, 'poster.jpg');
  const portrait = join(dir, 'portrait.jpg');
  const result = { posterPath: relative(o.mediaRoot, poster), portraitPath: relative(o.mediaRoot, portrait) };
  if ((await exists(poster)) && (await exists(portrait))) return result;

  await mkdir(dir, { recursive: true });
  // Written under temp names then renamed, so an interrupted run never leaves a half JPEG
  // that the existence check above would take for done. The .jpg ending picks ffmpeg's muxer.
  const suffix = `.${process.pid}-${Date.now()}.tmp.jpg`;
  const args = buildPosterArgs({
    input: join(o.mediaRoot, o.clip.posterFramePath),
    title: o.title,
    hue: o.hue,
    fontFile: locateFontFile(o.fontFile),
    landscapeOut: poster + suffix,
    portraitOut: portrait + suffix,
  });
  try {
    await runFfmpeg(args, { ffmpegPath: locateFfmpeg(o.ffmpegPath).ffmpeg });
    await rename(poster + suffix, poster);
    await rename(portrait + suffix, portrait);
  } finally {
    await rm(poster + suffix, { force: true });
    await rm(portrait + suffix, { force: true });
  }
  return result;
}

function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
