import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The operator's console (decision 080): staff accounts apart from customers, their short
 * sessions, and the audit log. The log is append-only in the database itself: a trigger refuses
 * any UPDATE or DELETE of its rows, so neither a bug nor a console user can rewrite history
 * through the application's own connection.
 */
export function staffMigration(dialect: Dialect) {
  const serialId = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('staff')
        .addColumn('id', serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        // Comma-separated roles of decision 080 (admin, editor, support, finance).
        .addColumn('roles', 'text', (c) => c.notNull())
        // Base32 TOTP secret; null until enrolled at the first sign-in.
        .addColumn('totp_secret', 'text')
        .addColumn('totp_enrolled_at', 'text')
        // The last TOTP step accepted: a code is good once (RFC 6238 §5.2).
        .addColumn('totp_last_step', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('disabled_at', 'text')
        .execute();
      await db.schema
        .createTable('staff_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
        // 'password' after the first step, 'full' once the second factor is given.
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('at', 'text', (c) => c.notNull())
        // Null for what the CLI did (the first admin) — `actor` says who then.
        .addColumn('staff_id', 'integer')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('request_id', 'text')
        .addColumn('client_ip', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
      await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();
      if (dialect === 'postgres') {
        await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
          BEGIN RAISE EXCEPTION 'audit_log is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
        await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
          FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
      } else {
        await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
        await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
      }
    },
  };
}
