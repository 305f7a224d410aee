import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildDemoClip, CLIP_BUILD_STEPS } from './build-demo-clip';
import { readCompleteClip } from './clip-manifest';
import { DEMO_CLIP_SPECS, type DemoClip, type DemoClipSpec } from './demo-clip';
import { locateFfmpeg } from './ffmpeg-binary';
import { locateFontFile } from './font-file';

export interface DemoProgress {
  /** e.g. "ocean: ladder", or "ocean: ready" for a clip already built. */
  step: string;
  /** Steps finished, plus the running step's fraction (so it may be fractional). */
  done: number;
  total: number;
}

export interface EnsureDemoMediaOptions {
  onProgress?(p: DemoProgress): void;
  /** FFMPEG_PATH from the caller's config; Debian's ffmpeg, then the npm one, otherwise. */
  ffmpegPath?: string;
  /** Defaults to the four demo clips; tests pass one tiny clip. */
  clips?: readonly DemoClipSpec[];
  fontFile?: string;
  signal?: AbortSignal;
}

const CLIPS_DIR = 'clips';
const TEMP_PREFIX = '.tmp-';

/**
 * Makes sure every demo clip exists under mediaRoot/clips/<key>, building the missing ones one
 * after the other (ffmpeg already uses both cores). Idempotent and safe to interrupt: a clip is
 * built in a temp dir, its clip.json written last, then the dir is renamed into place.
 */
export async function ensureDemoMedia(mediaRoot: string, opts: EnsureDemoMediaOptions = {}): Promise<DemoClip[]> {
  const specs = opts.clips ?? DEMO_CLIP_SPECS;
  const clipsRoot = join(mediaRoot, CLIPS_DIR);
  await mkdir(clipsRoot, { recursive: true });
  await removeAbandonedTempDirs(clipsRoot);

  const total = specs.length * CLIP_BUILD_STEPS.length;
  const clips: DemoClip[] = [];
  for (const [index, spec] of specs.entries()) {
    const before = index * CLIP_BUILD_STEPS.length;
    const finalDir = join(clipsRoot, spec.key);
    const existing = await readCompleteClip(mediaRoot, finalDir, spec);
    if (existing) {
      clips.push(existing);
      opts.onProgress?.({ step: `${spec.key}: ready`, done: before + CLIP_BUILD_STEPS.length, total });
      continue;
    }
    // Resolved only when something must be built, so a ready media dir needs no ffmpeg at all.
    const ffmpegPath = locateFfmpeg(opts.ffmpegPath).ffmpeg;
    const fontFile = locateFontFile(opts.fontFile);
    const workDir = join(clipsRoot, `${TEMP_PREFIX}${spec.key}-${process.pid}-${randomBytes(3).toString('hex')}`);
    try {
      const clip = await buildDemoClip(spec, workDir, {
        ffmpegPath,
        fontFile,
        finalRelDir: `${CLIPS_DIR}/${spec.key}`,
        signal: opts.signal,
        onStep: (step, fraction) =>
          opts.onProgress?.({
            step: `${spec.key}: ${step}`,
            done: before + CLIP_BUILD_STEPS.indexOf(step) + fraction,
            total,
          }),
      });
      clips.push(await moveIntoPlace(workDir, finalDir, mediaRoot, spec, clip));
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }
  opts.onProgress?.({ step: 'done', done: total, total });
  return clips;
}

/** Replaces an incomplete clip dir; if another process finished the same clip first, keeps theirs. */
async function moveIntoPlace(workDir: string, finalDir: string, mediaRoot: string, spec: DemoClipSpec, clip: DemoClip) {
  if (!(await readCompleteClip(mediaRoot, finalDir, spec))) await rm(finalDir, { recursive: true, force: true });
  try {
    await rename(workDir, finalDir);
    return clip;
  } catch (error) {
    const theirs = await readCompleteClip(mediaRoot, finalDir, spec);
    if (theirs) return theirs;
    throw error;
  }
}

/** Temp dirs left by a killed run (its pid is gone); a concurrent run's dirs are left alone. */
async function removeAbandonedTempDirs(clipsRoot: string): Promise<void> {
  for (const name of await readdir(clipsRoot)) {
    const pid = Number(/^\.tmp-.+-(\d+)-[0-9a-f]+$/.exec(name)?.[1]);
    if (pid && !isProcessAlive(pid)) await rm(join(clipsRoot, name), { recursive: true, force: true });
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
