import type { LiveClip, LiveStream } from './live-clip';
import { BLOCK_MS, SEGMENT_MS, type LiveBlock } from './live-timeline';
import type { ClipBaseUrl } from './hls-live-playlist';

/**
 * DASH availabilityStartTime of every channel: fixed, a whole number of blocks after the Unix
 * epoch, so a period's start is the same on every node and every reload.
 */
export const LIVE_EPOCH_MS = Date.UTC(2020, 0, 1);

export interface DashMpdInput {
  /** Consecutive blocks, one period each. */
  blocks: readonly LiveBlock[];
  baseUrl: ClipBaseUrl;
  nowMs: number;
  /**
   * dynamic: live or start-over, the player follows the clock and reloads every segment;
   * static: a closed replay, periods from 0.
   */
  type: 'dynamic' | 'static';
  /** dynamic only: how far back the viewer may seek. */
  timeShiftBufferDepthMs?: number;
  /**
   * Segments starting before this are listed: the live edge (only finished segments) when
   * dynamic, the end of a replay or of a preview (which stops inside a block) when static.
   */
  endMs?: number;
}

const seconds = (ms: number) => `PT${Number((ms / 1000).toFixed(3))}S`;
const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function adaptationSet(
  id: number,
  type: LiveStream['type'],
  streams: LiveStream[],
  block: LiveBlock,
  count: number,
  base: string,
) {
  // Timescale 1000 (ms): durations and offsets are exact for 3.2 s segments. The media keeps its
  // own timescale; presentationTimeOffset maps the clip's time of the block's first segment to
  // the period's start.
  // A SegmentTimeline rather than @duration: Shaka (5.2) looks a @duration segment up by
  // floor((time - periodStart) / 3.2) in floating point, which lands on the segment before at
  // about 4 boundaries in 10 (3.2 s is not exact in binary, period starts are ~2e8 s), so after
  // a quality switch the next segment was "not found" and the video stopped while the sound went
  // on. A timeline's segment starts and ends come from the same numbers, so a boundary is always
  // found. It also lists only finished segments, as the HLS playlists do.
  const pto = block.firstSegment * SEGMENT_MS;
  const timeline = `<SegmentTimeline><S t="${pto}" d="${SEGMENT_MS}"${count > 1 ? ` r="${count - 1}"` : ''}/></SegmentTimeline>`;
  const template =
    `<SegmentTemplate timescale="1000" startNumber="${block.firstSegment + 1}" presentationTimeOffset="${pto}"` +
    ` initialization="${xml(base)}init-stream$RepresentationID$.m4s"` +
    ` media="${xml(base)}chunk-stream$RepresentationID$-$Number%05d$.m4s">${timeline}</SegmentTemplate>`;
  const representations = streams.map((s) =>
    type === 'video'
      ? `<Representation id="${s.id}" codecs="${s.codecs}" bandwidth="${s.bandwidth}" width="${s.width}" height="${s.height}" frameRate="25" sar="1:1"/>`
      : `<Representation id="${s.id}" codecs="${s.codecs}" bandwidth="${s.bandwidth}" audioSamplingRate="48000">` +
        '<AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="2"/>' +
        '</Representation>',
  );
  const attributes =
    type === 'video'
      ? `id="${id}" contentType="video" mimeType="video/mp4" segmentAlignment="true" startWithSAP="1"`
      : `id="${id}" contentType="audio" mimeType="audio/mp4" lang="fr" segmentAlignment="true" startWithSAP="1"`;
  return [
    `   <AdaptationSet ${attributes}>`,
    `    ${template}`,
    ...representations.map((r) => `    ${r}`),
    '   </AdaptationSet>',
  ];
}

/**
 * A DASH MPD over the same segments as the HLS playlists: one period per block (each block
 * restarts its clip's timestamps), ids from the block index so periods keep their identity
 * across reloads. The ladder's streams decide the representations.
 */
export function buildDashMpd(input: DashMpdInput): string {
  const first = input.blocks[0];
  const originMs = input.type === 'dynamic' ? LIVE_EPOCH_MS : (first?.startMs ?? 0);
  const video = (clip: LiveClip) => clip.streams.filter((s) => s.type === 'video');
  // The programme's first audio language only, as the HLS playlists (decision 068): a clip's
  // other languages are tracks of their own, not renditions of one set, which the set's lang="fr"
  // would have offered Shaka's ABR as equals (an English start, a switch in the first seconds).
  const audio = (clip: LiveClip) => clip.streams.filter((s) => s.type === 'audio').slice(0, 1);
  const header = ['<?xml version="1.0" encoding="utf-8"?>'];
  const common =
    'xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011"' +
    ` minBufferTime="PT3.2S" maxSegmentDuration="${seconds(SEGMENT_MS)}"`;
  if (input.type === 'dynamic') {
    header.push(
      `<MPD ${common} type="dynamic" availabilityStartTime="${new Date(LIVE_EPOCH_MS).toISOString()}"` +
        ` publishTime="${new Date(input.nowMs).toISOString()}" minimumUpdatePeriod="${seconds(SEGMENT_MS)}"` +
        ` timeShiftBufferDepth="${seconds(input.timeShiftBufferDepthMs ?? 0)}" suggestedPresentationDelay="${seconds(3 * SEGMENT_MS)}">`,
    );
  } else {
    const endMs = input.endMs ?? (first ? first.startMs + input.blocks.length * BLOCK_MS : 0);
    header.push(`<MPD ${common} type="static" mediaPresentationDuration="${seconds(endMs - originMs)}">`);
  }
  const body: string[] = [];
  for (const block of input.blocks) {
    const base = input.baseUrl(block.clip);
    const endMs = Math.min(block.startMs + BLOCK_MS, input.endMs ?? Infinity);
    const count = Math.ceil((endMs - block.startMs) / SEGMENT_MS);
    // A block none of whose segments is out yet comes with the next reload.
    if (count <= 0) continue;
    // A dynamic period keeps its whole 32 s (its end is known; its timeline grows).
    const durationMs = input.type === 'dynamic' ? BLOCK_MS : endMs - block.startMs;
    body.push(
      ` <Period id="${block.index}" start="${seconds(block.startMs - originMs)}" duration="${seconds(durationMs)}">`,
    );
    body.push(...adaptationSet(0, 'video', video(block.clip), block, count, base));
    const sound = audio(block.clip);
    if (sound.length) body.push(...adaptationSet(1, 'audio', sound, block, count, base));
    body.push(' </Period>');
  }
  const footer = [];
  // The server's clock is the reference: players that trust it agree with the playlists.
  if (input.type === 'dynamic')
    footer.push(
      ` <UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="${new Date(input.nowMs).toISOString()}"/>`,
    );
  footer.push('</MPD>');
  return `${[...header, ...body, ...footer].join('\n')}\n`;
}

/** Blocks a dynamic MPD may list at `nowMs`: those of the window up to the running one. */
export function dynamicBlockRange(fromMs: number, nowMs: number): { first: number; last: number } {
  return { first: Math.floor(fromMs / BLOCK_MS), last: Math.floor(nowMs / BLOCK_MS) };
}
