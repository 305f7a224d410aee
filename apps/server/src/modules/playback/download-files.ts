import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { selectStream } from '@playz/domain';
import { initSegmentName, mediaSegmentName, readLiveClip, type LiveClip, type LiveStream } from '@playz/media/live';
import { mergeInitSegments, rewriteFragments } from './mp4-boxes';

/** One media segment's place in the downloadable file. */
interface Piece {
  /** File name in the clip folder. */
  file: string;
  trackId: number;
  firstSequence: number;
  /** Byte offset in the downloadable file, and length once rewritten. */
  offset: number;
  size: number;
}

/**
 * A rendition of a clip as one MP4 file (docs/decisions/023): its merged init segment, where
 * each rewritten media segment lands, and the size and MD5 of the whole, computed once from
 * the files. The bytes are made again from the segments at each download (mp4-boxes.ts).
 */
export interface DownloadFile {
  /** Clip folder under the media root, e.g. `clips/aurora`. */
  dir: string;
  width: number;
  height: number;
  filesize: number;
  md5: string;
  init: Buffer;
  pieces: Piece[];
}

/** Only complete clips are read, and they never change: a file's layout is kept until restart. */
export function createDownloadFiles(mediaRoot: string) {
  const ladders = new Map<string, Promise<LiveClip | null>>();
  const files = new Map<string, Promise<DownloadFile | null>>();

  /** Remembered once found; a miss is not (an import may finish later). */
  function remember<T>(cache: Map<string, Promise<T | null>>, key: string, load: () => Promise<T>) {
    let hit = cache.get(key);
    if (!hit) {
      hit = load().catch(() => null);
      void hit.then((value) => value ?? cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
  }

  async function build(dir: string, video: LiveStream, audio: LiveStream | undefined): Promise<DownloadFile> {
    const folder = path.join(mediaRoot, dir);
    const streams = audio ? [video, audio] : [video];
    const inits = await Promise.all(streams.map((s) => fs.readFile(path.join(folder, initSegmentName(s.id)))));
    const init = mergeInitSegments(inits);
    const hash = createHash('md5').update(init);
    const pieces: Piece[] = [];
    let offset = init.length;
    let sequence = 1;
    const count = Math.max(...streams.map((s) => s.segmentDurations.length));
    // Interleaved by time: picture then sound of each 3.2 s, so a player reading the file in
    // order (a download still arriving) always has both.
    for (let index = 0; index < count; index++) {
      for (const [i, stream] of streams.entries()) {
        if (index >= stream.segmentDurations.length) continue;
        const file = mediaSegmentName(stream.id, index);
        const { bytes, fragments } = rewriteFragments(await fs.readFile(path.join(folder, file)), i + 1, sequence);
        hash.update(bytes);
        pieces.push({ file, trackId: i + 1, firstSequence: sequence, offset, size: bytes.length });
        sequence += fragments;
        offset += bytes.length;
      }
    }
    const { width, height } = video;
    return { dir, width, height, filesize: offset, md5: hash.digest('hex'), init, pieces };
  }

  return {
    /**
     * The downloadable file of the clip's rendition at or under `height` (spec 2 §4 stream
     * selection, the lowest when all are taller), or null when the clip has no readable ladder.
     */
    async describe(dir: string, height: number): Promise<DownloadFile | null> {
      const ladder = await remember(ladders, dir, () => readLiveClip(mediaRoot, path.basename(dir), dir));
      const videos = (ladder?.streams ?? []).filter((s) => s.type === 'video' && s.segmentDurations.length > 0);
      const chosen = selectStream(
        videos.map((stream) => ({ url: '', height: stream.height, stream })),
        height,
      );
      if (!ladder || !chosen) return null;
      const audio = ladder.streams.find((s) => s.type === 'audio' && s.segmentDurations.length > 0);
      return remember(files, `${dir}#${chosen.stream.id}`, () => build(dir, chosen.stream, audio));
    },

    /** Bytes start..end (inclusive) of the file, made from its segments as they are read. */
    async *read(file: DownloadFile, start: number, end: number): AsyncGenerator<Buffer> {
      if (start < file.init.length) yield file.init.subarray(start, Math.min(end + 1, file.init.length));
      for (const piece of file.pieces) {
        if (piece.offset + piece.size <= start) continue;
        if (piece.offset > end) return;
        const segment = await fs.readFile(path.join(mediaRoot, file.dir, piece.file));
        const { bytes } = rewriteFragments(segment, piece.trackId, piece.firstSequence);
        // A segment that changed would break the size and MD5 already given: stop, not lie.
        if (bytes.length !== piece.size) throw new Error(`download: ${file.dir}/${piece.file} changed`);
        yield bytes.subarray(Math.max(0, start - piece.offset), Math.min(piece.size, end + 1 - piece.offset));
      }
    },
  };
}
export type DownloadFiles = ReturnType<typeof createDownloadFiles>;
