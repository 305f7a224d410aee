import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { COOKIE_MAX_AGE_SECONDS } from '@playz/domain';
import type { Database } from '../db/schema';
import { createGenerationCache } from '../lib/generation-cache';
import type { SessionsEndedListener, SessionsEndedScope } from './sessions-ended';
import type { TableGenerations } from '../lib/table-generations';

/** Sessions last as long as the spec's client cookies: 6 months (spec 1 §9). */
export const SESSION_LIFETIME_MS = COOKIE_MAX_AGE_SECONDS * 1000;
/** last_seen_at is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** The database keeps only a hash: a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  // One-shot: every signed-in request hashes its token, and a Hash object (a stream) cost about
  // three times as much to make and collect (decision 121).
  return hash('sha256', token, 'hex');
}

export interface SessionRecord {
  id: string;
  customerId: number;
  lastSeenAt: string;
  /** The profile the session is on (spec 1 §3 currentProfileIndex); null before the first. */
  profileId: number | null;
  /**
   * Whether that profile is a kids profile (decision 009). Without a chosen profile the session is
   * on the account's first, which is never one (profiles.service.ts refuses it).
   */
  isKidsProfile: boolean;
}

/** Sessions read by token kept in memory (~200 bytes each). */
const SESSION_CACHE_ENTRIES = 50_000;

/**
 * Sessions. With `generations` (the app's table write counters, decision 037), a session read by
 * its token is kept until any session row (or a row its foreign keys cascade from) changes on any
 * node (a log-in, a log-out, a profile switch, a touch): every API call reads its session, and most find it unchanged. Unknown tokens
 * are never kept (a guesser would fill the cache); expiry is compared at every read.
 */
export function createSessionRepository(db: Kysely<Database>, generations?: TableGenerations) {
  // Told whenever sessions end, whichever way (docs/decisions/018: device leases go at once).
  const listeners: SessionsEndedListener[] = [];
  // The profile's kids flag comes with the session: adult-only calls check it without a read of
  // their own (decision 055); a profile edited or deleted changes customer_profiles, below.
  const readSession = (id: string) =>
    db
      .selectFrom('sessions')
      .leftJoin('customer_profiles', 'customer_profiles.id', 'sessions.profile_id')
      .select([
        'sessions.id',
        'sessions.customer_id',
        'sessions.last_seen_at',
        'sessions.profile_id',
        'sessions.expires_at',
        'customer_profiles.is_kids',
      ])
      .where('sessions.id', '=', id)
      .executeTakeFirst()
      .then((row) => row ?? null);
  const cache = generations
    ? createGenerationCache<Awaited<ReturnType<typeof readSession>>>({
        generations,
        // Sessions, and the tables whose deletes cascade into them: an account deleted, a device
        // removed (its sessions go), a profile deleted (the session's profile_id is set null).
        tables: ['sessions', 'customers', 'devices', 'customer_profiles'],
        maxEntries: SESSION_CACHE_ENTRIES,
        keep: (row) => row !== null,
      })
    : null;
  type Row = NonNullable<Awaited<ReturnType<typeof readSession>>>;
  /** What a kept row says, worked out once per row object (decision 121). */
  interface Read {
    expiresAt: number;
    lastSeenAt: number;
    /** The session it opens (decision 124: the same object while the row is kept). */
    record: SessionRecord;
  }
  const readOf = new WeakMap<object, Read>();
  function readOfRow(row: Row): Read {
    let read = readOf.get(row);
    if (!read) {
      read = {
        expiresAt: Date.parse(row.expires_at),
        lastSeenAt: Date.parse(row.last_seen_at),
        record: Object.freeze({
          ...{ id: row.id, customerId: row.customer_id, lastSeenAt: row.last_seen_at, profileId: row.profile_id },
          isKidsProfile: row.is_kids === 1,
        }),
      };
      readOf.set(row, read);
    }
    return read;
  }
  const ended = async (scope: SessionsEndedScope) => void (await Promise.all(listeners.map((l) => l(scope))));
  return {
    async create(
      customerId: number,
      platform: string,
      deviceUdid: string | null,
      now = new Date(),
      /** The registered device and the profile the session starts on (migration 002). */
      link: { deviceId: number | null; profileId: number | null } = { deviceId: null, profileId: null },
    ) {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('sessions')
        .values({
          id: hashToken(token),
          customer_id: customerId,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
          platform,
          device_udid: deviceUdid,
          device_id: link.deviceId,
          profile_id: link.profileId,
        })
        .execute();
      return token;
    },

    async findValid(token: string, now = new Date()): Promise<SessionRecord | null> {
      const id = hashToken(token);
      const row = cache ? await cache.get(id, () => readSession(id)) : await readSession(id);
      if (!row) return null;
      // The row's instants, parsed once per row read (a kept row is the same object): the
      // comparisons stay at every request, two ISO strings made and parsed per request went
      // (decision 121). An instant that does not parse refuses the session.
      const read = readOfRow(row);
      const time = now.getTime();
      if (!(read.expiresAt > time)) return null;
      if (time - read.lastSeenAt > TOUCH_INTERVAL_MS) {
        await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', row.id).execute();
      }
      return { ...read.record };
    },

    /**
     * `findValid` without waiting (decision 124), for a hot path: the session when its row is
     * kept, the table counters can be read in this process and have not moved (the stamp is read
     * at every call, as `findValid` reads it: decision 104), it has not expired and no touch is
     * due. Undefined in every other case, the caller then asks `findValid`, which decides. The
     * record is the same frozen object while the row is kept.
     */
    peekValid(token: string, now: number): SessionRecord | undefined {
      const row = cache?.peek(hashToken(token));
      if (!row) return undefined;
      const read = readOfRow(row);
      if (!(read.expiresAt > now) || now - read.lastSeenAt > TOUCH_INTERVAL_MS) return undefined;
      return read.record;
    },

    /** The profile a session of `customerId` is on; null for another customer's session. */
    async profileOf(sessionId: string, customerId: number): Promise<number | null> {
      const row = await db
        .selectFrom('sessions')
        .select('profile_id')
        .where('id', '=', sessionId)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.profile_id ?? null;
    },

    async delete(sessionId: string) {
      const row = await db
        .deleteFrom('sessions')
        .where('id', '=', sessionId)
        .returning('customer_id')
        .executeTakeFirst();
      if (row) await ended({ customerId: row.customer_id });
    },

    /** When a session started: a fresh one proves a recent sign-in (decision 019). */
    async startedAt(sessionId: string): Promise<string | undefined> {
      const row = await db.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst();
      return row?.created_at;
    },

    /**
     * The sessions among `sessionIds` that are `customerId`'s, with the device each runs on
     * (the devices-limit dialog's list, decision 061).
     */
    devicesOf(customerId: number, sessionIds: string[]) {
      if (sessionIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('sessions')
        .leftJoin('devices', 'devices.id', 'sessions.device_id')
        .select(['sessions.id', 'sessions.created_at', 'sessions.platform'])
        .select(['devices.type', 'devices.vendor', 'devices.model', 'devices.system_name'])
        .where('sessions.customer_id', '=', customerId)
        .where('sessions.id', 'in', sessionIds)
        .orderBy('sessions.created_at')
        .execute();
    },

    /** The device and profile of a session (account management). */
    findLinks(sessionId: string) {
      return db
        .selectFrom('sessions')
        .select(['device_id', 'profile_id'])
        .where('id', '=', sessionId)
        .executeTakeFirst();
    },

    async setProfile(sessionId: string, profileId: number) {
      await db.updateTable('sessions').set({ profile_id: profileId }).where('id', '=', sessionId).execute();
    },

    /** Ends every session of an account but `keepSessionId` (password change, sign out everywhere). */
    async deleteAllOfCustomer(customerId: number, keepSessionId: string | null = null): Promise<number> {
      let query = db.deleteFrom('sessions').where('customer_id', '=', customerId);
      if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
      const result = await query.executeTakeFirst();
      // Told even when no row went: account deletion and password reset delete the rows
      // themselves (cascade, transaction) and end through here so the listeners hear of it.
      await ended({ customerId });
      return Number(result.numDeletedRows);
    },

    /** Breach response: every session of every account ends (operator command). */
    async deleteAll(): Promise<number> {
      const result = await db.deleteFrom('sessions').executeTakeFirst();
      await ended('every-account');
      return Number(result.numDeletedRows);
    },

    /** Signing one device out (spec 1 §7): its sessions end here, before the device row goes. */
    async deleteOfDevice(customerId: number, deviceId: number): Promise<void> {
      await db.deleteFrom('sessions').where('customer_id', '=', customerId).where('device_id', '=', deviceId).execute();
      await ended({ customerId });
    },

    /** `listener` hears of every session that ends from now on (device leases, decision 018). */
    onEnded(listener: SessionsEndedListener): void {
      listeners.push(listener);
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
