import fs from 'node:fs/promises';
import path from 'node:path';

/** A Stream channel's ingest folder under the media root (`live/<channel id>`). */
export const ingestDir = (channelId: number) => `live/${channelId}`;
/** The playlist the encoder rewrites at every segment; its age tells whether it is alive. */
export const INGEST_PLAYLIST = 'media_0.m3u8';
/**
 * Six segments without a new one: the encoder is down (or stalled). Generous: an encoder on a
 * busy machine writes late, and a channel shown down for nothing is worse than a late notice.
 */
export const INGEST_STALE_MS = 20_000;

export type StreamState = 'live' | 'down';

/**
 * Whether a Stream channel's encoder is writing, read from its playlist's age on the shared media
 * folder: every API node gets the same answer, whichever node runs the encoder.
 */
export async function readIngestState(mediaRoot: string, channelId: number, nowMs: number): Promise<StreamState> {
  try {
    const stat = await fs.stat(path.join(mediaRoot, ingestDir(channelId), INGEST_PLAYLIST));
    return nowMs - stat.mtimeMs < INGEST_STALE_MS ? 'live' : 'down';
  } catch {
    return 'down';
  }
}
