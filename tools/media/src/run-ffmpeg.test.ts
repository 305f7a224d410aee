import { describe, expect, it } from 'vitest';
import { locateFfmpeg } from './ffmpeg-binary';
import { FfmpegError, LineTail, ProgressParser, runFfmpeg } from './run-ffmpeg';

describe('ProgressParser', () => {
  it('reads out_time in microseconds across chunk boundaries, ignoring N/A', () => {
    const seen: number[] = [];
    const parser = new ProgressParser((s) => seen.push(s));
    parser.push('frame=10\nout_time_us=N/A\nout_time_us=1600');
    parser.push('000\nprogress=continue\nout_time_ms=3200000\n');
    expect(seen).toEqual([1.6, 3.2]);
  });
});

describe('LineTail', () => {
  it('keeps the last lines, including an unterminated one', () => {
    const tail = new LineTail(2);
    tail.push('one\ntwo\nthr');
    tail.push('ee\nfour');
    expect(tail.text()).toBe('three\nfour');
  });
});

describe('runFfmpeg (real ffmpeg)', () => {
  const { ffmpeg } = locateFfmpeg();
  const nullOutput = (sec: number) => ['-f', 'lavfi', '-i', `testsrc2=s=160x90:r=25:d=${sec}`, '-f', 'null', '-'];

  it('reports progress up to 1', async () => {
    const fractions: number[] = [];
    await runFfmpeg(nullOutput(2), { ffmpegPath: ffmpeg, durationSec: 2, onProgress: (f) => fractions.push(f) });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= fractions[i - 1]!))).toBe(true);
  });

  it("rejects with ffmpeg's own error message", async () => {
    const error = await runFfmpeg(['-i', '/nonexistent/in.mp4', '-f', 'null', '-'], { ffmpegPath: ffmpeg }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).stderrTail).toContain('/nonexistent/in.mp4: No such file or directory');
    expect((error as FfmpegError).message).toContain('No such file or directory');
  });

  it('stops ffmpeg when aborted', async () => {
    const abort = new AbortController();
    const run = runFfmpeg(['-re', ...nullOutput(30)], { ffmpegPath: ffmpeg, signal: abort.signal });
    setTimeout(() => abort.abort(), 200);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});
