import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencedUris } from './clip-manifest';
import type { DemoClip, DemoClipSpec } from './demo-clip';
import { ensureDemoMedia } from './demo-media';
import { locateFfmpeg, type FfmpegBinaries } from './ffmpeg-binary';
import { captureProcessOutput } from './run-ffmpeg';

// Decision 068 with the real ffmpeg: two audio languages and two subtitles in a 2-segment ladder.
const spec: DemoClipSpec = {
  key: 'voices',
  title: 'Voix',
  pattern: 'city',
  toneHz: 440,
  durationSec: 6.4,
  width: 854,
  height: 480,
  fps: 25,
  segmentSec: 3.2,
  renditions: [{ height: 270, videoKbps: 300 }],
  audio: [
    { language: 'fr', toneHz: 440 },
    { language: 'en', toneHz: 660 },
  ],
  subtitles: ['fr', 'en'],
};

let binaries: FfmpegBinaries;
let mediaRoot: string;
let clip: DemoClip;
let clipDir: string;

beforeAll(async () => {
  binaries = locateFfmpeg();
  mediaRoot = await mkdtemp(join(tmpdir(), 'playz-languages-'));
  [clip] = (await ensureDemoMedia(mediaRoot, { clips: [spec] })) as [DemoClip];
  clipDir = join(mediaRoot, 'clips', spec.key);
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

describe('demo clip with audio languages and subtitles (decision 068, real ffmpeg)', () => {
  it('lists its languages in clip.json: the audio after the rendition, the subtitles after the audio', () => {
    expect(clip.audio).toEqual([
      { id: 1, language: 'fr', label: 'Français' },
      { id: 2, language: 'en', label: 'English' },
    ]);
    expect(clip.subtitles).toEqual([
      { id: 3, language: 'fr', label: 'Français', path: 'clips/voices/subtitles-stream3.vtt' },
      { id: 4, language: 'en', label: 'English', path: 'clips/voices/subtitles-stream4.vtt' },
    ]);
  });

  it('gives each audio language its adaptation set with lang, and each subtitle a text set', async () => {
    const mpd = await readFile(join(mediaRoot, clip.dashPath), 'utf8');
    const sets = [...mpd.matchAll(/<AdaptationSet[^>]*contentType="(\w+)"[^>]*lang="([\w-]+)"/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(sets).toEqual(['audio fr', 'audio en', 'text fr', 'text en']);
    // ffmpeg's dash demuxer reads it whole (told that .vtt files are media): every stream opens.
    const { streams } = JSON.parse(
      await ffprobe([
        ...['-allowed_extensions', 'ALL', '-show_entries', 'stream=codec_type', '-of', 'json'],
        join(mediaRoot, clip.dashPath),
      ]),
    ) as { streams: { codec_type: string }[] };
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'audio', 'subtitle', 'subtitle', 'video']);
  });

  it('cuts both audio languages in whole AAC frames, segment for segment with the video', async () => {
    expect(await packetsPerSegment(0)).toEqual([80, 80]);
    expect(await packetsPerSegment(1)).toEqual([150, 150]);
    expect(await packetsPerSegment(2)).toEqual([150, 150]);
  });

  it('names every language in the HLS master, and every file it leads to exists', async () => {
    const master = await readFile(join(clipDir, 'master.m3u8'), 'utf8');
    expect(master).toContain('NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES');
    expect(master).toMatch(/TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr"[^\n]*URI="media_3\.m3u8"/);
    expect(master).toMatch(/#EXT-X-STREAM-INF:[^\n]*AUDIO="group_A1",SUBTITLES="subs"/);
    const uris: string[] = [];
    for (const playlist of referencedUris(master)) {
      uris.push(playlist, ...referencedUris(await readFile(join(clipDir, playlist), 'utf8')));
    }
    expect(uris).toEqual(expect.arrayContaining(['media_4.m3u8', 'subtitles-stream4.vtt', 'chunk-stream2-00002.m4s']));
    for (const uri of uris) await readFile(join(clipDir, uri));
  });

  it('turns the demo SubRip into WebVTT with the cues in time', async () => {
    const vtt = await readFile(join(clipDir, 'subtitles-stream4.vtt'), 'utf8');
    expect(vtt).toMatch(/^WEBVTT/);
    expect(vtt).toContain('00:04.000 --> 00:06.400');
    expect(vtt).toContain('[EN 4s] These subtitles are in English.');
    const french = await readFile(join(clipDir, 'subtitles-stream3.vtt'), 'utf8');
    expect(french).toContain('[FR 0s] Voix — Bienvenue sur Playz.');
  });
});
