import type { Kysely } from 'kysely';
import { decodeCursor, encodeCursor, keysetPage } from '../../db/keyset-cursor';
import type { Database } from '../../db/schema';

/** Who did it: a staff member through the console, or the operator at a shell (the CLI). */
export type AuditActor = { staffId: number; email: string } | { cli: string };

export interface AuditChange {
  actor: AuditActor;
  /** What was done, `<area>.<verb>`: `staff.create`, `staff.sign-in`, `offer.update`… */
  action: string;
  target: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  clientIp?: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  staffId: number | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  action?: string;
  actor?: string;
  targetType?: string;
  targetId?: string;
  /** Entries older than this id (the page before). */
  beforeId?: number;
  limit: number;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * The audit log (decision 080): every change made from the console or the CLI, with who, what,
 * before and after, and when. Written in the same transaction as the change it describes (pass
 * the transaction as `db`), so a change is never without its entry nor an entry without its
 * change; the table refuses updates and deletes (migration 021).
 */
export function createAuditLog(db: Kysely<Database>, now: () => Date) {
  async function list(filter: AuditFilter): Promise<AuditEntry[]> {
    let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(filter.limit);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.actor) query = query.where('actor', '=', filter.actor);
    if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
    if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
    if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor,
      staffId: row.staff_id,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: parsed(row.before_json),
      after: parsed(row.after_json),
    }));
  }

  return {
    list,
    async record(change: AuditChange, within: Kysely<Database> = db): Promise<void> {
      const actor = 'cli' in change.actor ? `cli:${change.actor.cli}` : change.actor.email;
      await within
        .insertInto('audit_log')
        .values({
          at: now().toISOString(),
          staff_id: 'staffId' in change.actor ? change.actor.staffId : null,
          actor,
          action: change.action,
          target_type: change.target.type,
          target_id: String(change.target.id),
          before_json: json(change.before),
          after_json: json(change.after),
          request_id: change.requestId ?? null,
          client_ip: change.clientIp ?? null,
        })
        .execute();
    },
    /**
     * A page of the log, newest first by id (its primary key), behind an opaque cursor like every
     * console list's (decisions 110 and 116): read as limit + 1, so a last page that is exactly
     * full answers no next page; a forged or another list's cursor is 3.
     */
    async page(
      filter: Omit<AuditFilter, 'beforeId' | 'limit'>,
      page: { after: string | undefined; limit: number },
    ): Promise<{ entries: AuditEntry[]; next: string | null }> {
      const beforeId = page.after ? decodeCursor('audit', ['int'], page.after)[0] : undefined;
      const rows = await list({ ...filter, beforeId, limit: page.limit + 1 });
      const { items, next } = keysetPage(rows, page.limit, (last) => encodeCursor('audit', [last.id]));
      return { entries: items, next };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
