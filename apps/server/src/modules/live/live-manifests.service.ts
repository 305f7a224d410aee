import {
  BLOCK_MS,
  blockAt,
  blockIndexAt,
  buildDashMpd,
  buildHlsMediaPlaylist,
  buildHlsMultivariantPlaylist,
  dynamicBlockRange,
  LIVE_DEPTH_MS,
  SEGMENT_MS,
  segmentsBetween,
  windowRange,
  type LiveClip,
  type LiveProgramme,
  type LiveSegment,
  type LiveWindow,
  type WindowRange,
} from '@playz/media/live';
import { keepHlsVariant, VARIANT_PLAYLIST_PATTERN } from '../../streaming/hls-variants';
import { LIVE_SEGMENT_GRANT_SECONDS, segmentBaseUrl, type SegmentGrantRequest } from '../../streaming/segment-grants';
import type { LiveGrant, StreamSigner } from '../../streaming/stream-signing';
import { liveRatingRefusal, type LiveRatingRefusal } from '../../streaming/live-rating-guard';
import { SLATE_CLIP_KEY, type LiveClips } from './live-clips';
import type { LiveRepository } from './live.repository';

export interface LiveManifest {
  contentType: string;
  /** HLS media playlists come as bytes: their parts are kept encoded (decision 022 addendum). */
  body: string | Buffer;
}

/**
 * The window's live edge plays a programme the grant's viewer may not see (decision 082): the
 * manifest is refused with the stream call's reason, as a new stream call would be.
 */
export interface RefusedLiveManifest {
  refused: LiveRatingRefusal;
}

/** A guide entry as the timeline plays it, with what the viewer's rating guard judges. */
type RatedProgramme = LiveProgramme & { contentId: number; rating: number };
const ratedOf = (programme: LiveProgramme | null): RatedProgramme | null => programme as RatedProgramme | null;

const HLS_TYPE = 'application/vnd.apple.mpegurl';
const PROGRAMMES_CACHE_MS = 2000;
/**
 * A shared read answered from memory past this age is read again behind the reload (decision
 * 112): the next reloads find a fresh one instead of going the full way every PROGRAMMES_CACHE_MS.
 */
const PROGRAMMES_READ_AHEAD_MS = 1000;
/**
 * A channel's guide read is kept fresh by a timer this long after the last playlist asked for it
 * (decision 121): a viewer alone on a channel reloads every 3.2 s, after the 2 s read has aged
 * out, so reads made only behind reloads left every one of their reloads to the full way. Two
 * reloads missed and the channel is no longer read.
 */
const WATCHED_FOR_MS = 8000;
/** Spans kept fresh at once, at most (a channel has one, two while its window crosses a block). */
const MAX_WATCHED = 1000;
const DASH_TYPE = 'application/dash+xml';

/** The window a grant covers, at this instant. */
function windowOf(grant: LiveGrant, nowMs: number): { window: LiveWindow; range: WindowRange } {
  let window: LiveWindow;
  if (grant.window === 'live') window = { kind: 'live', nowMs, depthMs: LIVE_DEPTH_MS };
  else if (grant.window === 'preview') window = { kind: 'preview', fromMs: grant.fromMs, toMs: grant.toMs };
  else if (grant.window === 'startover' && nowMs < grant.toMs + BLOCK_MS)
    window = { kind: 'startover', programmeStartMs: grant.fromMs, nowMs };
  else window = { kind: 'replay', programmeStartMs: grant.fromMs, programmeEndMs: grant.toMs };
  const range = windowRange(window);
  // A start-over whose programme ended is closed, and stays an EVENT playlist (RFC 8216 §4.3.3.5).
  if (grant.window === 'startover' && window.kind === 'replay')
    return { window, range: { ...range, playlistType: 'EVENT' } };
  return { window, range };
}

/** A read of a channel's programmes shared by every viewer for 2 s; `value` once answered. */
interface SharedRead {
  atMs: number;
  programmes: Promise<LiveProgramme[]>;
  value?: LiveProgramme[];
  /** Read again behind a reload (decision 112): the entry that replaces this one is on its way. */
  readingAhead?: boolean;
}

/** Two reads of the same guide entries: the templates and segment indexes built on one serve the other. */
function sameProgrammes(a: readonly LiveProgramme[], b: readonly LiveProgramme[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = ratedOf(b[i] ?? null)!;
    const rated = ratedOf(x)!;
    return (
      x.id === y.id &&
      x.startMs === y.startMs &&
      x.endMs === y.endMs &&
      x.playMs === y.playMs &&
      x.clip === y.clip &&
      rated.contentId === y.contentId &&
      rated.rating === y.rating
    );
  });
}

type ManifestFile =
  { kind: 'master' } | { kind: 'variant'; height: number } | { kind: 'media'; streamId: number } | { kind: 'mpd' };

function manifestFileOf(file: string): ManifestFile | null {
  if (file === 'master.m3u8') return { kind: 'master' };
  if (file === 'manifest.mpd') return { kind: 'mpd' };
  const media = /^media_(\d{1,2})\.m3u8$/.exec(file);
  if (media) return { kind: 'media', streamId: Number(media[1]) };
  const variant = VARIANT_PLAYLIST_PATTERN.exec(file);
  return variant ? { kind: 'variant', height: Number(variant[1]) } : null;
}

/**
 * Builds a channel's manifests for a grant from the guide and the clock alone (decision 022: every
 * node computes the same text). Segment URLs carry short grants of their own.
 */
export function createLiveManifests(deps: {
  repo: LiveRepository;
  clips: LiveClips;
  signer: StreamSigner;
  /** Lifetime of segment grants in closed windows (replay, preview), fetched over the whole programme. */
  segmentGrantSeconds: number;
  now?: () => Date;
}) {
  const nowMs = () => (deps.now?.() ?? new Date()).getTime();

  /**
   * A channel's programmes are read once per window of whole blocks and kept 2 s: every viewer of
   * the channel reloads its playlist every few seconds, and they all share this read (decision
   * 022). A guide change shows within 2 s, long before the live edge reaches it.
   */
  const recent = new Map<string, SharedRead>();
  /** Reads made ahead of the reloads and not yet answered (`settled`, for tests). */
  const readsAhead = new Set<Promise<unknown>>();
  const track = (read: Promise<unknown>) => {
    readsAhead.add(read);
    void read.finally(() => readsAhead.delete(read));
  };
  function programmesKey(channelId: number, fromMs: number, toMs: number): string {
    return `${channelId}:${blockIndexAt(fromMs) * BLOCK_MS}:${(blockIndexAt(toMs) + 1) * BLOCK_MS}`;
  }
  const isFresh = (read: SharedRead, at: number) => at - read.atMs >= 0 && at - read.atMs < PROGRAMMES_CACHE_MS;
  function sharedProgrammesOf(channelId: number, fromMs: number, toMs: number): Promise<LiveProgramme[]> {
    const key = programmesKey(channelId, fromMs, toMs);
    const at = nowMs();
    const cached = recent.get(key);
    if (cached && isFresh(cached, at)) return cached.programmes;
    if (recent.size > 1000) recent.clear();
    const from = blockIndexAt(fromMs) * BLOCK_MS;
    const read: SharedRead = {
      atMs: at,
      programmes: programmesOf(channelId, from, (blockIndexAt(toMs) + 1) * BLOCK_MS),
    };
    recent.set(key, read);
    read.programmes.then(
      (programmes) => void (read.value = programmes),
      // A failed read is not kept: the next request reads again.
      () => recent.get(key) === read && recent.delete(key),
    );
    return read.programmes;
  }
  /**
   * The same shared read when it is fresh and already answered, without waiting. Past
   * PROGRAMMES_READ_AHEAD_MS it is read again behind this answer; the new read replaces it when
   * answered — the same array when the guide did not change, so the templates built on it stay.
   * It takes the instant its read began, so a guide change still shows within PROGRAMMES_CACHE_MS.
   */
  function programmesFromMemory(
    channelId: number,
    fromMs: number,
    toMs: number,
    /** The span the window reaches in PROGRAMMES_CACHE_MS: read ahead too when it is another. */
    nextSpan: () => readonly [number, number],
  ): LiveProgramme[] | undefined {
    const key = programmesKey(channelId, fromMs, toMs);
    const cached = recent.get(key);
    const at = nowMs();
    watch(key, channelId, fromMs, toMs, nextSpan, at);
    if (!cached || !isFresh(cached, at) || !cached.value) return undefined;
    readBehind(key, cached, channelId, fromMs, toMs, nextSpan, at);
    return cached.value;
  }
  /** Reads `cached` again when it is PROGRAMMES_READ_AHEAD_MS old and not already being read. */
  function readBehind(
    key: string,
    cached: SharedRead,
    channelId: number,
    fromMs: number,
    toMs: number,
    nextSpan: () => readonly [number, number],
    at: number,
  ) {
    if (!cached.value || at - cached.atMs < PROGRAMMES_READ_AHEAD_MS || cached.readingAhead) return;
    cached.readingAhead = true;
    guideReadsBehind++;
    // The window moves into the next block every 32 s: its read is ready when it gets there.
    const [nextFrom, nextTo] = nextSpan();
    if (!recent.has(programmesKey(channelId, nextFrom, nextTo)))
      track(sharedProgrammesOf(channelId, nextFrom, nextTo).catch(() => undefined));
    const from = blockIndexAt(fromMs) * BLOCK_MS;
    const read = programmesOf(channelId, from, (blockIndexAt(toMs) + 1) * BLOCK_MS).then(
      (programmes) => {
        if (recent.get(key) !== cached) return;
        const value = sameProgrammes(cached.value!, programmes) ? cached.value! : programmes;
        recent.set(key, { atMs: at, programmes: Promise.resolve(value), value });
      },
      // Not kept: the entry ages out and the full route reads it again.
      () => undefined,
    );
    track(read);
  }

  /**
   * The spans playlists asked for lately, read again every PROGRAMMES_READ_AHEAD_MS by one timer
   * while any was asked in the last WATCHED_FOR_MS (decision 121): a reload finds its channel's
   * read fresh whether or not another viewer reloaded in between. The timer stops when nothing
   * is watched, so an idle node reads nothing.
   */
  interface Watched {
    channelId: number;
    fromMs: number;
    toMs: number;
    nextSpan: () => readonly [number, number];
    askedMs: number;
  }
  const watched = new Map<string, Watched>();
  let watchTimer: ReturnType<typeof setInterval> | null = null;
  let guideReadsBehind = 0;
  let closed = false;
  function watch(
    key: string,
    channelId: number,
    fromMs: number,
    toMs: number,
    nextSpan: () => readonly [number, number],
    at: number,
  ) {
    if (closed) return;
    const known = watched.get(key);
    if (known) {
      known.askedMs = at;
      known.nextSpan = nextSpan;
    } else {
      if (watched.size >= MAX_WATCHED) watched.delete(watched.keys().next().value!);
      watched.set(key, { channelId, fromMs, toMs, nextSpan, askedMs: at });
    }
    if (!watchTimer) {
      watchTimer = setInterval(refreshWatched, PROGRAMMES_READ_AHEAD_MS);
      watchTimer.unref();
    }
  }
  function refreshWatched() {
    const at = nowMs();
    for (const [key, span] of watched) {
      if (!(at - span.askedMs < WATCHED_FOR_MS)) {
        watched.delete(key);
        continue;
      }
      const cached = recent.get(key);
      // A read already too old is left to the next reload's full way, as before: ticking every
      // PROGRAMMES_READ_AHEAD_MS, the timer renews a read long before it gets there.
      if (cached) {
        if (isFresh(cached, at)) readBehind(key, cached, span.channelId, span.fromMs, span.toMs, span.nextSpan, at);
      } else {
        // Not in memory (a failed read, or a clear): read it so the next reload finds it.
        guideReadsBehind++;
        track(sharedProgrammesOf(span.channelId, span.fromMs, span.toMs).catch(() => undefined));
      }
    }
    if (watched.size === 0) stopWatching();
  }
  function stopWatching() {
    if (watchTimer) clearInterval(watchTimer);
    watchTimer = null;
  }

  async function programmesOf(channelId: number, fromMs: number, toMs: number): Promise<LiveProgramme[]> {
    const rows = await deps.repo.listAirings(channelId, fromMs, toMs);
    const programmes: LiveProgramme[] = [];
    for (const row of rows) {
      const startMs = Date.parse(row.dateScheduled);
      const endMs = startMs + row.duration * 1000;
      // A programme disabled at the rights holder's request shows the slate (spec 2 §2).
      const clip = row.enabled === 1 && row.clipKey ? await deps.clips.get(row.clipKey) : null;
      const previous = programmes.at(-1);
      // Overlapping entries (a bad import): the later one starts when the earlier one ends.
      if (previous && previous.endMs > startMs) previous.endMs = startMs;
      const programme: RatedProgramme = {
        ...{ id: row.id, startMs, endMs, playMs: Math.min(row.contentDuration, row.duration) * 1000, clip },
        ...{ contentId: row.contentId, rating: row.rating },
      };
      programmes.push(programme);
    }
    return programmes;
  }

  const hlsTemplates = createTemplateCache(TEMPLATE_CACHE_CHARS);
  const signedBaseUrls = createSignedBaseUrls(deps.signer, SIGNED_URL_CACHE_ENTRIES);

  /** The slate clip, kept once read: clips never change while the server runs. */
  let slate: LiveClip | null = null;
  async function slateClip(): Promise<LiveClip> {
    slate ??= await deps.clips.get(SLATE_CLIP_KEY);
    if (!slate) throw new Error(`live: the slate clip (clips/${SLATE_CLIP_KEY}) is missing`);
    return slate;
  }
  /** The guide read a window's manifest is built from (its programmes and two blocks ahead). */
  const programmesSpan = (range: WindowRange, at: number) =>
    [range.fromMs, Math.max(range.toMs, at) + 2 * BLOCK_MS] as const;

  /**
   * The manifest from its inputs, without I/O: the same text for the same grant, file, instant
   * and guide read, whichever of `build` and `buildFromMemory` asked.
   */
  function render(
    grant: LiveGrant,
    file: ManifestFile,
    slate: LiveClip,
    at: number,
    programmes: readonly LiveProgramme[],
  ): LiveManifest | RefusedLiveManifest | null {
    if (file.kind === 'master') return { contentType: HLS_TYPE, body: buildHlsMultivariantPlaylist(slate) };
    if (file.kind === 'variant') {
      // One height with its sound (spec 2 §3 Content URLs, decision 023).
      const body = keepHlsVariant(buildHlsMultivariantPlaylist(slate), file.height);
      return body ? { contentType: HLS_TYPE, body } : null;
    }
    const { window, range } = windowOf(grant, at);
    const isClosed = range.isClosed;
    const segmentTtl = isClosed ? deps.segmentGrantSeconds : LIVE_SEGMENT_GRANT_SECONDS;
    const expiresAt = Math.min(grant.expiresAt, Math.floor(at / 1000) + segmentTtl);
    const segmentsOf = segmentListOf(programmes, slate, range);
    const refusals = refusalsOf(grant, programmes, segmentsOf);
    if (refusals?.edge) return { refused: refusals.edge };
    if (file.kind === 'media') {
      const streamId = file.streamId;
      if (!slate.streams.some((s) => s.id === streamId)) return null;
      // The same bytes for every viewer of the window (decision 096): segment URIs are relative
      // to the grant's own path (`clips/aurora/chunk-….m4s` under `/live/{grant}/`), and each
      // segment request is checked against the grant (`segment` below). Built once per
      // (channel, stream, listed segments, guide read), kept as bytes.
      const template = hlsTemplates.get(grant.channelId, streamId, range, programmes, () =>
        buildHlsMediaPlaylist({ segments: segmentsOf(), streamId, range, baseUrl: placeholderOf }),
      );
      return { contentType: HLS_TYPE, body: sharedBytesOf(template) };
    }
    // The MPD keeps each viewer's short segment grants in its BaseURLs (decision 022).
    const baseUrl = createBaseUrls(
      signedBaseUrls,
      grant,
      expiresAt,
      grant.window === 'preview' ? segmentsOf() : null,
      refusals?.dirs,
    );
    if (window.kind === 'live' || window.kind === 'startover') {
      const { first, last } = dynamicBlockRange(range.fromMs, at);
      const blocks = Array.from({ length: last - first + 1 }, (_, i) => blockAt(programmes, first + i, slate));
      const depthMs = at - range.fromMs;
      return {
        contentType: DASH_TYPE,
        body: buildDashMpd({
          blocks,
          baseUrl,
          nowMs: at,
          type: 'dynamic',
          timeShiftBufferDepthMs: depthMs,
          endMs: range.toMs,
        }),
      };
    }
    const first = blockIndexAt(range.fromMs);
    const last = blockIndexAt(range.toMs - 1);
    const blocks = Array.from({ length: last - first + 1 }, (_, i) => blockAt(programmes, first + i, slate));
    return {
      contentType: DASH_TYPE,
      body: buildDashMpd({ blocks, baseUrl, nowMs: at, type: 'static', endMs: range.toMs }),
    };
  }

  const segmentIndexes = createSegmentIndexes(SEGMENT_INDEXES_KEPT);
  /** What a grant's window lists now, for its segments: a live one reaches LIVE_SEGMENT_GRACE_MS further back. */
  function segmentSpanOf(grant: LiveGrant, at: number) {
    const { range } = windowOf(grant, at);
    const listedFrom = range.isClosed ? range.fromMs : range.fromMs - LIVE_SEGMENT_GRACE_MS;
    return { range, listedFrom, span: programmesSpan({ ...range, fromMs: listedFrom }, at) };
  }
  /** A segment's answer from the window's guide read, without I/O (`segment` and `segmentFromMemory`). */
  function segmentAnswer(
    grant: LiveGrant,
    wanted: { dir: string; segment: number | null },
    slate: LiveClip,
    programmes: readonly LiveProgramme[],
    listedFrom: number,
    toMs: number,
  ): LiveSegmentAnswer {
    const index = segmentIndexes.get(grant.channelId, listedFrom, toMs, programmes, () =>
      segmentsBetween(programmes, slate, listedFrom, toMs),
    );
    const inDir = index.get(wanted.dir);
    if (!inDir) return 'forbidden';
    // An init segment holds no picture: its folder being listed is enough.
    if (wanted.segment === null) return 'allowed';
    const segment = inDir.get(wanted.segment);
    if (!segment) return 'forbidden';
    if (!grant.guard || segment.block.isSlate) return 'allowed';
    const refusal = liveRatingRefusal(grant, ratedOf(segment.block.programme) ?? { contentId: -1, rating: 0 });
    return refusal ? { refused: refusal } : 'allowed';
  }

  return {
    /**
     * May this live grant fetch `file` (`clips/{clip}/…m4s`, relative to its manifests) now
     * (decision 096)? Only a segment its window lists at this instant (a live window reaching
     * LIVE_SEGMENT_GRACE_MS further back, for a player a few segments behind), or that folder's
     * init segment: never another channel's, another window's, or one not yet aired. A segment
     * of a programme the grant's viewer may not see answers its refusal (decision 082). The
     * session's own state (stop mark, ended session, right) is the stream authority's.
     */
    async segment(grant: LiveGrant, file: string): Promise<LiveSegmentAnswer> {
      const wanted = segmentFileOf(file);
      if (!wanted) return 'forbidden';
      const slate = await slateClip();
      const at = nowMs();
      const { range, listedFrom, span } = segmentSpanOf(grant, at);
      const programmes = await sharedProgrammesOf(grant.channelId, span[0], span[1]);
      return segmentAnswer(grant, wanted, slate, programmes, listedFrom, range.toMs);
    },
    /**
     * The same answer as `segment` when the guide read it needs is fresh and in memory (a live
     * segment answered before routing, decision 126); undefined when it would have to wait. The
     * read is kept fresh as a playlist's is (read behind, watched by the timer, decision 121).
     */
    segmentFromMemory(grant: LiveGrant, file: string): LiveSegmentAnswer | undefined {
      const wanted = segmentFileOf(file);
      if (!wanted) return 'forbidden';
      if (!slate) return undefined;
      const at = nowMs();
      const { range, listedFrom, span } = segmentSpanOf(grant, at);
      const soon = at + PROGRAMMES_CACHE_MS;
      const next = () => segmentSpanOf(grant, soon).span;
      const programmes = programmesFromMemory(grant.channelId, span[0], span[1], next);
      return programmes && segmentAnswer(grant, wanted, slate, programmes, listedFrom, range.toMs);
    },
    /** The manifest `file` of a live grant, or null when the file does not exist. */
    async build(grant: LiveGrant, fileName: string): Promise<LiveManifest | RefusedLiveManifest | null> {
      const file = manifestFileOf(fileName);
      if (!file) return null;
      const slate = await slateClip();
      const at = nowMs();
      if (file.kind === 'master' || file.kind === 'variant') return render(grant, file, slate, at, []);
      const [fromMs, toMs] = programmesSpan(windowOf(grant, at).range, at);
      const soon = at + PROGRAMMES_CACHE_MS;
      const next = () => programmesSpan(windowOf(grant, soon).range, soon);
      watch(programmesKey(grant.channelId, fromMs, toMs), grant.channelId, fromMs, toMs, next, at);
      const programmes = await sharedProgrammesOf(grant.channelId, fromMs, toMs);
      return render(grant, file, slate, at, programmes);
    },
    /**
     * The same answer as `build` when everything it needs is in memory (the slate, a fresh guide
     * read); undefined when it would have to wait, and then `build` is the way.
     */
    /**
     * The segment of a channel's timeline playing at `atMs` (its block, clip and number), from the
     * guide read a live manifest built now reads too: a channel page's stand-in picture (decision
     * 139) shares that read with the player's first manifest a moment later.
     */
    async segmentAt(channelId: number, atMs: number): Promise<LiveSegment | null> {
      const slate = await slateClip();
      const at = nowMs();
      const [fromMs, toMs] = programmesSpan(windowRange({ kind: 'live', nowMs: at, depthMs: LIVE_DEPTH_MS }), at);
      const programmes = await sharedProgrammesOf(channelId, fromMs, toMs);
      const startMs = Math.floor(atMs / SEGMENT_MS) * SEGMENT_MS;
      return segmentsBetween(programmes, slate, startMs, startMs + SEGMENT_MS)[0] ?? null;
    },
    /** Resolves once the guide reads made ahead of the reloads so far are answered (tests). */
    async settled(): Promise<void> {
      while (readsAhead.size) await Promise.allSettled([...readsAhead]);
    },
    /** Guide reads started ahead of the reloads so far, and the spans kept fresh now (tests). */
    guideReadsBehind: () => ({ started: guideReadsBehind, watched: watched.size }),
    /** Stops the timer for good (the app's close). */
    close() {
      closed = true;
      watched.clear();
      stopWatching();
    },
    buildFromMemory(grant: LiveGrant, fileName: string): LiveManifest | RefusedLiveManifest | null | undefined {
      const file = manifestFileOf(fileName);
      if (!file) return null;
      if (!slate) return undefined;
      const at = nowMs();
      if (file.kind === 'master' || file.kind === 'variant') return render(grant, file, slate, at, []);
      const [fromMs, toMs] = programmesSpan(windowOf(grant, at).range, at);
      const soon = at + PROGRAMMES_CACHE_MS;
      // An unnamed function: tsx (how the server runs) names a named one at every call, which
      // cost a reload 1.7 µs (decision 125).
      const programmes = programmesFromMemory(grant.channelId, fromMs, toMs, () =>
        programmesSpan(windowOf(grant, soon).range, soon),
      );
      return programmes && render(grant, file, slate, at, programmes);
    },
  };
}
export type LiveManifests = ReturnType<typeof createLiveManifests>;

/** A segment request under a live grant: allowed, not this grant's, or refused for its rating. */
export type LiveSegmentAnswer = 'allowed' | 'forbidden' | { refused: LiveRatingRefusal };

/**
 * How far behind a live window's back a listed segment may still be fetched: the window moves on
 * while a player fetches what it listed (a viewer paused near the back, a slow network).
 */
export const LIVE_SEGMENT_GRACE_MS = 30_000;
const SEGMENT_INDEXES_KEPT = 256;

/** `clips/{clip}/init-streamN.m4s` or `…/chunk-streamN-NNNNN.m4s`: its folder and segment number. */
function segmentFileOf(file: string): { dir: string; segment: number | null } | null {
  const match = /^(clips\/[A-Za-z0-9_-]+)\/(?:init-stream\d{1,2}|chunk-stream\d{1,2}-(\d{5}))\.m4s$/.exec(file);
  if (!match) return null;
  return { dir: match[1]!, segment: match[2] === undefined ? null : Number(match[2]) };
}

/**
 * The segments a window lists, by folder and segment number (1-based, as in the file names), per
 * channel, listed sequence numbers and guide read (identity, as the templates): every viewer's
 * segment requests in one window share it. Bounded by count, the least recently used first out.
 */
function createSegmentIndexes(max: number) {
  type Index = Map<string, Map<number, LiveSegment>>;
  const entries = new Map<string, { programmes: readonly LiveProgramme[]; index: Index }>();
  return {
    get(
      channelId: number,
      fromMs: number,
      toMs: number,
      programmes: readonly LiveProgramme[],
      list: () => LiveSegment[],
    ): Index {
      const key = `${channelId}:${Math.ceil(fromMs / SEGMENT_MS)}:${Math.ceil(toMs / SEGMENT_MS)}`;
      const hit = lruGet(entries, key);
      if (hit && hit.programmes === programmes) return hit.index;
      const index: Index = new Map();
      for (const segment of list()) {
        const dir = segment.block.clip.dir;
        let numbers = index.get(dir);
        if (!numbers) index.set(dir, (numbers = new Map()));
        numbers.set(segment.clipSegment + 1, segment);
      }
      lruSet(entries, key, { programmes, index }, max);
      return index;
    },
  };
}

/**
 * What a window lists that the grant's viewer may not see (decision 082): the reason for the
 * programme at its live edge (its newest segment), and for each clip folder whose segments play
 * such a programme in the window. Null, at no cost, for a viewer with no guard or a guide read
 * without such a programme: the common case.
 */
function refusalsOf(
  grant: LiveGrant,
  programmes: readonly LiveProgramme[],
  segmentsOf: () => LiveSegment[],
): { edge: LiveRatingRefusal | null; dirs: Map<string, LiveRatingRefusal> } | null {
  if (!grant.guard) return null;
  const judge = (programme: LiveProgramme | null) => {
    const rated = ratedOf(programme);
    return rated ? liveRatingRefusal(grant, rated) : null;
  };
  if (!programmes.some((programme) => judge(programme) !== null)) return null;
  const dirs = new Map<string, LiveRatingRefusal>();
  let edge: LiveRatingRefusal | null = null;
  for (const segment of segmentsOf()) {
    // The slate after a programme's end is not the programme.
    const refusal = segment.block.isSlate ? null : judge(segment.block.programme);
    if (refusal) dirs.set(segment.block.clip.dir, refusal);
    edge = refusal;
  }
  return { edge, dirs };
}

/**
 * One segment grant per clip folder in the manifest. A preview's grants open only the segments
 * the preview lists, so nothing past it can be fetched (decision 022).
 */
function createBaseUrls(
  signed: SignedBaseUrls,
  grant: LiveGrant,
  expiresAt: number,
  previewSegments: readonly LiveSegment[] | null,
  refusals?: ReadonlyMap<string, LiveRatingRefusal>,
) {
  const urls = new Map<string, string>();
  const urlOf = (dir: string) => {
    let url = urls.get(dir);
    if (!url) {
      const listed = previewSegments?.filter((s) => s.block.clip.dir === dir).map((s) => s.clipSegment + 1);
      url = signed.get({
        ...{ dir, sessionId: grant.sessionId, customerId: grant.customerId },
        ...{ usage: grant.usage, player: 'live', expiresAt },
        segmentRange: listed?.length ? [Math.min(...listed), Math.max(...listed)] : previewSegments ? [0, 0] : null,
        // A folder playing a programme the viewer may not see: its segments are refused (decision 082).
        refusal: refusals?.get(dir) ?? null,
      });
      urls.set(dir, url);
    }
    return url;
  };
  return (clip: LiveClip) => urlOf(clip.dir);
}

/**
 * Bounds of the caches below: templates by their total length (a live playlist is ~10 k
 * characters, a 5-hour replay ~1.5 M), signed URLs by count (a few per viewer and second).
 */
const TEMPLATE_CACHE_CHARS = 16_000_000;
const SIGNED_URL_CACHE_ENTRIES = 20_000;

/**
 * The segments a window lists, computed when asked. Made here, not as a named arrow in `render`:
 * tsx (how the server runs) names a named function each time it is made, which cost every reload
 * 3.5 µs (decision 125); a returned arrow has no name to give.
 */
function segmentListOf(programmes: readonly LiveProgramme[], slate: LiveClip, range: WindowRange) {
  return () => segmentsBetween(programmes, slate, range.fromMs, range.toMs);
}

/** Marks a clip folder in a template; no folder name or playlist line holds this character. */
const MARK = '\u0001';
const placeholderOf = (clip: LiveClip) => `${MARK}${clip.dir}${MARK}`;

/**
 * A manifest's text split at its placeholders: `dirs[i]` goes between `bytes[i]` and
 * `bytes[i + 1]`. The text parts are kept encoded, so a request copies bytes instead of building
 * a string that the socket would encode again (a third of the route's time, measured).
 */
interface Template {
  bytes: readonly Buffer[];
  dirs: readonly string[];
  fixedLength: number;
  /** The playlist every viewer gets, folders relative to the grant's path (decision 096). */
  shared?: Buffer;
}

/** The template filled with each folder's relative path, once: every viewer's reloads send it. */
function sharedBytesOf(template: Template): Buffer {
  if (!template.shared) {
    const chunks: Buffer[] = [template.bytes[0]!];
    template.dirs.forEach((dir, i) => chunks.push(Buffer.from(`${dir}/`), template.bytes[i + 1]!));
    template.shared = Buffer.concat(chunks);
  }
  return template.shared;
}

function toTemplate(text: string): Template {
  const parts = text.split(MARK);
  const bytes = parts.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part));
  return {
    bytes,
    dirs: parts.filter((_, i) => i % 2 === 1),
    fixedLength: bytes.reduce((sum, part) => sum + part.length, 0),
  };
}

/** A bounded map that forgets the least recently used entry first. */
function lruGet<V>(map: Map<string, V>, key: string): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}
function lruSet<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

/**
 * HLS media playlist templates. A template is kept with the guide read it was built from and
 * used only with that same read (identity), so it is never older than the 2 s shared read: a
 * guide change shows when the read does. The key names everything else the text depends on:
 * the channel, the stream, the listed segments (their sequence numbers), and whether
 * and how the window is closed. The slate and clips are read once and never change.
 */
export function createTemplateCache(maxChars: number) {
  const entries = new Map<string, { programmes: readonly LiveProgramme[]; template: Template; chars: number }>();
  /**
   * The open (live) windows' keys of each channel and stream, oldest first. A live window moves on
   * every segment: one that has moved past is never asked again, so only the newest few are kept
   * (a viewer a moment behind may still ask the one before) — they no longer wait for the size
   * bound to push them out (the 30-minute soak's memory grew with them).
   */
  const liveKeys = new Map<string, string[]>();
  const LIVE_WINDOWS_KEPT = 3;
  let chars = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.chars;
  };
  return {
    get(
      channelId: number,
      streamId: number,
      range: WindowRange,
      programmes: readonly LiveProgramme[],
      build: () => string,
    ): Template {
      // The segments listed are those starting in [fromMs, toMs) (segmentsBetween): the key
      // names them by their sequence numbers without listing them.
      const first = Math.ceil(range.fromMs / SEGMENT_MS);
      const end = Math.max(first, Math.ceil(range.toMs / SEGMENT_MS));
      const key = `${channelId}:${streamId}:${first}:${end}:${range.isClosed}:${range.playlistType}`;
      const hit = entries.get(key);
      if (hit && hit.programmes === programmes) {
        // Most recently used last: eviction takes the first.
        entries.delete(key);
        entries.set(key, hit);
        return hit.template;
      }
      const text = build();
      const template = toTemplate(text);
      forget(key);
      entries.set(key, { programmes, template, chars: text.length });
      chars += text.length;
      if (!range.isClosed) {
        const family = `${channelId}:${streamId}`;
        const keys = liveKeys.get(family) ?? [];
        liveKeys.set(family, keys);
        if (!keys.includes(key)) keys.push(key);
        while (keys.length > LIVE_WINDOWS_KEPT) forget(keys.shift()!);
      }
      for (const oldest of entries.keys()) {
        if (chars <= maxChars || entries.size === 1) break;
        forget(oldest);
      }
      return template;
    },
    /** How many templates are kept (tests). */
    size: () => entries.size,
  };
}

/**
 * Signed segment folder URLs: a grant's token is a function of its fields, so a viewer's
 * reloads within the same second (same expiry) reuse it instead of signing again.
 */
export function createSignedBaseUrls(signer: StreamSigner, max: number) {
  const urls = new Map<string, { url: string; expiresAt: number }>();
  return {
    get(request: SegmentGrantRequest): string {
      const key = JSON.stringify([
        ...[request.dir, request.sessionId, request.customerId, request.usage, request.player],
        ...[request.expiresAt, request.segmentRange ?? null, request.purchase ?? null, request.refusal ?? null],
      ]);
      const known = lruGet(urls, key);
      if (known) return known.url;
      const url = segmentBaseUrl(signer, request);
      // The least recently used come first; one whose expiry is seconds older than this one's
      // will not be asked again (the expiry moves with the clock): forgotten now, not at the bound.
      for (const [oldKey, entry] of urls) {
        if (entry.expiresAt >= request.expiresAt - 2) break;
        urls.delete(oldKey);
      }
      lruSet(urls, key, { url, expiresAt: request.expiresAt }, max);
      return url;
    },
    /** How many signed URLs are kept (tests). */
    size: () => urls.size,
  };
}
type SignedBaseUrls = ReturnType<typeof createSignedBaseUrls>;
