import { describe, expect, it } from 'vitest';
import { buildDemoSourceArgs } from './demo-source-args';

describe('buildDemoSourceArgs', () => {
  it('renders pattern, title, timecode and a beeping tone to a 1 s GOP mezzanine plus a clean frame', () => {
    expect(
      buildDemoSourceArgs({
        title: 'Océan',
        subtitle: 'Démo',
        pattern: 'city',
        durationSec: 32,
        width: 1280,
        height: 720,
        fps: 25,
        toneHz: 659,
        hue: 30,
        fontFile: '/f/b.ttf',
        out: '/m/src.mp4',
        posterFrameOut: '/m/frame.jpg',
        posterFrameAtSec: 12.8,
      }),
    ).toEqual([
      '-y',
      '-f',
      'lavfi',
      '-t',
      '32',
      '-i',
      'testsrc2=s=1280x720:r=25',
      '-f',
      'lavfi',
      '-t',
      '32',
      '-i',
      'sine=frequency=659:beep_factor=2:sample_rate=48000',
      '-filter_complex',
      '[0:v]hue=h=30,format=yuv420p,split=2[clean][base];' +
        '[clean]trim=start_frame=320:end_frame=321[frame];' +
        '[base]drawtext=fontfile=/f/b.ttf:expansion=none:text=Océan:fontsize=80:fontcolor=white:borderw=4' +
        ':bordercolor=black@0.6:x=(w-text_w)/2:y=h*0.38-text_h,' +
        'drawtext=fontfile=/f/b.ttf:expansion=none:text=Démo:fontsize=45:fontcolor=white:borderw=2' +
        ':bordercolor=black@0.6:x=(w-text_w)/2:y=h*0.38+text_h/2,' +
        'drawtext=fontfile=/f/b.ttf:text=%{pts\\\\:hms}:fontsize=30:fontcolor=white' +
        ':box=1:boxcolor=black@0.5:boxborderw=8:x=30:y=h-text_h-30[video]',
      '-map',
      '[video]',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '18',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '25',
      '-keyint_min',
      '25',
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-ac',
      '2',
      '-ar',
      '48000',
      '-t',
      '32',
      '/m/src.mp4',
      '-map',
      '[frame]',
      '-frames:v',
      '1',
      '-q:v',
      '2',
      '/m/frame.jpg',
    ]);
  });

  it('adds a tone track per further audio language, mapped after the first (decision 068)', () => {
    const args = buildDemoSourceArgs({
      ...{ title: 'Ville', pattern: 'city', durationSec: 6.4, width: 640, height: 360, fps: 25, toneHz: 440 },
      ...{ fontFile: '/f/b.ttf', out: '/m/src.mp4', posterFrameOut: '/m/frame.jpg', posterFrameAtSec: 1 },
      extraToneHz: [660],
    });
    expect(args.join(' ')).toContain(
      '-f lavfi -t 6.4 -i sine=frequency=660:beep_factor=4:sample_rate=48000 -filter_complex',
    );
    expect(args.join(' ')).toContain('-map [video] -map 1:a -map 2:a -c:v libx264');
  });
});
