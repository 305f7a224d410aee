import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SessionRepository } from '../../sessions/session.repository';
import type { SsoService } from '../sso';
import type { AccountsRepository } from './accounts.repository';
import { attemptKeys } from './attempt-rules';
import type { DevicesRepository } from './devices.repository';
import { passwordGuardAccount, type PasswordGuard } from './password-guard';

/**
 * What support changes of an account from the console (decision 084), through the accounts
 * module's own rules: one session stopped as a log-out stops it, the refusals wrong passwords and
 * codes put on it lifted, its data exported, and the account deleted as the customer's own
 * deletion does (decision 009), its sign-on grants revoked at the providers (decision 079).
 */
export function createSupportActions(deps: {
  db: Kysely<Database>;
  accounts: AccountsRepository;
  devices: DevicesRepository;
  sessions: SessionRepository;
  limiter: RateLimiter;
  passwordGuard: PasswordGuard;
  sso: () => SsoService;
  now: () => Date;
}) {
  return {
    /**
     * Stops the session whose reference (the first 12 characters of its stored hash) is given,
     * if it is this customer's; through the session repository, so the device place, the player
     * streams and the remote sockets are freed as at any log-out.
     */
    async endSession(customerId: number, ref: string): Promise<{ platform: string; deviceId: number | null } | null> {
      const rows = await deps.db
        .selectFrom('sessions')
        .select(['id', 'platform', 'device_id'])
        .where('customer_id', '=', customerId)
        .where('id', 'like', `${ref}%`)
        .execute();
      // A reference is short: two sessions sharing it are both named, so neither is guessed at.
      if (rows.length !== 1) return null;
      const [row] = rows as [(typeof rows)[number]];
      await deps.sessions.delete(row.id);
      await deps.devices.deleteUnused(customerId);
      return { platform: row.platform, deviceId: row.device_id };
    },

    /** Lifts the password guard's refusals from every address and the parental code's lockouts. */
    async unlock(customerId: number): Promise<{ login: string | null } | null> {
      const row = await deps.accounts.findById(customerId);
      if (!row) return null;
      await deps.passwordGuard.forgive(passwordGuardAccount(row));
      await deps.limiter.reset(attemptKeys.parentalCustomer(customerId));
      await deps.limiter.reset(attemptKeys.parentalResetCustomer(customerId));
      return { login: row.login };
    },

    /** The account's part of a GDPR export (articles 15 and 20): never a hash, token or secret. */
    async exportOf(customerId: number) {
      const row = await deps.db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
      if (!row) return null;
      const [profiles, devices, sessions, watchHistory, favorites, alerts, signOn] = await Promise.all([
        deps.db
          .selectFrom('customer_profiles')
          .select(['id', 'uuid', 'user_name', 'is_kids', 'created_at'])
          .where('customer_id', '=', customerId)
          .orderBy('id')
          .execute(),
        deps.db
          .selectFrom('devices')
          .select(['id', 'platform', 'type', 'vendor', 'model', 'system_name', 'system_version', 'app_version'])
          .select(['first_seen_at', 'last_seen_at'])
          .where('customer_id', '=', customerId)
          .orderBy('id')
          .execute(),
        deps.db
          .selectFrom('sessions')
          .select(['platform', 'created_at', 'last_seen_at', 'expires_at', 'device_id'])
          .where('customer_id', '=', customerId)
          .orderBy('created_at')
          .execute(),
        deps.db
          .selectFrom('processing')
          .select(['content_id', 'playback_time', 'percentage', 'updated_at'])
          .where('customer_id', '=', customerId)
          .orderBy('updated_at')
          .execute(),
        deps.db
          .selectFrom('favorites')
          .select(['item_type', 'item_id', 'created_at'])
          .where('customer_id', '=', customerId)
          .orderBy('created_at')
          .execute(),
        deps.db
          .selectFrom('customer_alerts')
          .select(['alert_type', 'delta_time', 'enabled', 'updated_at'])
          .where('customer_id', '=', customerId)
          .execute(),
        deps.db
          .selectFrom('sso_identities')
          .select(['provider', 'created_at'])
          .where('customer_id', '=', customerId)
          .execute(),
      ]);
      return {
        account: {
          uid: row.uid,
          login: row.login,
          userName: row.user_name,
          firstName: row.first_name,
          lastName: row.last_name,
          gender: row.gender,
          dateOfBirth: row.date_of_birth ?? null,
          phoneNumber: row.phone_number,
          address: row.address,
          locale: row.locale,
          country: row.country,
          loggedWith: row.logged_with,
          domainMailbox: row.domain_mailbox_login,
          promoCode: row.promo_code,
          createdAt: row.created_at,
        },
        consents: {
          newsletter: Boolean(row.optin),
          cookieTypeIds: row.consent_cookie_type_ids,
          cookiesUpdatedAt: row.consent_updated_at,
          alerts,
        },
        profiles,
        devices,
        sessions,
        watchHistory,
        favorites,
        signOn,
      };
    },

    /**
     * The customer's own deletion (decision 009) on their request through support: the provider
     * grants are read before the identities go and revoked once the account is gone (decision
     * 079), every session ends and its listeners hear of it. Billing records stay as the law asks
     * (decision 084): the account row stays as their anonymous holder when there are any.
     */
    async deleteOnRequest(customerId: number): Promise<{ keptForAccounting: boolean } | null> {
      const row = await deps.accounts.findById(customerId);
      if (!row) return null;
      const grants = await deps.sso().grantsOf(customerId);
      await deps.accounts.deleteAccount(customerId, deps.now().toISOString());
      await deps.sessions.deleteAllOfCustomer(customerId);
      await deps.sso().revokeGrants(grants);
      const kept = await deps.db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
      return { keptForAccounting: kept !== undefined };
    },
  };
}

export type SupportActions = ReturnType<typeof createSupportActions>;
