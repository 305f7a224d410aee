import { describe, expect, it } from 'vitest';
import { buildThumbnailArgs } from './thumbnail-args';

describe('buildThumbnailArgs', () => {
  it('seeks the input, then writes one 320 px wide JPEG', () => {
    // Flag/value pairs kept on one line each.
    // prettier-ignore
    expect(buildThumbnailArgs({ input: '/m/src.mp4', atSec: 3.2, out: '/m/t.jpg' })).toEqual([
      '-y', '-ss', '3.200', '-i', '/m/src.mp4', '-frames:v', '1', '-vf', 'scale=320:-2', '-q:v', '5', '/m/t.jpg',
    ]);
  });

  it('takes another width', () => {
    expect(buildThumbnailArgs({ input: 'a.mp4', atSec: 0, width: 160, out: 't.jpg' })).toContain('scale=160:-2');
  });
});
