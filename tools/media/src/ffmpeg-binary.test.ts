import { describe, expect, it } from 'vitest';
import { locateFfmpeg, type LocateDeps } from './ffmpeg-binary';

const fakeDeps = (executables: string[], npmDir: string | null = null): LocateDeps => ({
  isExecutable: (path) => executables.includes(path),
  npmPackageDir: () => npmDir,
});

describe('locateFfmpeg', () => {
  it("prefers Debian's ffmpeg and its ffprobe", () => {
    const deps = fakeDeps(['/usr/bin/ffmpeg', '/usr/bin/ffprobe', '/nm/ff/ffmpeg'], '/nm/ff');
    expect(locateFfmpeg(undefined, deps)).toEqual({
      ffmpeg: '/usr/bin/ffmpeg',
      ffprobe: '/usr/bin/ffprobe',
      source: 'debian',
    });
  });

  it('falls back to the npm binary, which has no ffprobe', () => {
    expect(locateFfmpeg(undefined, fakeDeps(['/nm/ff/ffmpeg'], '/nm/ff'))).toEqual({
      ffmpeg: '/nm/ff/ffmpeg',
      ffprobe: null,
      source: 'npm',
    });
  });

  it('uses an override and the ffprobe beside it', () => {
    const deps = fakeDeps(['/opt/ff/ffmpeg', '/opt/ff/ffprobe', '/usr/bin/ffmpeg']);
    expect(locateFfmpeg('/opt/ff/ffmpeg', deps)).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: '/opt/ff/ffprobe',
      source: 'override',
    });
  });

  it('rejects an override that is not executable instead of silently using another binary', () => {
    expect(() => locateFfmpeg('/nope/ffmpeg', fakeDeps(['/usr/bin/ffmpeg']))).toThrow(/FFMPEG_PATH/);
  });

  it('tells how to install ffmpeg when none is found', () => {
    expect(() => locateFfmpeg(undefined, fakeDeps([], '/nm/ff'))).toThrow(/apt-get install -y ffmpeg/);
  });
});
