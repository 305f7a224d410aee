import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateFfmpeg } from './ffmpeg-binary';
import { locateFontFile } from './font-file';
import { buildLiveIngestArgs } from './live-ingest-args';
import { parseSegmentDurations } from './live/live-clip-reader';

let outDir: string;
afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('live ingest with the real ffmpeg (decision 041: a Stream channel from a local encoder)', () => {
  it('writes a growing live HLS playlist of 3.2 s CMAF segments and an MPD', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'playz-ingest-'));
    const ffmpeg = locateFfmpeg().ffmpeg;
    const child = spawn(ffmpeg, buildLiveIngestArgs({ outDir, title: 'Playz Live', fontFile: locateFontFile() }), {
      stdio: 'ignore',
    });
    // Real time: three segments take 9.6 s, longer on a loaded machine. The playlist is read until
    // it lists three, whatever the time (the test's own timeout is the limit).
    const playlist = () => readFile(join(outDir, 'media_0.m3u8'), 'utf8').catch(() => '');
    let whileRunning = await playlist();
    while (parseSegmentDurations(whileRunning).length < 3) {
      if (child.exitCode !== null) throw new Error(`ffmpeg exited with ${child.exitCode} before three segments`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      whileRunning = await playlist();
    }
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(whileRunning).not.toContain('#EXT-X-ENDLIST');
    expect(whileRunning).toContain('#EXT-X-PROGRAM-DATE-TIME');
    const durations = parseSegmentDurations(whileRunning);
    expect(durations.length).toBeGreaterThanOrEqual(3);
    expect(durations[0]).toBeCloseTo(3.2, 1);
    expect(await readFile(join(outDir, 'master.m3u8'), 'utf8')).toContain('RESOLUTION=640x360');
    expect(await readFile(join(outDir, 'live.mpd'), 'utf8')).toContain('<MPD');
  }, 60_000);
});
