import { locateFfmpeg, type FfmpegBinaries } from './ffmpeg-binary';
import { captureProcessOutput } from './run-ffmpeg';

export function buildFfprobeDurationArgs(file: string): string[] {
  return ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file];
}

/** `ffmpeg -i file` with no output: it prints the input's header to stderr, then exits 1. */
export function buildFfmpegInfoArgs(file: string): string[] {
  return ['-hide_banner', '-nostdin', '-i', file];
}

export function parseFfprobeDuration(stdout: string): number | null {
  const seconds = Number.parseFloat(stdout.trim());
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** Reads "Duration: 00:00:32.00," from `ffmpeg -i` stderr ("Duration: N/A" for unknown). */
export function parseFfmpegInfoDuration(stderr: string): number | null {
  const match = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!match) return null;
  const [, h, m, s] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * Media duration in seconds. Uses ffprobe when there is one; the npm fallback ffmpeg has none,
 * so its `-i` banner is parsed instead (centisecond precision, enough to plan segments).
 * `inputOptions` limit how the file may be opened (an upload's: `videoInputOptions`).
 */
export async function probeDuration(
  file: string,
  binaries: FfmpegBinaries = locateFfmpeg(),
  inputOptions: readonly string[] = [],
): Promise<number> {
  if (binaries.ffprobe) {
    const { stdout, stderr } = await captureProcessOutput(binaries.ffprobe, [
      ...inputOptions,
      ...buildFfprobeDurationArgs(file),
    ]);
    const seconds = parseFfprobeDuration(stdout);
    if (seconds !== null) return seconds;
    throw new Error(`ffprobe found no duration for ${file}: ${stderr.trim() || stdout.trim()}`);
  }
  const [banner, nostdin, ...input] = buildFfmpegInfoArgs(file);
  const { stderr } = await captureProcessOutput(binaries.ffmpeg, [banner!, nostdin!, ...inputOptions, ...input]);
  const seconds = parseFfmpegInfoDuration(stderr);
  if (seconds !== null) return seconds;
  throw new Error(`ffmpeg found no duration for ${file}: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
}
