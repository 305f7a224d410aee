/**
 * What a player reports about the quality of experience (beyond the spec, decision 088): the time
 * from a load to its first frame, each stall after it, and a fatal error's code.
 */
export type QualityEvent =
  | { event: 'play_start'; valueMs: number }
  | { event: 'rebuffer'; valueMs: number }
  | { event: 'error'; detail: string };

export type QualityItemType = 'Content' | 'Episode' | 'Channel' | 'LiveEvent';

export interface QualityLogBody {
  content_type: QualityItemType;
  content_type_id: string;
  event: QualityEvent['event'];
  value_ms?: number;
  detail?: string;
}

/**
 * The body of POST /event/log for one report. An error's code keeps only the characters the call
 * accepts, so a message with punctuation is still counted rather than refused.
 */
export function qualityLogBody(itemType: QualityItemType, id: string | number, quality: QualityEvent): QualityLogBody {
  const item = { content_type: itemType, content_type_id: String(id), event: quality.event };
  if ('valueMs' in quality) return { ...item, value_ms: quality.valueMs };
  return { ...item, detail: quality.detail.replace(/[^\w .:/-]/g, '').slice(0, 120) };
}
