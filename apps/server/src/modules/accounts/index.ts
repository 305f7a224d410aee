import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { App } from '@playz/api-contract';
import type { Database } from '../../db/schema';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SessionCookies } from '../../plugins/session';
import { createAccountEditService } from './account-edit.service';
import { registerAccountsManageRoutes } from './accounts-manage.routes';
import { createAccountsRepository } from './accounts.repository';
import { registerAccountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { createCustomerSettingsService } from './customer-settings.service';
import { createDevicesRepository } from './devices.repository';
import { createDevicesService } from './devices.service';
import { createDomainMailboxService, insertMailboxAccount, prepareMailboxAccount } from './domain-mailbox.service';
import { registerParentalCodeResetRoutes } from './parental-code-reset.routes';
import { createParentalCodeResetService } from './parental-code-reset.service';
import { createParentalCodeService } from './parental-code.service';
import { createPasswordGuard } from './password-guard';
import { registerProfileLanguagesRoutes } from './profile-languages.routes';
import { createProfileLanguagesService } from './profile-languages.service';
import { createProfilesRepository } from './profiles.repository';
import { createProfilesService } from './profiles.service';
import { createPromoCodeRepository } from './promo-code.repository';
import { createPromoCodeService } from './promo-code.service';
import { createPromoCodeConsole } from './promo-code.console';
import { createParentalProofs } from '../../sessions/parental-proof';
import { createSecretBox, MAILBOX_PASSWORD_PURPOSE } from '../../lib/secret-box';
import type { SessionRepository } from '../../sessions/session.repository';
import type { TableGenerations } from '../../lib/table-generations';
import type { SsoService } from '../sso';
import { registerApiCalls } from '../../plugins/api-scope';
import { createSupportView } from './support-view';
import type { Dialect } from '../../db/connect';
import { createSupportActions } from './support-actions';

/** The account an operator payment is for, and whether that payment made it (decision 052). */
export interface MsisdnCustomer {
  id: number;
  created: boolean;
}

/** Another call bound the same external identity first (decision 089). */
class IdentityAlreadyBound extends Error {}

/** Builds the accounts area from its repositories. */
function buildAccounts(deps: {
  db: Kysely<Database>;
  sessions: SessionRepository;
  limiter: RateLimiter;
  /** Application data (site domain, cookie types), read when a call needs it. */
  getApp: () => Promise<App>;
  /** The server secret; the mailbox-password key is derived from it. */
  serverSecret: string;
  /** Table write counters: the customer view is cached while its tables are unchanged. */
  generations?: TableGenerations;
  /** Social sign-on, whose grants a deletion revokes (decision 079); read at call time. */
  sso: () => SsoService;
  /** The database's kind: support's search reads a different index on each (decision 100). */
  dialect?: Dialect;
  now?: () => Date;
}) {
  const { sessions, limiter, now } = deps;
  const repo = createAccountsRepository(deps.db);
  const devicesRepo = createDevicesRepository(deps.db);
  const profilesRepo = createProfilesRepository(deps.db);
  // Every place the account password is typed counts against one guard (decision 032).
  const passwordGuard = createPasswordGuard({ limiter, now });
  const accounts = createAccountsService({
    accounts: repo,
    sessions,
    devices: devicesRepo,
    profiles: profilesRepo,
    limiter,
    passwordGuard,
    generations: deps.generations,
    now,
  });
  const parentalCode = createParentalCodeService({ limiter, now });
  const profiles = createProfilesService({
    accounts: repo,
    profiles: profilesRepo,
    sessions,
    customers: accounts,
    parentalCode,
    now,
  });
  const edit = createAccountEditService({
    accounts: repo,
    sessions,
    devices: devicesRepo,
    customers: accounts,
    parentalCode,
    limiter,
    passwordGuard,
    getApp: deps.getApp,
    now,
  });
  const settings = createCustomerSettingsService({
    ...{ accounts: repo, parentalCode, getApp: deps.getApp, now },
    proofs: createParentalProofs(deps.serverSecret),
  });
  const devices = createDevicesService({ devices: devicesRepo, sessions, now });
  const promo = createPromoCodeService({ repo: createPromoCodeRepository(deps.db), limiter, now });
  const parentalCodeReset = createParentalCodeResetService({
    ...{ accounts: repo, sessions, customers: accounts, profiles, limiter, passwordGuard, now },
  });
  const languages = createProfileLanguagesService({ db: deps.db, profiles: profilesRepo, customers: accounts, now });
  const box = createSecretBox(deps.serverSecret, MAILBOX_PASSWORD_PURPOSE);
  const mailbox = createDomainMailboxService({ accounts: repo, box, now });

  return {
    service: accounts,
    /** What the console's support screens read of an account (decision 080). */
    support: {
      ...createSupportView(deps.db, now ?? (() => new Date()), deps.dialect),
      // What support changes of an account (decision 084), under this module's own rules.
      ...createSupportActions({
        ...{ db: deps.db, accounts: repo, devices: devicesRepo, sessions, limiter, passwordGuard, sso: deps.sso },
        now: now ?? (() => new Date()),
      }),
    },
    mailbox,
    /** The console's promo codes: their use, a new one, disabling one (decision 090). */
    promoCodes: createPromoCodeConsole(deps.db, now ?? (() => new Date())),
    /**
     * Deletes an account nobody can sign in to any more (its only provider deleted the person's
     * account there, decision 086) as its owner would (decision 009); its sessions end with it.
     */
    async deleteCustomer(customerId: number): Promise<void> {
      await repo.deleteAccount(customerId, (now ?? (() => new Date()))().toISOString());
      await sessions.deleteAllOfCustomer(customerId);
    },
    /**
     * The customer an operator payment without an account is for (decision 025), inside the
     * payment's transaction: the mailbox account already made for that line, else a new one.
     * Only accounts operator billing made match: a number typed into another account never does.
     */
    async customerForMsisdn(msisdn: string): Promise<(trx: Kysely<Database>) => Promise<MsisdnCustomer>> {
      // Read and hash before the payment's transaction: on SQLite it holds the only connection.
      const prepared = await prepareMailboxAccount((await deps.getApp()).siteDomain, box);
      return async (trx) => {
        const lineRepo = createAccountsRepository(trx);
        const existing = await lineRepo.findMailboxAccountByPhone(msisdn);
        if (existing) return { id: existing.id, created: false };
        const made = await insertMailboxAccount(lineRepo, prepared, (now ?? (() => new Date()))(), msisdn);
        return { id: made.customerId, created: true };
      };
    },
    /**
     * The account of a visitor's box whose identity its provider confirmed (Orange ise2, BAchat
     * external contract id; decision 089): the one bound to that identity, else a new mailbox
     * account bound to it, made once (null without `make`). Two boxes at once: the identity's primary key lets one bind,
     * the other's account is rolled back and it finds the winner's.
     */
    async customerForExternalIdentity(kind: string, externalId: string, make = true): Promise<MsisdnCustomer | null> {
      const bound = () =>
        deps.db
          .selectFrom('external_identities as x')
          .innerJoin('customers as c', 'c.id', 'x.customer_id')
          .select('c.id')
          .where('x.kind', '=', kind)
          .where('x.external_id', '=', externalId)
          .where('c.deleted_at', 'is', null)
          .executeTakeFirst();
      const found = await bound();
      if (found) return { id: found.id, created: false };
      if (!make) return null;
      // Hash before the transaction: on SQLite it holds the only connection.
      const prepared = await prepareMailboxAccount((await deps.getApp()).siteDomain, box);
      const at = (now ?? (() => new Date()))();
      const made = await deps.db
        .transaction()
        .execute(async (trx) => {
          const account = await insertMailboxAccount(createAccountsRepository(trx), prepared, at);
          const bind = await trx
            .insertInto('external_identities')
            .values({ kind, external_id: externalId, customer_id: account.customerId, created_at: at.toISOString() })
            .onConflict((oc) => oc.columns(['kind', 'external_id']).doNothing())
            .executeTakeFirst();
          if (Number(bind.numInsertedOrUpdatedRows ?? 0n) === 0) throw new IdentityAlreadyBound();
          return account.customerId;
        })
        .catch((error: unknown) => {
          if (error instanceof IdentityAlreadyBound) return null;
          throw error;
        });
      if (made !== null) return { id: made, created: true };
      const winner = await bound();
      if (!winner) throw new Error(`${kind} identity bound to an account that is gone`);
      return { id: winner.id, created: false };
    },
    /** Billing refuses account changes from a kids profile with the same rule (decision 009). */
    profiles,
    registerRoutes(app: FastifyInstance, opts: { cookies: SessionCookies; checkResponses: boolean; sso: SsoService }) {
      registerAccountsRoutes(app, { accounts, edit, promo, ...opts });
      registerAccountsManageRoutes(app, { edit, profiles, settings, devices, mailbox, ...opts });
      registerParentalCodeResetRoutes(app, { reset: parentalCodeReset, checkResponses: opts.checkResponses });
      registerProfileLanguagesRoutes(app, { languages, checkResponses: opts.checkResponses });
    },
  };
}

export type { AccountsService } from './accounts.service';

export type AccountsModule = Omit<ReturnType<typeof buildAccounts>, 'registerRoutes'>;

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsModule;
  }
}

/** Accounts (spec 1): registration, log-in, the customer, profiles, devices, parental code. */
export default fp(
  async (app) => {
    const { registerRoutes, ...accounts } = buildAccounts({
      ...{ db: app.db, sessions: app.sessions, limiter: app.limiter, serverSecret: app.streamSecret, now: app.now },
      // Application data (site domain, cookie types) is the service module's, read at call time.
      getApp: () => app.service.appData.getApp(),
      generations: app.tableWrites,
      sso: () => app.sso,
      dialect: app.database.dialect,
    });
    app.decorate('accounts', accounts);
    await registerApiCalls(app, (api) =>
      registerRoutes(api, { cookies: app.sessionCookies, checkResponses: app.checkResponses, sso: app.sso }),
    );
  },
  { name: 'playz-accounts', dependencies: ['playz-sessions', 'playz-limiter', 'playz-sso'] },
);
