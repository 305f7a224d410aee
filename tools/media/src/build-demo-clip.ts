import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIP_MANIFEST_NAME } from './clip-manifest';
import { THUMBNAIL_PERCENTS, type DemoClip, type DemoClipSpec } from './demo-clip';
import { buildDemoSourceArgs } from './demo-source-args';
import { fixHlsPlaylistsInDir } from './fix-hls';
import { parseHlsMaster } from './hls-master';
import { buildLadderArgs, HLS_MASTER_NAME, MPD_NAME } from './ladder-args';
import { demoSubtitlesSrt } from './demo-subtitles';
import { packageTracks } from './package-tracks';
import { buildPosterArgs } from './poster-args';
import { buildPreviewArgs } from './preview-args';
import { runFfmpeg } from './run-ffmpeg';
import { buildThumbnailArgs } from './thumbnail-args';

export const CLIP_BUILD_STEPS = ['source', 'ladder', 'subtitles', 'thumbnails', 'posters', 'preview'] as const;
export type ClipBuildStep = (typeof CLIP_BUILD_STEPS)[number];

export interface BuildClipContext {
  ffmpegPath: string;
  fontFile: string;
  /** Where the finished clip will live, relative to mediaRoot (e.g. clips/aurora): paths in clip.json. */
  finalRelDir: string;
  onStep?(step: ClipBuildStep, fraction: number): void;
  signal?: AbortSignal;
}

const PREVIEW_SEC = 6;

/**
 * Builds every file of one clip into workDir (a temp dir the caller renames into place) and
 * writes clip.json last, so a manifest only ever describes finished files.
 */
export async function buildDemoClip(spec: DemoClipSpec, workDir: string, ctx: BuildClipContext): Promise<DemoClip> {
  const run = (step: ClipBuildStep, args: string[], durationSec?: number) =>
    runFfmpeg(args, {
      ffmpegPath: ctx.ffmpegPath,
      durationSec,
      signal: ctx.signal,
      onProgress: (fraction) => ctx.onStep?.(step, fraction),
    });
  const rel = (name: string) => `${ctx.finalRelDir}/${name}`;
  // The mezzanine is an intermediate: everything served derives from it, then it is deleted.
  const mezzanine = join(workDir, 'mezzanine.mp4');
  const posterFrame = 'poster-frame.jpg';
  await mkdir(join(workDir, 'thumbs'), { recursive: true });

  ctx.onStep?.('source', 0);
  await run(
    'source',
    buildDemoSourceArgs({
      ...spec,
      fontFile: ctx.fontFile,
      out: mezzanine,
      posterFrameOut: join(workDir, posterFrame),
      posterFrameAtSec: spec.durationSec * 0.4,
      extraToneHz: spec.audio?.slice(1).map((a) => a.toneHz),
    }),
    spec.durationSec,
  );

  ctx.onStep?.('ladder', 0);
  const ladder = { source: mezzanine, outDir: workDir, durationSec: spec.durationSec, fps: spec.fps };
  await run(
    'ladder',
    buildLadderArgs({
      ...ladder,
      renditions: spec.renditions,
      segmentSec: spec.segmentSec,
      ...(spec.audio ? { audio: spec.audio.map((a, index) => ({ language: a.language, index })) } : {}),
    }),
    spec.durationSec,
  );
  await fixHlsPlaylistsInDir(workDir);

  ctx.onStep?.('subtitles', 0);
  // The demo's subtitles go through the import's path: SubRip in, WebVTT out (decision 068).
  const subtitleSources = [];
  for (const language of spec.subtitles ?? []) {
    const file = join(workDir, `source-${language}.srt`);
    await writeFile(file, demoSubtitlesSrt(language, spec.title, spec.durationSec));
    subtitleSources.push({ language, file });
  }
  const tracks = spec.audio
    ? await packageTracks({
        dir: workDir,
        relDir: ctx.finalRelDir,
        renditionCount: spec.renditions.length,
        durationSec: spec.durationSec,
        audioLanguages: spec.audio.map((a) => a.language),
        subtitles: subtitleSources,
        runFfmpeg: (args) => run('subtitles', args),
      })
    : null;
  for (const source of subtitleSources) await rm(source.file);

  const thumbnails: DemoClip['thumbnails'] = [];
  for (const [i, percent] of THUMBNAIL_PERCENTS.entries()) {
    ctx.onStep?.('thumbnails', i / THUMBNAIL_PERCENTS.length);
    const timeSec = Math.round(spec.durationSec * percent * 10) / 1000;
    const name = `thumbs/thumb-${String(percent).padStart(2, '0')}.jpg`;
    await run('thumbnails', buildThumbnailArgs({ input: mezzanine, atSec: timeSec, out: join(workDir, name) }));
    thumbnails.push({ percent, timeSec, path: rel(name) });
  }

  ctx.onStep?.('posters', 0);
  await run(
    'posters',
    buildPosterArgs({
      input: join(workDir, posterFrame),
      title: spec.title,
      hue: 0,
      fontFile: ctx.fontFile,
      landscapeOut: join(workDir, 'poster.jpg'),
      portraitOut: join(workDir, 'portrait.jpg'),
    }),
  );

  ctx.onStep?.('preview', 0);
  const previewSec = Math.min(PREVIEW_SEC, spec.durationSec);
  // From a quarter in: the opening frames of a title are often black or credits.
  const previewStart = Math.min(spec.durationSec * 0.25, spec.durationSec - previewSec);
  const preview = {
    input: mezzanine,
    startSec: previewStart,
    durationSec: previewSec,
    out: join(workDir, 'preview.mp4'),
  };
  await run('preview', buildPreviewArgs(preview), previewSec);
  await rm(mezzanine);

  const variants = parseHlsMaster(await readFile(join(workDir, HLS_MASTER_NAME), 'utf8'));
  const clip: DemoClip = {
    key: spec.key,
    title: spec.title,
    durationSec: spec.durationSec,
    width: spec.width,
    height: spec.height,
    renditions: variants.map((v) => ({ height: v.height, width: v.width, bandwidth: v.bandwidth })),
    hlsPath: rel(HLS_MASTER_NAME),
    dashPath: rel(MPD_NAME),
    thumbnails,
    posterPath: rel('poster.jpg'),
    portraitPath: rel('portrait.jpg'),
    previewPath: rel('preview.mp4'),
    posterFramePath: rel(posterFrame),
    ...(tracks ? { audio: tracks.audio, subtitles: tracks.subtitles } : {}),
  };
  await writeFile(join(workDir, CLIP_MANIFEST_NAME), `${JSON.stringify(clip, null, 2)}\n`);
  return clip;
}
