import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencedUris } from './clip-manifest';
import type { DemoClip, DemoClipSpec } from './demo-clip';
import { ensureDemoMedia } from './demo-media';
import { locateFfmpeg, type FfmpegBinaries } from './ffmpeg-binary';
import { parseHlsMaster } from './hls-master';
import { captureProcessOutput } from './run-ffmpeg';
import { renderTitleArtwork } from './title-artwork';

// 2 segments of 3.2 s, two renditions: the whole pipeline in a few seconds.
const tinySpec: DemoClipSpec = {
  key: 'tiny',
  title: 'Été',
  pattern: 'ocean',
  toneHz: 440,
  durationSec: 6.4,
  width: 854,
  height: 480,
  fps: 25,
  segmentSec: 3.2,
  renditions: [
    { height: 270, videoKbps: 300 },
    { height: 480, videoKbps: 600 },
  ],
};

let binaries: FfmpegBinaries;
let mediaRoot: string;
let clip: DemoClip;
let clipDir: string;

beforeAll(async () => {
  // No skip without ffmpeg: the project's scripts install it, so its absence is a setup defect.
  // locateFfmpeg throws "ffmpeg was not found. Install it with `apt-get install -y ffmpeg`".
  binaries = locateFfmpeg();
  mediaRoot = await mkdtemp(join(tmpdir(), 'playz-media-'));
  [clip] = (await ensureDemoMedia(mediaRoot, { clips: [tinySpec] })) as [DemoClip];
  clipDir = join(mediaRoot, 'clips', 'tiny');
}, 60_000);

afterAll(async () => {
  if (mediaRoot) await rm(mediaRoot, { recursive: true, force: true });
});

const ffprobe = async (args: string[]) => {
  if (!binaries.ffprobe) throw new Error('these checks need ffprobe (Debian ffmpeg package)');
  const { stdout, exitCode, stderr } = await captureProcessOutput(binaries.ffprobe, ['-v', 'error', ...args]);
  expect(exitCode, stderr).toBe(0);
  return stdout;
};
const streamTypes = async (file: string) => {
  // JSON, because the csv output also repeats each stream under its HLS/DASH program.
  const { streams } = JSON.parse(await ffprobe(['-show_entries', 'stream=codec_type', '-of', 'json', file])) as {
    streams: { codec_type: string }[];
  };
  return streams.map((s) => s.codec_type).sort();
};
const packetsPerSegment = async (rep: number) => {
  const chunks = (await readdir(clipDir)).filter((n) => n.startsWith(`chunk-stream${rep}-`)).sort();
  const init = await readFile(join(clipDir, `init-stream${rep}.m4s`));
  const counts: number[] = [];
  for (const chunk of chunks) {
    const joined = join(mediaRoot, `joined-${rep}.mp4`);
    await writeFile(joined, Buffer.concat([init, await readFile(join(clipDir, chunk))]));
    counts.push((await ffprobe(['-show_entries', 'packet=pts', '-of', 'csv=p=0', joined])).trim().split('\n').length);
  }
  return counts;
};

describe('ensureDemoMedia (real ffmpeg)', () => {
  it('lists every rendition in the HLS master with its bandwidth and resolution', async () => {
    const variants = parseHlsMaster(await readFile(join(mediaRoot, clip.hlsPath), 'utf8'));
    expect(variants.map((v) => `${v.width}x${v.height}`)).toEqual(['480x270', '854x480']);
    for (const v of variants) expect(v.bandwidth).toBeGreaterThan(300_000);
    expect(clip.renditions).toEqual(
      variants.map((v) => ({ width: v.width, height: v.height, bandwidth: v.bandwidth })),
    );
  });

  it('writes an MPD that a DASH reader opens, with a video and an audio AdaptationSet', async () => {
    const mpd = await readFile(join(mediaRoot, clip.dashPath), 'utf8');
    expect([...mpd.matchAll(/<AdaptationSet[^>]*contentType="(\w+)"/g)].map((m) => m[1])).toEqual(['video', 'audio']);
    // ffmpeg's dash demuxer parses the XML and opens every representation's init segment.
    expect(await streamTypes(join(mediaRoot, clip.dashPath))).toEqual(['audio', 'video', 'video']);
  });

  it('points HLS and DASH at the same segment files, all present', async () => {
    const mpd = await readFile(join(mediaRoot, clip.dashPath), 'utf8');
    const ids = [...mpd.matchAll(/<Representation id="(\d+)"/g)].map((m) => m[1]!);
    const segmentCount = Math.ceil(tinySpec.durationSec / tinySpec.segmentSec);
    const fromMpd = ids.flatMap((id) => [
      `init-stream${id}.m4s`,
      ...Array.from({ length: segmentCount }, (_, i) => `chunk-stream${id}-${String(i + 1).padStart(5, '0')}.m4s`),
    ]);
    const fromHls: string[] = [];
    for (const playlist of referencedUris(await readFile(join(clipDir, 'master.m3u8'), 'utf8'))) {
      fromHls.push(...referencedUris(await readFile(join(clipDir, playlist), 'utf8')));
    }
    expect(fromHls.sort()).toEqual(fromMpd.sort());
    await Promise.all(fromMpd.map((name) => stat(join(clipDir, name))));
  });

  it('cuts audio and video segments alike: 80 frames and 150 AAC frames each, no extra audio segment', async () => {
    expect(await packetsPerSegment(0)).toEqual([80, 80]);
    expect(await packetsPerSegment(2)).toEqual([150, 150]);
    expect(await streamTypes(join(mediaRoot, clip.hlsPath))).toEqual(['audio', 'video', 'video']);
  });

  it('writes thumbnails at every 10 %, posters and a muted preview', async () => {
    expect(clip.thumbnails.map((t) => [t.percent, t.timeSec])).toEqual(
      [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((p) => [p, Math.round(p * 6.4) / 100]),
    );
    for (const path of [...clip.thumbnails.map((t) => t.path), clip.posterPath, clip.portraitPath]) {
      expect((await stat(join(mediaRoot, path))).size).toBeGreaterThan(1000);
    }
    expect(await streamTypes(join(mediaRoot, clip.previewPath))).toEqual(['video']);
  });

  it('skips a finished clip on the next run', async () => {
    const before = await mtimes(clipDir);
    const again = await ensureDemoMedia(mediaRoot, { clips: [tinySpec] });
    expect(again).toEqual([clip]);
    expect(await mtimes(clipDir)).toEqual(before);
  });

  it('rebuilds a clip whose files were partly deleted', async () => {
    await rm(join(clipDir, 'chunk-stream1-00002.m4s'));
    await ensureDemoMedia(mediaRoot, { clips: [tinySpec] });
    expect((await stat(join(clipDir, 'chunk-stream1-00002.m4s'))).size).toBeGreaterThan(0);
  }, 30_000);

  it('draws any title on its own artwork, once', async () => {
    const title = `L'Été : 100 % "fou", [vrai]; C:\\ ok`;
    const art = await renderTitleArtwork({ clip, mediaRoot, title, hue: 120, outDir: 'artwork/t1' });
    expect(art).toEqual({ posterPath: 'artwork/t1/poster.jpg', portraitPath: 'artwork/t1/portrait.jpg' });
    const size = (file: string) => ffprobe(['-show_entries', 'stream=width,height', '-of', 'csv=p=0', file]);
    expect((await size(join(mediaRoot, art.posterPath))).trim()).toBe('1280,720');
    expect((await size(join(mediaRoot, art.portraitPath))).trim()).toBe('600,900');
    const before = await mtimes(join(mediaRoot, 'artwork/t1'));
    await renderTitleArtwork({ clip, mediaRoot, title, hue: 120, outDir: 'artwork/t1' });
    expect(await mtimes(join(mediaRoot, 'artwork/t1'))).toEqual(before);
  });
});

async function mtimes(dir: string): Promise<Record<string, number>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const result: Record<string, number> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    result[path] = (await stat(path)).mtimeMs;
  }
  return result;
}
