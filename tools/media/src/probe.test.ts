import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg } from './ffmpeg-binary';
import { parseFfmpegInfoDuration, parseFfprobeDuration, probeDuration } from './probe';
import { runFfmpeg } from './run-ffmpeg';

describe('duration parsers', () => {
  it('reads ffprobe output', () => {
    expect(parseFfprobeDuration('32.000000\n')).toBe(32);
    expect(parseFfprobeDuration('N/A\n')).toBeNull();
  });

  it('reads the Duration line of `ffmpeg -i`', () => {
    expect(parseFfmpegInfoDuration('  Duration: 01:02:03.45, start: 0.000000, bitrate: 7962 kb/s')).toBeCloseTo(
      3723.45,
    );
    expect(parseFfmpegInfoDuration('  Duration: N/A, bitrate: N/A')).toBeNull();
  });
});

describe('probeDuration (real ffmpeg)', () => {
  const binaries = locateFfmpeg();
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'playz-probe-'));
    file = join(dir, 'two-seconds.mp4');
    const args = [
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=160x90:r=25:d=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      file,
    ];
    await runFfmpeg(args, { ffmpegPath: binaries.ffmpeg });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('uses ffprobe when present', async () => {
    expect(await probeDuration(file, binaries)).toBeCloseTo(2, 2);
  });

  it('falls back to `ffmpeg -i` like with the npm binary, which has no ffprobe', async () => {
    expect(await probeDuration(file, { ...binaries, ffprobe: null })).toBeCloseTo(2, 2);
  });

  it('fails clearly on a file that is not media', async () => {
    await expect(probeDuration(join(dir, 'missing.mp4'), binaries)).rejects.toThrow(/no duration/);
  });
});
