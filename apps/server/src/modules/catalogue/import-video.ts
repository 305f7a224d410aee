import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { ContentRating } from '@playz/domain';
import {
  DEFAULT_FPS,
  DEFAULT_RENDITIONS,
  DEFAULT_SEGMENT_SEC,
  THUMBNAIL_PERCENTS,
  videoInputOptions,
  type DemoClip,
} from '@playz/media';
import type { Database } from '../../db/schema';
import { createImportRepository, IMPORTED_ID_START } from './import.repository';

export interface VideoImport {
  file: string;
  title: string;
  description: string;
  type: 'Film' | 'Clip' | 'Episode';
  poster?: string;
  genre?: string;
  year?: number;
  /** Season (or list) an episode belongs to. */
  listId?: number;
  episodeNumber?: number;
  channelId?: number;
  /** Its age rating on the French scale (decision 059); tous publics when not given. */
  rating?: ContentRating;
  /** The language of the file's own sound (decision 068); French when not given. */
  audioLanguage?: string;
  /** Further audio languages: a file of their own, or another audio track of the file. */
  extraAudio?: ({ language: string; file: string } | { language: string; sourceTrack: number })[];
  /** Subtitles, WebVTT or SubRip (made WebVTT). */
  subtitles?: { language: string; file: string }[];
  /** Made unpublished (`enabled` 0): the console's uploads wait for an editor (decision 094). */
  unpublished?: boolean;
}

/** Each step's share of the whole import, in percent (the ladder is most of the work). */
const STEP_PERCENT: Record<string, [number, number]> = {
  source: [0, 20],
  ladder: [20, 80],
  subtitles: [80, 82],
  thumbnails: [82, 88],
  frame: [88, 90],
  posters: [90, 92],
  preview: [92, 99],
};

/** The ladder's audio (decision 068): the mezzanine's sound first, then each further language. */
export function ladderAudioOf(input: Pick<VideoImport, 'file' | 'audioLanguage' | 'extraAudio'>, mezzanine: string) {
  return [
    { language: input.audioLanguage ?? 'fr', input: mezzanine, index: 0 },
    ...(input.extraAudio ?? []).map((extra) =>
      'file' in extra
        ? { language: extra.language, input: extra.file, index: 0 }
        : { language: extra.language, input: input.file, index: extra.sourceTrack },
    ),
  ];
}

const PREVIEW_SEC = 6;
/** The ladder's top rung: a source is scaled down to it, never up. */
const TOP_RUNG = Math.max(...DEFAULT_RENDITIONS.map((r) => r.height));

/**
 * A source of any shape made regular for the ladder: at most 720p, and always one audio track
 * (a silent one is added after the source's own, so `0:a:0` is the source's when it has one).
 * The source is opened only as a video container from a local file (`videoInputOptions`): it may
 * be an editor's upload, and a playlist's named files must not be read.
 */
export function buildMezzanineArgs(o: { input: string; out: string; durationSec: number }): string[] {
  return [
    '-y',
    ...videoInputOptions(),
    ...['-i', o.input],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-map', '1:a:0'],
    ...['-t', o.durationSec.toFixed(3)],
    ...['-vf', `scale=-2:'min(${TOP_RUNG},ih)',fps=${DEFAULT_FPS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '192k'],
    o.out,
  ];
}

/** An operator's own picture as the 16:9 poster and the 2:3 portrait (no title drawn on it). */
export function buildOwnPosterArgs(o: { input: string; landscapeOut: string; portraitOut: string }): string[] {
  return [
    '-y',
    ...['-i', o.input],
    '-filter_complex',
    '[0:v]scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,split=2[l][p];[p]crop=480:720,scale=600:900[portrait]',
    ...['-map', '[l]', '-frames:v', '1', '-q:v', '3', o.landscapeOut],
    ...['-map', '[portrait]', '-frames:v', '1', '-q:v', '3', o.portraitOut],
  ];
}

/**
 * Imports one video (decision 013, operator import): the media pipeline makes the ladder (HLS + DASH),
 * seek-bar thumbnails, posters and a preview into clips/<key> like the demo clips, clip.json
 * last, then the content is inserted. Returns the new content id.
 */
export async function importVideo(
  db: Kysely<Database>,
  mediaRoot: string,
  input: VideoImport,
  opts: {
    ffmpegPath?: string | null;
    log?: (line: string) => void;
    /** Told the step and the share done (0 to 100) as ffmpeg reports its time. */
    onProgress?: (step: string, percent: number) => void;
  } = {},
): Promise<{ contentId: number; clipKey: string }> {
  const media = await import('@playz/media');
  const repo = createImportRepository(db);
  if (input.type === 'Episode' && (input.listId === undefined || !(await repo.getList(input.listId))))
    throw new Error('An episode needs --list <season id> of an existing season.');
  // A missing track file is said before minutes of encoding, not by ffmpeg after them.
  for (const file of [
    ...(input.extraAudio ?? []).flatMap((a) => ('file' in a ? [a.file] : [])),
    ...(input.subtitles ?? []).map((s) => s.file),
  ]) {
    await access(file).catch(() => {
      throw new Error(`${file} cannot be read.`);
    });
  }
  const binaries = media.locateFfmpeg(opts.ffmpegPath ?? undefined);
  const durationSec = Math.round((await media.probeDuration(input.file, binaries, videoInputOptions())) * 1000) / 1000;
  if (!(durationSec > 0)) throw new Error(`${input.file} has no duration.`);

  const contentId = await repo.nextId('contents', IMPORTED_ID_START);
  const key = `imported-${contentId}`;
  const relDir = `clips/${key}`;
  const rel = (name: string) => `${relDir}/${name}`;
  const clipsRoot = path.join(mediaRoot, 'clips');
  const work = path.join(clipsRoot, `.tmp-${key}-${process.pid}-${randomBytes(3).toString('hex')}`);
  const run = (step: string, args: string[], seconds?: number) => {
    opts.log?.(`${input.title}: ${step}`);
    const [from, to] = STEP_PERCENT[step] ?? [0, 0];
    opts.onProgress?.(step, from);
    return media.runFfmpeg(args, {
      ffmpegPath: binaries.ffmpeg,
      durationSec: seconds,
      onProgress: (fraction) => opts.onProgress?.(step, Math.floor(from + (to - from) * fraction)),
    });
  };
  await mkdir(path.join(work, 'thumbs'), { recursive: true });
  try {
    const mezzanine = path.join(work, 'mezzanine.mp4');
    await run('source', buildMezzanineArgs({ input: input.file, out: mezzanine, durationSec }), durationSec);
    await run(
      'ladder',
      media.buildLadderArgs({
        source: mezzanine,
        outDir: work,
        durationSec,
        renditions: DEFAULT_RENDITIONS,
        segmentSec: DEFAULT_SEGMENT_SEC,
        fps: DEFAULT_FPS,
        audio: ladderAudioOf(input, mezzanine),
      }),
      durationSec,
    );
    await media.fixHlsPlaylistsInDir(work);
    const tracks = await media.packageTracks({
      dir: work,
      relDir,
      renditionCount: DEFAULT_RENDITIONS.length,
      durationSec,
      audioLanguages: ladderAudioOf(input, mezzanine).map((a) => a.language),
      subtitles: input.subtitles ?? [],
      runFfmpeg: (args) => run('subtitles', args),
    });

    const thumbnails: DemoClip['thumbnails'] = [];
    for (const percent of THUMBNAIL_PERCENTS) {
      const timeSec = Math.round(durationSec * percent * 10) / 1000;
      const name = `thumbs/thumb-${String(percent).padStart(2, '0')}.jpg`;
      await run(
        'thumbnails',
        media.buildThumbnailArgs({ input: mezzanine, atSec: timeSec, out: path.join(work, name) }),
      );
      thumbnails.push({ percent, timeSec, path: rel(name) });
    }
    await run(
      'frame',
      media.buildThumbnailArgs({
        input: mezzanine,
        atSec: durationSec * 0.4,
        width: 1280,
        out: path.join(work, 'poster-frame.jpg'),
      }),
    );
    const posters = { landscapeOut: path.join(work, 'poster.jpg'), portraitOut: path.join(work, 'portrait.jpg') };
    await run(
      'posters',
      input.poster
        ? buildOwnPosterArgs({ input: input.poster, ...posters })
        : media.buildPosterArgs({
            input: path.join(work, 'poster-frame.jpg'),
            title: input.title,
            fontFile: media.locateFontFile(),
            ...posters,
          }),
    );
    const previewSec = Math.min(PREVIEW_SEC, durationSec);
    const previewStart = Math.min(durationSec * 0.25, durationSec - previewSec);
    await run(
      'preview',
      media.buildPreviewArgs({
        input: mezzanine,
        startSec: previewStart,
        durationSec: previewSec,
        out: path.join(work, 'preview.mp4'),
      }),
      previewSec,
    );
    await rm(mezzanine);

    const variants = media.parseHlsMaster(await readFile(path.join(work, media.HLS_MASTER_NAME), 'utf8'));
    const top = variants.reduce((a, b) => (b.height > a.height ? b : a), variants[0]!);
    const clip: DemoClip = {
      key,
      title: input.title,
      durationSec,
      width: top.width,
      height: top.height,
      renditions: variants.map((v) => ({ height: v.height, width: v.width, bandwidth: v.bandwidth })),
      hlsPath: rel(media.HLS_MASTER_NAME),
      dashPath: rel(media.MPD_NAME),
      thumbnails,
      posterPath: rel('poster.jpg'),
      portraitPath: rel('portrait.jpg'),
      previewPath: rel('preview.mp4'),
      posterFramePath: rel('poster-frame.jpg'),
      audio: tracks.audio,
      subtitles: tracks.subtitles,
    };
    // clip.json last: its presence means the clip is complete (modules/playback/clip-catalog.ts).
    await writeFile(path.join(work, 'clip.json'), `${JSON.stringify(clip, null, 2)}\n`);
    await rm(path.join(clipsRoot, key), { recursive: true, force: true });
    await rename(work, path.join(clipsRoot, key));

    await repo.insertContent({
      id: contentId,
      content_list_id: input.type === 'Episode' ? (input.listId ?? null) : null,
      channel_id: input.channelId ?? null,
      content_type: input.type,
      title: input.title,
      description: input.description,
      duration: durationSec,
      clip_key: key,
      year: input.year ?? null,
      episode_number: input.type === 'Episode' ? (input.episodeNumber ?? null) : null,
      genre: input.genre ?? null,
      poster: clip.posterPath,
      portrait: clip.portraitPath,
      backdrop: clip.posterFramePath,
      preview: clip.previewPath,
      enabled: input.unpublished ? 0 : 1,
      expiration_date: null,
      created_at: new Date().toISOString(),
      people: null,
      rating: input.rating ?? 0,
    });
    return { contentId, clipKey: key };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
