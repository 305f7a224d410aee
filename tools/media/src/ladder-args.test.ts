import { describe, expect, it } from 'vitest';
import { buildLadderArgs } from './ladder-args';

describe('buildLadderArgs', () => {
  it('packages the default 270p/480p/720p ladder as CMAF with an MPD and HLS playlists', () => {
    // Flag/value pairs kept on one line each.
    // prettier-ignore
    expect(buildLadderArgs({ source: '/m/src.mp4', outDir: '/m/out', durationSec: 32 })).toEqual([
      '-y',
      '-i', '/m/src.mp4',
      '-filter_complex',
      '[0:v]fps=25,split=3[s0][s1][s2];[s0]scale=-2:270[v0];[s1]scale=-2:480[v1];[s2]scale=-2:720[v2];' +
        '[0:a:0]aresample=48000,atrim=end_sample=1534976[a]',
      '-map', '[v0]', '-map', '[v1]', '-map', '[v2]', '-map', '[a]',
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
      '-bf', '0',
      '-g', '80', '-keyint_min', '80', '-sc_threshold', '0',
      '-force_key_frames', 'expr:gte(t,n_forced*3.2)',
      '-b:v:0', '400k', '-maxrate:v:0', '440k', '-bufsize:v:0', '800k',
      '-b:v:1', '900k', '-maxrate:v:1', '990k', '-bufsize:v:1', '1800k',
      '-b:v:2', '1800k', '-maxrate:v:2', '1980k', '-bufsize:v:2', '3600k',
      '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
      '-t', '32',
      '-f', 'dash', '-seg_duration', '3.2', '-use_template', '1', '-use_timeline', '0',
      '-adaptation_sets', 'id=0,streams=v id=1,streams=a',
      '-init_seg_name', 'init-stream$RepresentationID$.m4s',
      '-media_seg_name', 'chunk-stream$RepresentationID$-$Number%05d$.m4s',
      '-hls_playlist', '1',
      '/m/out/manifest.mpd',
    ]);
  });

  it('derives the GOP from segment length and frame rate, and cuts audio one AAC frame short', () => {
    const args = buildLadderArgs({
      source: 's.mp4',
      outDir: 'o',
      durationSec: 6.4,
      renditions: [{ height: 270, videoKbps: 300 }],
      segmentSec: 6.4,
      fps: 30,
    });
    expect(args.slice(3, 5)).toEqual([
      '-filter_complex',
      '[0:v]fps=30,split=1[s0];[s0]scale=-2:270[v0];[0:a:0]aresample=48000,atrim=end_sample=306176[a]',
    ]);
    expect(args.join(' ')).toContain(
      '-g 192 -keyint_min 192 -sc_threshold 0 -force_key_frames expr:gte(t,n_forced*6.4)',
    );
    expect(args.join(' ')).toContain('-seg_duration 6.4');
  });
});

describe('buildLadderArgs with audio languages (decision 068)', () => {
  it('gives each language its adaptation set and lang, padding a dubbed file to the picture', () => {
    const args = buildLadderArgs({
      source: 'm.mp4',
      outDir: 'o',
      durationSec: 6.4,
      renditions: [{ height: 270, videoKbps: 300 }],
      audio: [
        { language: 'fr', index: 0 },
        { language: 'en', input: 'english.m4a' },
        { language: 'es', input: 'm.mp4', index: 2 },
      ],
    });
    expect(args.slice(0, 6)).toEqual(['-y', '-i', 'm.mp4', '-i', 'english.m4a', '-filter_complex']);
    expect(args[6]).toBe(
      '[0:v]fps=25,split=1[s0];[s0]scale=-2:270[v0];' +
        '[0:a:0]aresample=48000,apad,atrim=end_sample=306176[a0];' +
        '[1:a:0]aresample=48000,apad,atrim=end_sample=306176[a1];' +
        '[0:a:2]aresample=48000,apad,atrim=end_sample=306176[a2]',
    );
    const line = args.join(' ');
    expect(line).toContain('-map [v0] -map [a0] -map [a1] -map [a2]');
    expect(line).toContain('-metadata:s:a:0 language=fr -metadata:s:a:1 language=en -metadata:s:a:2 language=es');
    expect(line).toContain('-adaptation_sets id=0,streams=v id=1,streams=1 id=2,streams=2 id=3,streams=3');
  });
});
