import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';

/**
 * Passkeys beside TOTP as a staff member's second factor (decision 095):
 * - `staff_passkeys`: each member's WebAuthn credentials, their public key and signature counter;
 * - on `staff_sessions`, the one WebAuthn challenge the session may answer, what it is for
 *   (`register` on a full session, `sign-in` on a half-open one) and when it was made. It is taken
 *   by a conditional update, so a challenge is answered once, on any node, and only for a while.
 */
export function staffPasskeysMigration(dialect: Dialect) {
  const serialId = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('staff_passkeys')
        .addColumn('id', serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
        // The credential id as the browser gives it (base64url); one credential is one member's.
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        // The COSE public key, base64url.
        .addColumn('public_key', 'text', (c) => c.notNull())
        // The authenticator's signature counter: an assertion must carry a higher one (a clone tells).
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('staff_passkeys_staff').on('staff_passkeys').column('staff_id').execute();
      await db.schema.alterTable('staff_sessions').addColumn('webauthn_challenge', 'text').execute();
      await db.schema.alterTable('staff_sessions').addColumn('webauthn_purpose', 'text').execute();
      await db.schema.alterTable('staff_sessions').addColumn('webauthn_challenge_at', 'text').execute();
    },
  };
}
