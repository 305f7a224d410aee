import { describe, expect, it } from 'vitest';
import { buildPosterArgs } from './poster-args';

const shade = (size: string) =>
  `${size}format=gbrp,geq=r='r(X,Y)*(1-0.8*clip((Y/H-0.35)/0.65,0,1))'` +
  `:g='g(X,Y)*(1-0.8*clip((Y/H-0.35)/0.65,0,1))':b='b(X,Y)*(1-0.8*clip((Y/H-0.35)/0.65,0,1))'`;

describe('buildPosterArgs', () => {
  it('draws the title over a darkened, hue-shifted frame, landscape and portrait in one run', () => {
    expect(
      buildPosterArgs({
        input: '/m/frame.jpg',
        title: "L'Été",
        hue: 90,
        fontFile: '/f/b.ttf',
        landscapeOut: '/m/poster.jpg',
        portraitOut: '/m/portrait.jpg',
      }),
    ).toEqual([
      '-y',
      '-i',
      '/m/frame.jpg',
      '-filter_complex',
      '[0:v]scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,hue=h=90,split=2[l][p];' +
        `[l]${shade('')},drawtext=fontfile=/f/b.ttf:expansion=none:text=L\\\\\\'Été:fontsize=88:line_spacing=13` +
        ':fontcolor=white:shadowcolor=black@0.7:shadowx=3:shadowy=3:x=64:y=h-text_h-64[landscape];' +
        `[p]${shade('crop=480:720,scale=600:900,')},drawtext=fontfile=/f/b.ttf:expansion=none:text=L\\\\\\'Été` +
        ':fontsize=64:line_spacing=10:fontcolor=white:shadowcolor=black@0.7:shadowx=3:shadowy=3:x=40:y=h-text_h-40[portrait]',
      '-map',
      '[landscape]',
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '/m/poster.jpg',
      '-map',
      '[portrait]',
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '/m/portrait.jpg',
    ]);
  });

  it('seeks when the input is a video', () => {
    const args = buildPosterArgs({
      input: 'v.mp4',
      atSec: 12.8,
      title: 'T',
      fontFile: 'f',
      landscapeOut: 'a',
      portraitOut: 'b',
    });
    expect(args.slice(0, 5)).toEqual(['-y', '-ss', '12.800', '-i', 'v.mp4']);
    expect(args[6]).toContain('hue=h=0,');
  });
});
