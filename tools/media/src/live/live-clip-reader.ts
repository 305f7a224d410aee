import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MPD_NAME } from '../ladder-args';
import type { LiveClip, LiveStream } from './live-clip';

/** `KEY="value"` attributes of one XML start tag. */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([A-Za-z:]+)="([^"]*)"/g)) attributes[match[1]!] = match[2]!;
  return attributes;
}

/** Representations of an MPD written by the ladder (ffmpeg's dash muxer): one per stream. */
export function parseLadderMpd(mpd: string): Omit<LiveStream, 'segmentDurations'>[] {
  const streams: Omit<LiveStream, 'segmentDurations'>[] = [];
  for (const match of mpd.matchAll(/<Representation\s[^>]*>/g)) {
    const a = attributesOf(match[0]);
    // Subtitles (text/vtt, decision 068) are whole files, not segments a live window lists.
    if (a.mimeType && !/^(audio|video)\//.test(a.mimeType)) continue;
    const type = a.mimeType?.startsWith('audio/') ? 'audio' : 'video';
    streams.push({
      id: Number(a.id),
      type,
      codecs: a.codecs ?? '',
      bandwidth: Number(a.bandwidth ?? 0),
      width: Number(a.width ?? 0),
      height: Number(a.height ?? 0),
    });
  }
  return streams.sort((x, y) => x.id - y.id);
}

/** EXTINF durations of a media playlist, in order. */
export function parseSegmentDurations(playlist: string): number[] {
  return [...playlist.matchAll(/^#EXTINF:([0-9.]+)/gm)].map((m) => Number(m[1]));
}

/**
 * Reads what the live assembler needs of a packaged clip folder (`dir` under `mediaRoot`): the
 * streams of its MPD and the segment durations of each stream's HLS media playlist.
 */
export async function readLiveClip(mediaRoot: string, key: string, dir: string): Promise<LiveClip> {
  const folder = join(mediaRoot, dir);
  const representations = parseLadderMpd(await readFile(join(folder, MPD_NAME), 'utf8'));
  const streams = await Promise.all(
    representations.map(async (r) => ({
      ...r,
      segmentDurations: parseSegmentDurations(await readFile(join(folder, `media_${r.id}.m3u8`), 'utf8')),
    })),
  );
  return { key, dir, streams };
}
