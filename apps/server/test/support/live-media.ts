import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../src/config';
import { openDatabase } from '../accounts-test-support';

/**
 * Packaged clips as the media pipeline leaves them, in text: an MPD naming the streams, HLS
 * media playlists with each segment's duration, and segment files whose bytes name them. API
 * tests run without ffmpeg (PLAYZ_SKIP_MEDIA), and the live assembler only reads these.
 */
export function writeFixtureClips(dataDir: string, keys = ['slate', 'aurora', 'city', 'ocean', 'cartoon']): void {
  for (const key of keys) {
    const dir = path.join(dataDir, 'media/clips', key);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'manifest.mpd'),
      [
        '<MPD type="static" mediaPresentationDuration="PT32.0S">',
        '<Period id="0" start="PT0.0S">',
        '<Representation id="0" mimeType="video/mp4" codecs="avc1.4d4015" bandwidth="400000" width="480" height="270" sar="1:1">',
        '</Representation>',
        '<Representation id="1" mimeType="audio/mp4" codecs="mp4a.40.2" bandwidth="128000" audioSamplingRate="48000">',
        '</Representation>',
        '</Period>',
        '</MPD>',
      ].join('\n'),
    );
    fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=528000\nmedia_0.m3u8\n');
    for (const id of [0, 1]) {
      const lines = [
        '#EXTM3U',
        '#EXT-X-TARGETDURATION:3',
        '#EXT-X-MEDIA-SEQUENCE:1',
        `#EXT-X-MAP:URI="init-stream${id}.m4s"`,
      ];
      for (let n = 1; n <= 10; n++) {
        const name = `chunk-stream${id}-${String(n).padStart(5, '0')}.m4s`;
        lines.push(`#EXTINF:${id === 1 && n === 1 ? '3.178667' : '3.200000'},`, name);
        fs.writeFileSync(path.join(dir, name), `${key}/${name}`);
      }
      lines.push('#EXT-X-ENDLIST');
      fs.writeFileSync(path.join(dir, `media_${id}.m3u8`), `${lines.join('\n')}\n`);
      fs.writeFileSync(path.join(dir, `init-stream${id}.m4s`), `${key}/init-stream${id}.m4s`);
    }
  }
}

/**
 * The guide the parental-code and kids tests zap into (decisions 059, 064, 139): on air since 10
 * minutes before `nowMs`, for an hour, Polar's Cold case (5132, rated -16) on channel 13 and a
 * tous publics programme (5040) on channel 4, under schedule ids `firstId` and the next.
 */
export async function airRatedAndAllAges(config: Config, nowMs: number, firstId: number): Promise<void> {
  const database = openDatabase(config);
  try {
    const startedAt = new Date(nowMs - 600_000).toISOString();
    await database.db.deleteFrom('schedules').where('channel_id', 'in', [4, 13]).execute();
    await database.db
      .insertInto('schedules')
      .values([
        { id: firstId, channel_id: 13, content_id: 5132, date_scheduled: startedAt, duration: 3600 },
        { id: firstId + 1, channel_id: 4, content_id: 5040, date_scheduled: startedAt, duration: 3600 },
      ])
      .execute();
  } finally {
    await database.close();
  }
}
