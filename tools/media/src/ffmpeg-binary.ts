import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface FfmpegBinaries {
  ffmpeg: string;
  /** null with the npm fallback: that static build ships no ffprobe. */
  ffprobe: string | null;
  source: 'debian' | 'npm' | 'override';
}

export interface LocateDeps {
  isExecutable(path: string): boolean;
  /** Directory of @ffmpeg-installer/linux-x64, or null when the optional dependency is absent. */
  npmPackageDir(): string | null;
}

const DEBIAN_FFMPEG = '/usr/bin/ffmpeg';
const DEBIAN_FFPROBE = '/usr/bin/ffprobe';

/**
 * Finds ffmpeg. Debian's build wins over the npm one: it is newer (5.1 vs 4.1, 2018) and ships
 * ffprobe. `override` is FFMPEG_PATH as parsed by the caller's config (this file reads no env).
 */
export function locateFfmpeg(override?: string, deps: LocateDeps = defaultDeps): FfmpegBinaries {
  if (override) {
    if (!deps.isExecutable(override)) {
      throw new Error(`FFMPEG_PATH points to "${override}", which is not an executable file.`);
    }
    const probe = join(dirname(override), 'ffprobe');
    return { ffmpeg: override, ffprobe: deps.isExecutable(probe) ? probe : null, source: 'override' };
  }
  if (deps.isExecutable(DEBIAN_FFMPEG)) {
    const ffprobe = deps.isExecutable(DEBIAN_FFPROBE) ? DEBIAN_FFPROBE : null;
    return { ffmpeg: DEBIAN_FFMPEG, ffprobe, source: 'debian' };
  }
  const npmDir = deps.npmPackageDir();
  const npmFfmpeg = npmDir ? join(npmDir, 'ffmpeg') : null;
  if (npmFfmpeg && deps.isExecutable(npmFfmpeg)) {
    return { ffmpeg: npmFfmpeg, ffprobe: null, source: 'npm' };
  }
  throw new Error(
    'ffmpeg was not found. Install it with `apt-get install -y ffmpeg` ' + '(or set FFMPEG_PATH to an ffmpeg binary).',
  );
}

const defaultDeps: LocateDeps = {
  isExecutable(path) {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  npmPackageDir() {
    try {
      // The package has no JS entry point, only the binary beside its package.json.
      const require = createRequire(import.meta.url);
      return dirname(require.resolve('@ffmpeg-installer/linux-x64/package.json'));
    } catch {
      return null;
    }
  },
};
