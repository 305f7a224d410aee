import type { Kysely } from 'kysely';

/**
 * What sign-on providers tell the server on their own (decision 086): whether Apple forwards mail
 * to a private relay address, and since when (a late, older notice must not undo a newer one);
 * every notice received, once (Apple's jti, Facebook's user and time), with the confirmation code
 * a data-deletion request is answered with and whose status page reads.
 */
export function ssoProviderNoticesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('sso_identities')
        .addColumn('email_forwarding', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('sso_identities').addColumn('email_state_at', 'text').execute();
      await db.schema
        .createTable('sso_notices')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('notice_id', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        // Only for data-deletion requests: what the person is given to follow theirs.
        .addColumn('confirmation_code', 'text', (c) => c.unique())
        .addPrimaryKeyConstraint('sso_notices_pk', ['provider', 'notice_id'])
        .execute();
    },
  };
}
