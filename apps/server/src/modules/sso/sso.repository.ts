import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NewSsoCustomer {
  provider: string;
  subject: string;
  providerName: string;
  firstName: string | null;
  lastName: string | null;
  /** The provider's address for the person (an Apple private relay address is one). */
  email: string | null;
  revokeToken: string | null;
  locale: string;
  country: string;
  now: string;
}

export function createSsoRepository(db: Kysely<Database>) {
  return {
    async saveAuthorization(row: Database['sso_authorizations']) {
      await db.insertInto('sso_authorizations').values(row).execute();
    },

    /** Reads and deletes in one go: a state is good for one callback only. */
    async takeAuthorization(stateHash: string, now: string) {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('sso_authorizations')
          .selectAll()
          .where('state_hash', '=', stateHash)
          .executeTakeFirst();
        if (!row) return undefined;
        await tx.deleteFrom('sso_authorizations').where('state_hash', '=', stateHash).execute();
        await tx.deleteFrom('sso_authorizations').where('expires_at', '<=', now).execute();
        return row.expires_at > now ? row : undefined;
      });
    },

    /** The account of a provider's subject: (provider, subject) is the only key (decision 012). */
    async findCustomerId(provider: string, subject: string): Promise<number | null> {
      const row = await db
        .selectFrom('sso_identities')
        .select('customer_id')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },

    /** A new account without a login or password of its own, tied to the provider's subject. */
    async createCustomer(c: NewSsoCustomer): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('customers')
          .values({
            uid: randomUUID(),
            login: null,
            password_hash: null,
            locale: c.locale,
            country: c.country,
            first_name: c.firstName,
            last_name: c.lastName,
            logged_with: c.providerName,
            optin: 0,
            has_domain_mailbox: 0,
            created_at: c.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('sso_identities')
          .values({
            provider: c.provider,
            subject: c.subject,
            customer_id: id,
            created_at: c.now,
            email: c.email,
            revoke_token: c.revokeToken,
          })
          .execute();
        return id;
      });
    },

    /**
     * A sign-in to an existing account: loggedWith names the provider; a newer address or grant
     * token replaces the kept one, and a name the account lacks is filled (Apple sends it once).
     */
    async signedInAgain(
      customerId: number,
      providerName: string,
      identity: {
        subject: string;
        email: string | null;
        firstName: string | null;
        lastName: string | null;
        revokeToken: string | null;
      },
      provider = providerName.toLowerCase(),
    ) {
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('customers').set({ logged_with: providerName }).where('id', '=', customerId).execute();
        if (identity.firstName)
          await tx
            .updateTable('customers')
            .set({ first_name: identity.firstName })
            .where('id', '=', customerId)
            .where('first_name', 'is', null)
            .execute();
        if (identity.lastName)
          await tx
            .updateTable('customers')
            .set({ last_name: identity.lastName })
            .where('id', '=', customerId)
            .where('last_name', 'is', null)
            .execute();
        const changes = {
          ...(identity.email ? { email: identity.email } : {}),
          ...(identity.revokeToken ? { revoke_token: identity.revokeToken } : {}),
        };
        if (Object.keys(changes).length > 0)
          await tx
            .updateTable('sso_identities')
            .set(changes)
            .where('provider', '=', provider)
            .where('subject', '=', identity.subject)
            .execute();
      });
    },

    /** A form_post answer kept with its pending authorization; false when there is none. */
    async keepPostedAnswer(stateHash: string, provider: string, user: string | null, now: string): Promise<boolean> {
      const result = await db
        .updateTable('sso_authorizations')
        .set({ posted_user: user })
        .where('state_hash', '=', stateHash)
        .where('provider', '=', provider)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The account's provider grants, for revocation when it is deleted (decision 079). */
    async grantsOf(customerId: number) {
      return db
        .selectFrom('sso_identities')
        .select(['provider', 'subject', 'revoke_token'])
        .where('customer_id', '=', customerId)
        .execute();
    },

    /** The social accounts an account signs in with, as its owner sees them (decision 086). */
    async identitiesOf(customerId: number) {
      return db
        .selectFrom('sso_identities')
        .select(['provider', 'email', 'email_forwarding', 'created_at'])
        .where('customer_id', '=', customerId)
        .orderBy('created_at')
        .execute();
    },

    /** Grant tokens kept before they were sealed (decision 086): each is sealed once, in place. */
    async grantsToSeal(sealedPrefix: string) {
      return db
        .selectFrom('sso_identities')
        .select(['provider', 'subject', 'revoke_token'])
        .where('revoke_token', 'is not', null)
        .where('revoke_token', 'not like', `${sealedPrefix}%`)
        .execute();
    },
    async replaceGrant(provider: string, subject: string, before: string, after: string) {
      await db
        .updateTable('sso_identities')
        .set({ revoke_token: after })
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .where('revoke_token', '=', before)
        .execute();
    },

    /** Apple's mail forwarding to a relay address; a notice older than the one applied changes nothing. */
    async setEmailForwarding(provider: string, subject: string, forwarding: boolean, at: string) {
      await db
        .updateTable('sso_identities')
        .set({ email_forwarding: forwarding ? 1 : 0, email_state_at: at })
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .where((eb) => eb.or([eb('email_state_at', 'is', null), eb('email_state_at', '<', at)]))
        .execute();
    },

    /** The grant is gone at the provider: nothing left to revoke. */
    async dropGrant(provider: string, subject: string) {
      await db
        .updateTable('sso_identities')
        .set({ revoke_token: null })
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .execute();
    },

    /** The link to the provider's subject goes, with the address the provider gave. */
    async forgetIdentity(provider: string, subject: string) {
      await db.deleteFrom('sso_identities').where('provider', '=', provider).where('subject', '=', subject).execute();
    },

    /**
     * Whether the account can be signed in to other than through `besides`: its own password, or
     * another provider's identity.
     */
    async hasWayIn(customerId: number, besides: { provider: string; subject: string }): Promise<boolean> {
      const own = await db
        .selectFrom('customers')
        .select('id')
        .where('id', '=', customerId)
        .where('password_hash', 'is not', null)
        .executeTakeFirst();
      if (own) return true;
      const other = await db
        .selectFrom('sso_identities')
        .select('provider')
        .where('customer_id', '=', customerId)
        .where((eb) => eb.or([eb('provider', '!=', besides.provider), eb('subject', '!=', besides.subject)]))
        .executeTakeFirst();
      return other !== undefined;
    },

    /** Keeps a provider's notice once; false when it was kept already (a redelivery). */
    async keepNotice(row: Database['sso_notices']): Promise<boolean> {
      const result = await db
        .insertInto('sso_notices')
        .values(row)
        .onConflict((oc) => oc.columns(['provider', 'notice_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async noticeOf(provider: string, noticeId: string) {
      return db
        .selectFrom('sso_notices')
        .selectAll()
        .where('provider', '=', provider)
        .where('notice_id', '=', noticeId)
        .executeTakeFirst();
    },
    async noticeByCode(code: string) {
      return db.selectFrom('sso_notices').selectAll().where('confirmation_code', '=', code).executeTakeFirst();
    },
  };
}
export type SsoRepository = ReturnType<typeof createSsoRepository>;
