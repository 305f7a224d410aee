import { sourceTypeFromUrl } from '@playz/domain';
import type { PlayerSource } from './player';

// Apart from the player so that a page's opening (openings.ts, in the app's entry for decision 111)
// does not pull the whole player into the landing page's JavaScript (decision 098 addendum).
export const MIME_TYPES = {
  hls: 'application/x-mpegurl',
  dash: 'application/dash+xml',
  video: 'video/mp4',
} as const;

export type SourceType = keyof typeof MIME_TYPES;

/** The MIME type an engine is given for a stream (decided as for the player's loads). */
export function mimeTypeOf(stream: PlayerSource): string {
  return MIME_TYPES[sourceTypeOf(stream)];
}

export function sourceTypeOf(stream: PlayerSource): SourceType {
  // The file extension decides (spec 2 §4); signed urls without one fall back to the declared type.
  const byExtension = sourceTypeFromUrl(stream.url) as string | null | undefined;
  if (byExtension === 'hls' || byExtension === 'dash') return byExtension;
  return stream.type in MIME_TYPES ? stream.type : 'video';
}
