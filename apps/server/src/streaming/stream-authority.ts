import { randomUUID } from 'node:crypto';
import { playbackUsage, type PlayerKind, type Access } from '@playz/domain';
import type { DeviceLeases } from './device-leases';
import type { FilesGrant, StreamGrant } from './stream-signing';
import type { NodeBus } from '../lib/node-bus';
import type { SessionsEndedScope } from '../sessions/sessions-ended';

/**
 * What one node's authority tells the others (decision 022 addendum, decision 038): a device stopped,
 * was refused its place or started a stream again, an account's sessions ended. Each node keeps
 * the marks in memory, so a segment still costs no I/O, and hears the others' within moments.
 */
export type AuthorityEvent =
  { t: 'stopped' | 'refused' | 'started'; sessionId: string } | { t: 'ended'; scope: SessionsEndedScope };

/** How stale a session's state may be: "that session's manifests stop within seconds" (decision 022). */
export const AUTHORITY_CHECK_TTL_MS = 5000;
/**
 * Segments re-read the session's state at most this often (decision 049 addendum): a film's player
 * fetches its manifests once, so without it a lapsed subscription kept its segments for the grant's
 * whole lifetime (15 minutes); one look-up a minute per playing session bounds that to a minute.
 */
export const SEGMENT_RECHECK_MS = 60_000;
/** A manifest fetch renews the device's lease at most this often (live players reload every 3 s). */
const LEASE_RENEW_EVERY_MS = 30_000;
/**
 * A live reload answered from memory past this age of its session's state reads the state again
 * behind it (decision 112), so the next reload, 3.2 s later, still finds it younger than
 * AUTHORITY_CHECK_TTL_MS: without it every other reload of a viewer went the full way to read it.
 */
export const AUTHORITY_REFRESH_AHEAD_MS = 1500;
/** The lease is renewed behind a reload the same way once it is this close to LEASE_RENEW_EVERY_MS. */
const LEASE_RENEW_AHEAD_MS = 6000;
/** Sessions read again in one query at most (an `in` list every database takes whole). */
const REFRESH_BATCH = 500;
const MAX_ENTRIES = 50_000;

interface SessionState {
  customerId: number;
  checkedAt: number;
  alive: boolean;
  access: readonly Access[];
  leaseRenewedAt: number;
}

/**
 * Decides, at every manifest fetch, whether a grant still speaks for a viewer (decision 022, "the URL
 * carries its own authority"): the session it was made for is still signed in (not logged out,
 * not ended by a password change or an operator), the customer still has the right (a
 * subscription that ended turns View off), and the device still holds its place among the
 * account's simultaneous streams (decision 018; a device that said it stopped must ask again).
 * Segment fetches ask `allowsSegments`, which costs no I/O in the common case: a device that
 * stopped or was refused its place, or a session that ended on this node, gets no more segments
 * (decision 022 addendum); anything else is bounded by the segment grants' short lifetime.
 */
export function createStreamAuthority(deps: {
  liveSessions: (ids: string[]) => Promise<Set<string>>;
  accessOf: (customerId: number) => Promise<readonly Access[]>;
  leases: DeviceLeases;
  /** The other API nodes' authorities (every node hears its own messages too). */
  bus?: NodeBus<AuthorityEvent & { node: string }>;
  now?: () => Date;
}) {
  const nowMs = () => (deps.now?.() ?? new Date()).getTime();
  const states = new Map<string, SessionState>();
  /** Sessions whose device said it stopped (POST /customer/playback/stop), until they ask again. */
  const stopped = new Map<string, number>();
  /** Sessions whose device lost its place and was refused it again, until it gets one back. */
  const refused = new Map<string, number>();
  /** Sessions of accounts whose sessions ended here: looked up once, at their next segment. */
  const recheck = new Set<string>();
  /** States being read again behind a reload (decision 112), each with the read it waits for. */
  const refreshing = new Set<string>();
  /** The sessions due in this turn, each with its state and that state's checkedAt when asked. */
  let refreshBatch: Map<string, { state: SessionState; checkedAt: number }> | null = null;
  /** The reads and renewals behind reloads not yet done (`settled`, for tests). */
  const behind = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    behind.add(work);
    void work.finally(() => behind.delete(work));
  };

  /** Marks stay bounded: past MAX_ENTRIES the oldest go first (their grants are the oldest too). */
  function mark(marks: Map<string, number>, sessionId: string) {
    marks.delete(sessionId);
    marks.set(sessionId, nowMs());
    for (const oldest of marks.keys()) {
      if (marks.size <= MAX_ENTRIES) break;
      marks.delete(oldest);
    }
  }

  async function stateOf(sessionId: string, customerId: number): Promise<SessionState> {
    const at = nowMs();
    const known = states.get(sessionId);
    if (known && at - known.checkedAt < AUTHORITY_CHECK_TTL_MS) return known;
    if (states.size > MAX_ENTRIES) {
      states.clear();
      recheck.clear();
    }
    const alive = (await deps.liveSessions([sessionId])).has(sessionId);
    const access = alive ? await deps.accessOf(customerId) : [];
    const state = { customerId, checkedAt: at, alive, access, leaseRenewedAt: known?.leaseRenewedAt ?? 0 };
    states.set(sessionId, state);
    return state;
  }

  /** Applies an event, whichever node it comes from. */
  function apply(event: AuthorityEvent) {
    if (event.t === 'ended') {
      // Which of the account's sessions ended is not said (a password change keeps one): each is
      // checked again at its next manifest, and once at its next segment.
      for (const [sessionId, state] of states) {
        if (event.scope !== 'every-account' && state.customerId !== event.scope.customerId) continue;
        state.checkedAt = Number.NEGATIVE_INFINITY;
        recheck.add(sessionId);
      }
    } else if (event.t === 'started') {
      stopped.delete(event.sessionId);
      refused.delete(event.sessionId);
    } else if (event.t === 'stopped') {
      mark(stopped, event.sessionId);
      states.delete(event.sessionId);
    } else {
      mark(refused, event.sessionId);
    }
  }
  /** Applied here at once (the caller's next request must see it), then told to the other nodes. */
  const node = randomUUID();
  function tell(event: AuthorityEvent) {
    apply(event);
    deps.bus?.publish({ ...event, node });
  }
  deps.bus?.subscribe(({ node: from, ...event }) => {
    // Our own come back too; applied again late they could undo a later local change (a
    // 'started' heard after the next stop), so they are skipped.
    if (from !== node) apply(event as AuthorityEvent);
  });

  /**
   * The manifest decision when it needs no I/O: true or false, or undefined when the session's
   * state is older than AUTHORITY_CHECK_TTL_MS or the lease is due for renewal. `allows` does
   * that I/O and then decides the same way, so both answer alike (live-hot-path.ts). A yes past
   * AUTHORITY_REFRESH_AHEAD_MS also starts that I/O behind it, for the next reload (decision 112).
   */
  function allowsFromMemory(grant: StreamGrant): boolean | undefined {
    if (grant.sessionId === null || grant.customerId === null) return grant.usage === 'Preview';
    const at = nowMs();
    const state = states.get(grant.sessionId);
    if (!state || !(at - state.checkedAt < AUTHORITY_CHECK_TTL_MS)) return undefined;
    const decided = decide(grant, state, at);
    if (decided === true) {
      if (at - state.checkedAt >= AUTHORITY_REFRESH_AHEAD_MS) refreshAhead(grant.sessionId, state);
      if (at - state.leaseRenewedAt >= LEASE_RENEW_EVERY_MS - LEASE_RENEW_AHEAD_MS)
        renewAhead(grant.customerId, grant.sessionId, state, at);
    }
    return decided;
  }

  /**
   * Reads a session's state again without holding the reload that asked (decision 112): the
   * sessions due in the same turn are read together (one `liveSessions` query). What it read is
   * kept only if nothing changed the state meanwhile — an ended session or a change of rights
   * (`apply` sets checkedAt to -Infinity), a stop (the state is dropped) or a full read (a new
   * state object) — so a read that began before a log-out never brings the session back.
   */
  function refreshAhead(sessionId: string, state: SessionState) {
    if (refreshing.has(sessionId)) return;
    refreshing.add(sessionId);
    const asked = { state, checkedAt: state.checkedAt };
    if (refreshBatch && refreshBatch.size < REFRESH_BATCH) {
      refreshBatch.set(sessionId, asked);
      return;
    }
    const batch = new Map([[sessionId, asked]]);
    refreshBatch = batch;
    track(
      new Promise<void>((resolve) =>
        setImmediate(() => {
          if (refreshBatch === batch) refreshBatch = null;
          void readAgain(batch).finally(resolve);
        }),
      ),
    );
  }
  async function readAgain(batch: Map<string, { state: SessionState; checkedAt: number }>) {
    const at = nowMs();
    try {
      const alive = await deps.liveSessions([...batch.keys()]);
      for (const [sessionId, { state, checkedAt }] of batch) {
        const access = alive.has(sessionId) ? await deps.accessOf(state.customerId) : [];
        if (states.get(sessionId) !== state || state.checkedAt !== checkedAt) continue;
        state.alive = alive.has(sessionId);
        state.access = access;
        state.checkedAt = at;
      }
    } catch {
      // Nothing kept: the state ages past AUTHORITY_CHECK_TTL_MS and the full route reads it.
    } finally {
      for (const sessionId of batch.keys()) refreshing.delete(sessionId);
    }
  }
  /** The lease's heartbeat behind the reload; a lease that cannot be renewed is left to the full route. */
  const renewing = new Set<string>();
  function renewAhead(customerId: number, sessionId: string, state: SessionState, at: number) {
    // A refused device taking its place back is the full route's (it tells the other nodes).
    if (renewing.has(sessionId) || refused.has(sessionId)) return;
    renewing.add(sessionId);
    const renewal = deps.leases
      .renew(customerId, sessionId)
      .then(
        (renewed) => {
          if (renewed && states.get(sessionId) === state) state.leaseRenewedAt = Math.max(state.leaseRenewedAt, at);
        },
        () => undefined,
      )
      .finally(() => renewing.delete(sessionId));
    track(renewal);
  }

  function decide(grant: StreamGrant, state: SessionState, at: number): boolean | undefined {
    if (!state.alive) return false;
    // A preview takes no device place and its grant does not clear a stop (only full streams
    // do): the stop of the film just left must not refuse the next film's preview.
    if (grant.usage === 'Preview') return true;
    // An opening (decision 044) takes no place either, and a stop does not refuse it: the
    // viewer who left a film points at the next one. It still needs the right to View.
    const opening = grant.kind !== 'live' && grant.opening === true;
    if (!opening && stopped.has(grant.sessionId!)) return false;
    const items = grant.purchase ? [grant.purchase] : [];
    const player: PlayerKind = grant.kind === 'live' ? 'live' : grant.player;
    if (playbackUsage(player, state.access, items) !== 'View') return false;
    if (opening) return true;
    return at - state.leaseRenewedAt < LEASE_RENEW_EVERY_MS ? true : undefined;
  }

  /**
   * The session's state a segment is judged by. A session this node does not know (its grant
   * came from another node, or a node that restarted; its state was dropped past MAX_ENTRIES) is
   * looked up once, never assumed alive (decision 049): after that, memory answers.
   */
  async function segmentStateOf(sessionId: string, customerId: number): Promise<SessionState> {
    const remembered = recheck.delete(sessionId) ? undefined : states.get(sessionId);
    const known = remembered && nowMs() - remembered.checkedAt < SEGMENT_RECHECK_MS ? remembered : undefined;
    return known ?? (await stateOf(sessionId, customerId));
  }
  function segmentsAllowedBy(grant: FilesGrant, state: SessionState): boolean {
    if (!state.alive) return false;
    // The right as last read (a manifest's check refreshes it): a lapsed one stops them too.
    const items = grant.purchase ? [grant.purchase] : [];
    return playbackUsage(grant.player, state.access, items) === 'View';
  }

  return {
    allowsFromMemory,
    /** May the manifests of this grant be served now? */
    async allows(grant: StreamGrant): Promise<boolean> {
      if (grant.sessionId === null || grant.customerId === null) return grant.usage === 'Preview';
      const state = await stateOf(grant.sessionId, grant.customerId);
      const at = nowMs();
      const decided = decide(grant, state, at);
      if (decided !== undefined) return decided;
      // A live player reloads its manifest every few seconds: that is its heartbeat. A lease
      // that ran out in a long pause is taken again, if a place is free.
      const renewed = await deps.leases.renew(grant.customerId, grant.sessionId);
      if (!renewed) {
        try {
          await deps.leases.take(grant.customerId, grant.sessionId);
        } catch {
          // Refused its place: the segments it already listed stop too (decision 022), on every node.
          tell({ t: 'refused', sessionId: grant.sessionId });
          return false;
        }
      }
      if (refused.has(grant.sessionId)) tell({ t: 'started', sessionId: grant.sessionId });
      state.leaseRenewedAt = at;
      return true;
    },
    /**
     * May the segments of this grant be served now? A device that stopped or was refused its
     * place gets none (decision 022 addendum: a stop freed the place while minutes of segments stayed open, so
     * devices could take turns and play together); a session that ended on this node neither,
     * after one look-up, nor one this node has never seen (looked up once). Two map reads
     * otherwise: no I/O per segment. Previews take no place.
     */
    async allowsSegments(grant: FilesGrant): Promise<boolean> {
      if (grant.usage === 'Preview') return true;
      const sessionId = grant.sessionId;
      if (sessionId === null || grant.customerId === null) return false;
      // An opening's few segments (its range) take no place: a stop or a refusal leaves them.
      if (!grant.opening && (stopped.has(sessionId) || refused.has(sessionId))) return false;
      return segmentsAllowedBy(grant, await segmentStateOf(sessionId, grant.customerId));
    },
    /**
     * `allowsSegments` when it needs no I/O, for a live segment answered before routing (decision
     * 126): true only when `allowsSegments` would say true without a look-up; undefined otherwise
     * (a session this node must look up, a state older than SEGMENT_RECHECK_MS), and false for a
     * refusal — both of which the route then answers itself.
     */
    allowsSegmentsFromMemory(grant: FilesGrant): boolean | undefined {
      if (grant.usage === 'Preview') return true;
      const sessionId = grant.sessionId;
      if (sessionId === null || grant.customerId === null) return false;
      if (!grant.opening && (stopped.has(sessionId) || refused.has(sessionId))) return false;
      if (recheck.has(sessionId)) return undefined;
      const state = states.get(sessionId);
      if (!state || !(nowMs() - state.checkedAt < SEGMENT_RECHECK_MS)) return undefined;
      return segmentsAllowedBy(grant, state);
    },
    /**
     * Sessions ended (log-out, password change, operator sign-out): every node forgets what it
     * knew of them (this one at once, the others as soon as they hear it).
     */
    sessionsEnded(scope: SessionsEndedScope): void {
      tell({ t: 'ended', scope });
    },
    /**
     * The customer's rights changed (the `subscription.changed` event, which every node hears
     * itself): each of their sessions is checked again at its next manifest and segment.
     */
    rightsChanged(customerId: number): void {
      apply({ t: 'ended', scope: { customerId } });
    },
    /** Resolves once the reads and renewals started behind reloads so far are done (tests). */
    async settled(): Promise<void> {
      while (behind.size) await Promise.allSettled([...behind]);
    },
    /** A new stream was granted to this session: it plays again after a stop, on every node. */
    streamStarted(sessionId: string): void {
      tell({ t: 'started', sessionId });
    },
    /** The device stopped playing: its manifests and segments stop now, on every node (decision 022). */
    streamStopped(sessionId: string): void {
      tell({ t: 'stopped', sessionId });
    },
  };
}
export type StreamAuthority = ReturnType<typeof createStreamAuthority>;
