import fs from 'node:fs/promises';
import path from 'node:path';
import type { StreamAuthority } from '../../streaming/stream-authority';
import { createLiveHotAnswer, type LiveHotAnswerDeps } from './live-hot-answer';
import type { LiveManifests } from './live-manifests.service';
import { LIVE_SEGMENT_CACHE_CONTROL, liveSegmentPath } from './live-media.routes';

/** What the route's sender (@fastify/send) names a `.m4s` file, the only kind a live grant opens. */
const SEGMENT_CONTENT_TYPE = 'video/iso.segment';
/**
 * Request headers the route's sender acts on (a range, a conditional GET): such a request goes
 * the full way, so its 206, 304 or 412 is the sender's own.
 */
const SENDER_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since'];

/**
 * The segment files kept for the hot path: a few channels' newest segments at a few bitrates
 * (a 3.2 s segment at 5 Mb/s is 2 MB). Bounded so the node's memory stays what decision 126 measured.
 */
export const LIVE_SEGMENT_FILES = {
  maxBytes: 24 * 1024 * 1024,
  maxFileBytes: 4 * 1024 * 1024,
  freshMs: 5000,
  recheckMs: 1000,
};

/** A segment file's bytes and the validators the route's sender derives from its stat. */
interface SegmentFile {
  bytes: Buffer;
  etag: string;
  lastModified: string;
  /** The file's identity when read: a changed one is read again. */
  ino: number;
  mtimeMs: number;
  /** When its stat was last seen unchanged (the wall clock: it is compared with the file's own times). */
  checkedAt: number;
}

/**
 * Segment files kept in memory, shared by every viewer of a window: a live channel's viewers
 * fetch the same few newest segments. Bounded in bytes (least recently used out first). An entry
 * is served while its stat was seen unchanged within `freshMs`; past `recheckMs` its stat is read
 * again behind the answer, so a file replaced on disk is answered from disk within `freshMs`.
 */
export function createSegmentFiles(opts: {
  root: string;
  maxBytes: number;
  maxFileBytes: number;
  freshMs: number;
  recheckMs: number;
  clock?: () => number;
}) {
  const clock = opts.clock ?? Date.now;
  const files = new Map<string, SegmentFile>();
  const loading = new Set<string>();
  const pending = new Set<Promise<void>>();
  let bytes = 0;

  function keep(file: string, entry: SegmentFile) {
    const old = files.get(file);
    if (old) bytes -= old.bytes.length;
    files.delete(file);
    files.set(file, entry);
    bytes += entry.bytes.length;
    for (const [oldest, kept] of files) {
      if (bytes <= opts.maxBytes) break;
      files.delete(oldest);
      bytes -= kept.bytes.length;
    }
  }
  async function load(file: string, known: SegmentFile | undefined) {
    const handle = await fs.open(path.join(opts.root, file), 'r');
    try {
      const stat = await handle.stat();
      if (!stat.isFile() || stat.size > opts.maxFileBytes) return void files.delete(file);
      if (known && known.ino === stat.ino && known.mtimeMs === stat.mtimeMs && known.bytes.length === stat.size) {
        known.checkedAt = clock();
        return;
      }
      const read = await handle.readFile();
      // Written while read: left to the route until it is whole.
      if (read.length !== stat.size) return void files.delete(file);
      keep(file, {
        bytes: read,
        // What @fastify/send writes for the same stat (its etag and lastModified options).
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        lastModified: stat.mtime.toUTCString(),
        ino: stat.ino,
        mtimeMs: stat.mtimeMs,
        checkedAt: clock(),
      });
    } finally {
      await handle.close();
    }
  }
  function loadBehind(file: string, known: SegmentFile | undefined) {
    if (loading.has(file)) return;
    loading.add(file);
    const work = load(file, known)
      // A file gone or unreadable: forgotten, and the route answers it (404) itself.
      .catch(() => void files.delete(file))
      .finally(() => loading.delete(file));
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  return {
    /** The file when fresh in memory; otherwise undefined, and it is read for the next request. */
    get(file: string): SegmentFile | undefined {
      const entry = files.get(file);
      const age = entry ? clock() - entry.checkedAt : Number.POSITIVE_INFINITY;
      if (age >= opts.recheckMs) loadBehind(file, entry);
      return age < opts.freshMs ? entry : undefined;
    },
    /** Bytes kept now (tests, metrics). */
    bytes: () => bytes,
    /** Resolves once the reads started so far are done (tests). */
    async settled(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
export type SegmentFiles = ReturnType<typeof createSegmentFiles>;

export interface LiveSegmentHotPathDeps extends LiveHotAnswerDeps {
  authority: Pick<StreamAuthority, 'allowsSegmentsFromMemory'>;
  manifests: Pick<LiveManifests, 'segmentFromMemory'>;
  files: Pick<SegmentFiles, 'get'>;
}

/**
 * A live segment (`/live/{grant}/clips/{clip}/{segment}.m4s`, decision 096) answered before
 * Fastify when every check is in memory (decision 126), as the live playlist is (decision 039;
 * the frame is live-hot-answer.ts): the grant verified before, the window's guide read fresh and
 * listing that segment, the session known and allowed segments (not stopped, not refused its
 * place, not ended, still entitled) — then the file's bytes, kept in memory, with the route's own
 * headers. Anything else (a first fetch, any refusal, the rating cut, a session to look up, a file
 * not in memory, HEAD, a range, a conditional GET, a query string) returns false and the route
 * answers it, so a refusal's status and body are the route's by construction.
 */
export function createLiveSegmentHotPath(deps: LiveSegmentHotPathDeps) {
  return createLiveHotAnswer(deps, {
    takes(url, request) {
      if (!url.includes('/clips/')) return false;
      const headers = request.headers;
      for (const name of SENDER_HEADERS) if (headers[name] !== undefined) return false;
      return true;
    },
    split: liveSegmentPath,
    find(grant, name) {
      const listed = deps.manifests.segmentFromMemory(grant, name);
      if (listed !== 'allowed' && listed !== undefined) return undefined;
      // Read for the next request when not in memory, even when this one goes the full way for its
      // guide read: a verified grant's segment name, under the media root's clips only.
      const file = deps.files.get(name);
      if (listed === undefined || !file) return undefined;
      const filesGrant = {
        ...{ kind: 'segments' as const, prefix: name.slice(0, name.lastIndexOf('/')) },
        expiresAt: grant.expiresAt,
        ...{ sessionId: grant.sessionId, customerId: grant.customerId, usage: grant.usage },
        ...{ segmentRange: null, player: 'live' as const, purchase: grant.purchase ?? null },
      };
      return deps.authority.allowsSegmentsFromMemory(filesGrant) === true ? file : undefined;
    },
    body: (file) => file.bytes,
    // The route's sender's headers for the file; its bytes never change while it is kept, so
    // neither does its head.
    head: (file) => [
      ...['accept-ranges', 'bytes', 'cache-control', LIVE_SEGMENT_CACHE_CONTROL],
      ...['last-modified', file.lastModified, 'etag', file.etag, 'content-type', SEGMENT_CONTENT_TYPE],
    ],
  });
}
export type LiveSegmentHotPath = ReturnType<typeof createLiveSegmentHotPath>;
