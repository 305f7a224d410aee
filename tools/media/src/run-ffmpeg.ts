import { spawn } from 'node:child_process';
import { dieWithParent } from './die-with-parent';

export interface RunFfmpegOptions {
  ffmpegPath: string;
  /** Fraction 0..1 of durationSec encoded so far; needs durationSec. */
  onProgress?(fraction: number): void;
  durationSec?: number;
  signal?: AbortSignal;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

const STDERR_TAIL_LINES = 20;

/**
 * The only place that starts ffmpeg (CONVENTIONS 7). Adds the run-control flags so builders stay
 * about media: machine-readable progress on stdout, errors only on stderr, no stdin (a waiting
 * ffmpeg would otherwise read keystrokes or hang under a supervisor).
 */
export function runFfmpeg(args: readonly string[], o: RunFfmpegOptions): Promise<void> {
  const fullArgs = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', ...args];
  return new Promise((resolve, reject) => {
    if (o.signal?.aborted) return reject(abortError());
    // Killed with its parent, even a parent killed by SIGKILL: an encode nobody waits for is waste.
    const command = dieWithParent(o.ffmpegPath, fullArgs);
    const child = spawn(command.file, command.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stderr = new LineTail(STDERR_TAIL_LINES);
    const progress = new ProgressParser((outTimeSec) => {
      if (o.onProgress && o.durationSec) o.onProgress(Math.min(1, Math.max(0, outTimeSec / o.durationSec)));
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => progress.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    // SIGKILL, not SIGTERM: on SIGTERM ffmpeg finishes writing its outputs, wasted on an abort.
    const onAbort = () => child.kill('SIGKILL');
    o.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      o.signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`could not start ${o.ffmpegPath}: ${error.message}`, null, ''));
    });
    child.on('close', (code) => {
      o.signal?.removeEventListener('abort', onAbort);
      if (o.signal?.aborted) return reject(abortError());
      if (code === 0) {
        o.onProgress?.(1);
        return resolve();
      }
      const tail = stderr.text();
      reject(new FfmpegError(`ffmpeg exited with code ${code}:\n${tail}`, code, tail));
    });
  });
}

export interface CapturedOutput {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** For probes (ffprobe, `ffmpeg -i`): resolves whatever the exit code, the caller reads the output. */
export function captureProcessOutput(command: string, args: readonly string[]): Promise<CapturedOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => reject(new Error(`could not start ${command}: ${error.message}`)));
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

function abortError(): Error {
  return new DOMException('ffmpeg run aborted', 'AbortError');
}

/** Keeps the last n lines of a stream that arrives in arbitrary chunks. */
export class LineTail {
  private lines: string[] = [];
  private partial = '';
  constructor(private readonly max: number) {}

  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts.filter((line) => line.trim() !== ''));
    if (this.lines.length > this.max) this.lines = this.lines.slice(-this.max);
  }

  text(): string {
    const all = this.partial.trim() ? [...this.lines, this.partial] : this.lines;
    return all.slice(-this.max).join('\n');
  }
}

/**
 * Reads `-progress` key=value blocks. out_time_us is in microseconds; so is out_time_ms despite
 * its name (an old ffmpeg bug kept for compatibility), the only key ffmpeg 4.1 writes.
 */
export class ProgressParser {
  private partial = '';
  constructor(private readonly onOutTime: (seconds: number) => void) {}

  push(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_(?:us|ms)=(\d+)\s*$/.exec(line);
      if (match) this.onOutTime(Number(match[1]) / 1_000_000);
    }
  }
}
