import type { Kysely } from 'kysely';

/**
 * Social sign-on per provider (decisions 078, 079): the address the provider gives (an Apple private
 * relay address included) and the token that revokes its grant when the account is deleted, on each
 * identity; the `user` field Apple posts once, kept with the pending authorization until the callback.
 */
export function ssoGrantsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sso_identities').addColumn('email', 'text').execute();
      await db.schema.alterTable('sso_identities').addColumn('revoke_token', 'text').execute();
      await db.schema.alterTable('sso_authorizations').addColumn('posted_user', 'text').execute();
    },
  };
}
