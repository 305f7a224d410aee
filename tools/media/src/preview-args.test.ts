import { describe, expect, it } from 'vitest';
import { buildPreviewArgs } from './preview-args';

describe('buildPreviewArgs', () => {
  it('cuts a muted 6 s 270p teaser with its index first', () => {
    // Flag/value pairs kept on one line each.
    // prettier-ignore
    expect(buildPreviewArgs({ input: '/m/src.mp4', startSec: 8, out: '/m/preview.mp4' })).toEqual([
      '-y', '-ss', '8.000', '-t', '6', '-i', '/m/src.mp4',
      '-an',
      '-vf', 'scale=-2:270',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
      '-movflags', '+faststart',
      '/m/preview.mp4',
    ]);
  });
});
