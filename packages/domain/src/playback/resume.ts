/** The last seconds of a content: a viewer who stopped in them starts it again (spec 2 §4). */
export const RESUME_END_MARGIN_SECONDS = 10;

/**
 * Names an opening (decision 044): the content and where it starts. What the intent prepared and
 * what the player page takes over must be the same content from the same start.
 */
export function openingKey(contentId: string, startTime: number | undefined): string {
  return `${contentId}@${startTime ?? 0}`;
}

/**
 * Where a content starts for the viewer (spec 2 §4 resume): where they stopped, unless that is
 * the very end; undefined for the start. The player page and its opening (decision 044) ask the
 * same, so the press finds the opening it asked for.
 */
export function resumeTime(playbackTime: number | null, duration: number): number | undefined {
  if (!playbackTime || playbackTime <= 0) return undefined;
  return duration > 0 && playbackTime > duration - RESUME_END_MARGIN_SECONDS ? undefined : playbackTime;
}
