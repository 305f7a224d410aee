import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connect';
import type { Database } from '../../db/schema';

/** A customer as the console's search lists them (decision 080). */
export interface SupportCustomerSummary {
  id: number;
  uid: string;
  login: string | null;
  name: string;
  phone: string | null;
  createdAt: string;
  deleted: boolean;
}

export interface SupportCustomerCard extends SupportCustomerSummary {
  locale: string;
  country: string;
  loggedWith: string | null;
  profiles: { id: number; name: string; kids: boolean }[];
  devices: { id: number; platform: string; vendor: string | null; model: string | null; lastSeenAt: string }[];
  sessions: {
    ref: string;
    platform: string;
    createdAt: string;
    lastSeenAt: string;
    expiresAt: string;
    deviceId: number | null;
  }[];
}

const SEARCH_LIMIT = 20;

const nameOf = (row: { first_name: string | null; last_name: string | null; user_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || row.user_name || '';

const summaryOf = (row: {
  id: number;
  uid: string;
  login: string | null;
  first_name: string | null;
  last_name: string | null;
  user_name: string | null;
  phone_number: string | null;
  created_at: string;
  deleted_at: string | null;
}): SupportCustomerSummary => ({
  id: row.id,
  uid: row.uid,
  login: row.login,
  name: nameOf(row),
  phone: row.phone_number,
  createdAt: row.created_at,
  deleted: row.deleted_at !== null,
});

/**
 * What support reads of an account (decision 080): the console asks the accounts module through
 * its front door, never its tables. A session is shown by a short reference (the first characters
 * of its stored hash), never its token.
 */
export function createSupportView(db: Kysely<Database>, now: () => Date, dialect: Dialect = 'sqlite') {
  return {
    /**
     * By e-mail (login) or its beginning, mobile number or customer UID. Each way is one indexed
     * read (decision 100): a part taken from the middle of an address would scan every account.
     */
    async find(
      query: string | undefined,
      page: { beforeId: number | null; limit: number } = { beforeId: null, limit: SEARCH_LIMIT },
    ): Promise<SupportCustomerSummary[]> {
      const q = query?.trim().toLowerCase();
      if (q !== undefined && q.length < 3) return [];
      const columns = [
        'id',
        'uid',
        'login',
        'first_name',
        'last_name',
        'user_name',
        'phone_number',
        'created_at',
        'deleted_at',
      ] as const;
      // Newest first, a page at a time (decision 110): every read below takes the rows before the
      // previous page's last id, so a deep page costs what the first does.
      const before = page.beforeId;
      const limit = page.limit;
      if (q === undefined) {
        // No search: the newest accounts (a Monday's sign-ups), read backwards along the primary key.
        let newest = db.selectFrom('customers').select(columns);
        if (before !== null) newest = newest.where('id', '<', before);
        return (await newest.orderBy('id', 'desc').limit(limit).execute()).map(summaryOf);
      }
      const digits = q.replace(/[\s.+-]/g, '');
      const byLogin = db
        .selectFrom('customers')
        .select(columns)
        .$if(before !== null, (qb) => qb.where('id', '<', before!))
        .where((eb) =>
          // PostgreSQL reads a LIKE prefix from the text_pattern_ops index whatever the database's
          // collation; SQLite's LIKE, which ignores case, reads no index, but its binary order keeps
          // a prefix as one range of the login's unique index (migration 035).
          dialect === 'postgres'
            ? eb('login', 'like', `${q.replace(/[%_\\]/g, '\\$&')}%`)
            : eb.and([eb('login', '>=', q), eb('login', '<', `${q}\u{10ffff}`)]),
        )
        .orderBy('id', 'desc')
        .limit(limit);
      const byUid = db
        .selectFrom('customers')
        .select(columns)
        .where('uid', '=', q)
        .$if(before !== null, (qb) => qb.where('id', '<', before!))
        .limit(limit);
      // The last nine digits (without the 0 or +33 before them), read from an index over the same
      // expression (migration 035): the same customers `phone_number LIKE '%<nine digits>'` found.
      const byPhone = /^\d{6,15}$/.test(digits)
        ? db
            .selectFrom('customers')
            .select(columns)
            .where(sql`substr(phone_number, length(phone_number) - 8)`, '=', digits.slice(-9))
            .$if(before !== null, (qb) => qb.where('id', '<', before!))
            .orderBy('id', 'desc')
            .limit(limit)
        : null;
      const found = (await Promise.all([byLogin.execute(), byUid.execute(), byPhone?.execute() ?? []])).flat();
      const rows = [...new Map(found.map((row) => [row.id, row])).values()].sort((a, b) => b.id - a.id).slice(0, limit);
      return rows.map(summaryOf);
    },

    async card(customerId: number): Promise<SupportCustomerCard | null> {
      const row = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
      if (!row) return null;
      const [profiles, devices, sessions] = await Promise.all([
        db
          .selectFrom('customer_profiles')
          .select(['id', 'user_name', 'is_kids'])
          .where('customer_id', '=', customerId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('devices')
          .select(['id', 'platform', 'vendor', 'model', 'last_seen_at'])
          .where('customer_id', '=', customerId)
          .orderBy('last_seen_at', 'desc')
          .execute(),
        db
          .selectFrom('sessions')
          .select(['id', 'platform', 'created_at', 'last_seen_at', 'expires_at', 'device_id'])
          .where('customer_id', '=', customerId)
          .where('expires_at', '>', now().toISOString())
          .orderBy('last_seen_at', 'desc')
          .execute(),
      ]);
      return {
        id: row.id,
        uid: row.uid,
        login: row.login,
        name: nameOf(row),
        phone: row.phone_number,
        createdAt: row.created_at,
        deleted: row.deleted_at !== null,
        locale: row.locale,
        country: row.country,
        loggedWith: row.logged_with,
        profiles: profiles.map((p) => ({ id: p.id, name: p.user_name, kids: Boolean(p.is_kids) })),
        devices: devices.map((d) => ({
          id: d.id,
          platform: d.platform,
          vendor: d.vendor,
          model: d.model,
          lastSeenAt: d.last_seen_at,
        })),
        sessions: sessions.map((s) => ({
          ref: s.id.slice(0, 12),
          platform: s.platform,
          createdAt: s.created_at,
          lastSeenAt: s.last_seen_at,
          expiresAt: s.expires_at,
          deviceId: s.device_id,
        })),
      };
    },
  };
}

export type SupportView = ReturnType<typeof createSupportView>;
