import fs from 'node:fs';
import path from 'node:path';

/**
 * Packaged clips as the media pipeline leaves them, with real MP4 box structure (CMAF: one
 * fragmented MP4 per stream, `styp` + `sidx` + `moof` + `mdat` per segment) but tiny: each
 * `mdat` holds text naming its stream and segment, so a test can see where every byte went.
 * API tests run without ffmpeg (PLAYZ_SKIP_MEDIA).
 */

export function box(type: string, ...payloads: Buffer[]): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payloads.reduce((sum, p) => sum + p.length, 0));
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, ...payloads]);
}

function fullBox(type: string, version: number, flags: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff));
  return box(type, head, payload);
}

const u32 = (...values: number[]) => {
  const buf = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => buf.writeUInt32BE(v, 4 * i));
  return buf;
};

/** mvhd v0: times, timescale, duration, rate..., next_track_ID last. */
function mvhd(timescale: number, duration: number, nextTrackId = 2): Buffer {
  const payload = Buffer.alloc(96);
  payload.writeUInt32BE(timescale, 8);
  payload.writeUInt32BE(duration, 12);
  payload.writeUInt32BE(nextTrackId, 92);
  return fullBox('mvhd', 0, 0, payload);
}

/** tkhd v0 with the track id and the picture size (16.16) at its end. */
function tkhd(trackId: number, width: number, height: number): Buffer {
  const payload = Buffer.alloc(80);
  payload.writeUInt32BE(trackId, 8);
  payload.writeUInt32BE(width * 65536, 72);
  payload.writeUInt32BE(height * 65536, 76);
  return fullBox('tkhd', 0, 3, payload);
}

/** An init segment of one stream, as ffmpeg's dash muxer writes it (track 1). */
export function initSegment(handler: 'vide' | 'soun', width = 0, height = 0): Buffer {
  const hdlr = fullBox('hdlr', 0, 0, Buffer.concat([u32(0), Buffer.from(handler), Buffer.alloc(13)]));
  return Buffer.concat([
    box('ftyp', Buffer.from('iso5'), u32(512), Buffer.from('iso6mp41')),
    box(
      'moov',
      mvhd(1000, 0),
      box('trak', tkhd(1, width, height), box('mdia', hdlr)),
      box('mvex', fullBox('trex', 0, 0, u32(1, 1, 0, 0, 0))),
      box('udta', Buffer.from('meta')),
    ),
  ]);
}

/** A media segment: its `mdat` holds `text`; data offsets relative to the moof. */
export function mediaSegment(sequence: number, text: string): Buffer {
  const tfhd = fullBox('tfhd', 0, 0x020000, u32(1));
  const tfdt = fullBox('tfdt', 1, 0, Buffer.alloc(8));
  const trun = fullBox('trun', 0, 0x1, u32(1, 0));
  return Buffer.concat([
    box('styp', Buffer.from('msdh'), u32(0)),
    fullBox('sidx', 1, 0, Buffer.alloc(40)),
    box('moof', fullBox('mfhd', 0, 0, u32(sequence)), box('traf', tfhd, tfdt, trun)),
    box('mdat', Buffer.from(text)),
  ]);
}

export interface FixtureRendition {
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
}

/**
 * `clips/<key>`: an MPD, an HLS master with an audio group, media playlists, init and media
 * segments per stream (video renditions 0..n-1, audio n), the teaser and clip.json.
 */
export function writeFmp4Clip(
  dataDir: string,
  key: string,
  renditions: FixtureRendition[],
  opts: { segments?: number } = {},
): void {
  const dir = path.join(dataDir, 'media/clips', key);
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, data: string | Buffer) => fs.writeFileSync(path.join(dir, name), data);
  const segments = opts.segments ?? 3;
  const audioId = renditions.length;
  const streams = [
    ...renditions.map((r, id) => ({ id, type: 'video' as const, ...r })),
    { id: audioId, type: 'audio' as const, width: 0, height: 0, bandwidth: 128000, codecs: 'mp4a.40.2' },
  ];
  const representation = (s: (typeof streams)[number]) =>
    s.type === 'video'
      ? `<Representation id="${s.id}" mimeType="video/mp4" codecs="${s.codecs.split(',')[0]}" bandwidth="${s.bandwidth}" width="${s.width}" height="${s.height}">\n</Representation>`
      : `<Representation id="${s.id}" mimeType="audio/mp4" codecs="mp4a.40.2" bandwidth="128000">\n</Representation>`;
  write(
    'manifest.mpd',
    [
      '<MPD type="static">',
      '<Period id="0" start="PT0.0S">',
      ...streams.map(representation),
      '</Period>',
      '</MPD>',
    ].join('\n'),
  );
  write(
    'master.m3u8',
    [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_${audioId}",DEFAULT=YES,URI="media_${audioId}.m3u8"`,
      ...renditions.flatMap((r, id) => [
        `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}",AUDIO="group_A1"`,
        `media_${id}.m3u8`,
        '',
      ]),
    ].join('\n'),
  );
  for (const s of streams) {
    const lines = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:3',
      '#EXT-X-MEDIA-SEQUENCE:1',
      `#EXT-X-MAP:URI="init-stream${s.id}.m4s"`,
    ];
    write(`init-stream${s.id}.m4s`, initSegment(s.type === 'video' ? 'vide' : 'soun', s.width, s.height));
    for (let n = 1; n <= segments; n++) {
      const name = `chunk-stream${s.id}-${String(n).padStart(5, '0')}.m4s`;
      lines.push('#EXTINF:3.200000,', name);
      write(name, mediaSegment(n, `${key}/stream${s.id}/${n}`));
    }
    lines.push('#EXT-X-ENDLIST');
    write(`media_${s.id}.m3u8`, `${lines.join('\n')}\n`);
  }
  // A 6 s teaser of 480x270 and 6000 bytes in all: 8000 bit/s.
  const teaserHead = Buffer.concat([
    box('ftyp', Buffer.from('isom'), u32(512)),
    box('moov', mvhd(1000, 6000), box('trak', tkhd(1, 480, 270))),
  ]);
  write('preview.mp4', Buffer.concat([teaserHead, box('mdat', Buffer.alloc(6000 - teaserHead.length - 8))]));
  const top = renditions.at(-1)!;
  write(
    'clip.json',
    JSON.stringify({
      key,
      title: key,
      durationSec: segments * 3.2,
      width: top.width,
      height: top.height,
      renditions: renditions.map(({ height, width, bandwidth }) => ({ height, width, bandwidth })),
      hlsPath: `clips/${key}/master.m3u8`,
      dashPath: `clips/${key}/manifest.mpd`,
      thumbnails: [],
      posterPath: `clips/${key}/poster.jpg`,
      portraitPath: `clips/${key}/portrait.jpg`,
      previewPath: `clips/${key}/preview.mp4`,
      posterFramePath: `clips/${key}/poster-frame.jpg`,
    }),
  );
}
