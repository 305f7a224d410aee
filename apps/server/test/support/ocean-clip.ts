import fs from 'node:fs';
import path from 'node:path';

/**
 * A finished clip for content 1001 ("ocean") as the media pipeline leaves it: manifests, one
 * init and one media segment, teaser, poster and clip.json (written last, as the pipeline does).
 */
export function writeOceanClip(
  dataDir: string,
  renditions: { height: number; width: number; bandwidth: number }[] = [
    { height: 720, width: 1280, bandwidth: 2500000 },
  ],
) {
  const dir = path.join(dataDir, 'media/clips/ocean');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'manifest.mpd'),
    '<MPD mediaPresentationDuration="PT32.0S">\n\t<Period id="0"></Period>\n</MPD>\n',
  );
  fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nmedia_0.m3u8\n');
  fs.writeFileSync(
    path.join(dir, 'media_0.m3u8'),
    '#EXTM3U\n#EXT-X-MAP:URI="init-stream0.m4s"\n#EXTINF:3.200000,\nchunk-stream0-00001.m4s\n#EXT-X-ENDLIST\n',
  );
  fs.writeFileSync(path.join(dir, 'init-stream0.m4s'), 'init');
  fs.writeFileSync(path.join(dir, 'chunk-stream0-00001.m4s'), 'segment');
  fs.writeFileSync(path.join(dir, 'preview.mp4'), 'teaser');
  fs.writeFileSync(path.join(dir, 'poster.jpg'), 'poster');
  fs.writeFileSync(
    path.join(dir, 'clip.json'),
    JSON.stringify({
      key: 'ocean',
      title: 'Ocean',
      durationSec: 32,
      width: 1280,
      height: 720,
      renditions,
      hlsPath: 'clips/ocean/master.m3u8',
      dashPath: 'clips/ocean/manifest.mpd',
      thumbnails: [{ percent: 0, timeSec: 0, path: 'clips/ocean/thumb-000.jpg' }],
      posterPath: 'clips/ocean/poster.jpg',
      portraitPath: 'clips/ocean/portrait.jpg',
      previewPath: 'clips/ocean/preview.mp4',
    }),
  );
}
