import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Customer } from '@playz/api-contract';
import {
  ApiErrorNumber,
  apiError,
  validateLogin,
  validateParentalCode,
  validatePassword,
  validatePasswordConfirmation,
} from '@playz/domain';
import { createGenerationCache } from '../../lib/generation-cache';
import type { Database } from '../../db/schema';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { TableGenerations } from '../../lib/table-generations';
import { countAttempts } from '../../lib/too-many-attempts';
import type { AccountsRepository } from './accounts.repository';
import type { PasswordGuard } from './password-guard';
import { ATTEMPT_RULES, attemptKeys } from './attempt-rules';
import { toCustomer, visitorCustomer } from './customer-view';
import type { VisitorAuth } from '../../lib/access';
import { toJsonBytes } from '../../lib/serialized-answer';
import type { CallerContext, DeviceIdentity } from '../../sessions/caller';
import type { DevicesRepository } from './devices.repository';

export type { CallerContext } from '../../sessions/caller';
import type { ProfilesRepository } from './profiles.repository';
import type { SessionRepository } from '../../sessions/session.repository';

/**
 * A hash of a random password, verified when the login is unknown so both answers take the same
 * time: the log-in call does not tell whether an e-mail has an account (decision 003).
 */
const DECOY_HASH_PROMISE = hash('decoy-password-never-used');

/** The product's own login, as opposed to a social provider (spec 1 §3 loggedWith). */
export const PRODUCT_LOGIN = 'playz';

export interface RegisterInput {
  login?: string;
  password?: string;
  passwordConfirm?: string;
  parentalCode?: string;
  optin?: string;
}

/** Visitors' Customer JSON kept per locale and country (both cut to two letters). */
const MAX_VISITOR_VIEWS = 1000;

/** Every table the customer view is read from (`readCustomerRows`). */
const CUSTOMER_VIEW_TABLES: readonly (keyof Database)[] = [
  'customers',
  'demo_campaigns',
  'subscriptions',
  'offers',
  'customer_profiles',
  'profile_pictures',
  'customer_alerts',
  'purchases',
  // The card and the requested page of the latest billings (decision 058 addendum).
  'billings',
  'billing_cards',
  'saved_cards',
];
/** About 10 KB each: 20,000 viewers' views in ~200 MB at most. */
const CUSTOMER_VIEW_CACHE_ENTRIES = 20_000;

const isTrue = (flag: string | undefined) => flag === '1' || flag === 'true';

export function createAccountsService(deps: {
  accounts: AccountsRepository;
  sessions: SessionRepository;
  devices: DevicesRepository;
  profiles: ProfilesRepository;
  limiter: RateLimiter;
  passwordGuard: PasswordGuard;
  /** Table write counters; the customer view is read once per change when given. */
  generations?: TableGenerations;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** Every account has a first profile; it is made on first need (seeded and social accounts too). */
  async function profilesOf(customerId: number, firstName: string | null) {
    const rows = await deps.profiles.list(customerId);
    if (rows.length > 0) return rows;
    await deps.profiles.insert(
      customerId,
      { userName: firstName ?? 'Profil 1', pictureId: null, isKids: false, position: 0 },
      now().toISOString(),
    );
    return deps.profiles.list(customerId);
  }

  /**
   * What the Customer entity is made of, read from the database. Cached per customer while none
   * of the tables it comes from is written (lib/generation-cache, decision 037): a logged
   * viewer's /data and every stream call's entitlement read it.
   */
  async function readCustomerRows(id: number) {
    const row = await deps.accounts.findForView(id);
    if (!row) return null;
    const [subscriptions, profiles, alerts, purchases, card, requestedUrl] = await Promise.all([
      deps.accounts.listSubscriptions(id),
      profilesOf(id, row.first_name),
      deps.accounts.listAlerts(id),
      deps.accounts.listPurchases(id),
      deps.accounts.latestCard(id),
      deps.accounts.latestRequestedUrl(id),
    ]);
    return { row, subscriptions, profiles, alerts, purchases, card: card ?? null, requestedUrl };
  }
  type CustomerRows = NonNullable<Awaited<ReturnType<typeof readCustomerRows>>>;
  const customerRows = deps.generations
    ? createGenerationCache<Awaited<ReturnType<typeof readCustomerRows>>>({
        generations: deps.generations,
        tables: CUSTOMER_VIEW_TABLES,
        maxEntries: CUSTOMER_VIEW_CACHE_ENTRIES,
      })
    : null;

  /**
   * The Customer entity. The session decides currentProfileIndex: give the session the request
   * carries (its profile was read with it) or a session id (its profile is read).
   */
  async function customerById(
    id: number,
    session: string | { id: string; profileId?: number | null } | null = null,
  ): Promise<Customer | null> {
    const rows = await rowsOf(id);
    if (!rows) return null;
    const sessionProfileId =
      session === null
        ? null
        : typeof session === 'object' && session.profileId !== undefined
          ? session.profileId
          : await deps.sessions.profileOf(typeof session === 'string' ? session : session.id, id);
    return customerOfRows(rows, sessionProfileId, now());
  }

  const rowsOf = (id: number) =>
    customerRows ? customerRows.get(id, () => readCustomerRows(id)) : readCustomerRows(id);

  function customerOfRows(rows: CustomerRows, sessionProfileId: number | null, at: Date): Customer {
    const { row, subscriptions, profiles, alerts, purchases, card, requestedUrl } = rows;
    const demo =
      row.demo_id !== null
        ? { id: row.demo_id, name: row.demo_name ?? '', duration_days: row.demo_duration_days }
        : null;
    return toCustomer(row, subscriptions, demo, at, {
      purchases,
      profiles,
      alerts,
      card,
      requestedUrl,
      currentProfileId: sessionProfileId ?? profiles[0]?.id ?? null,
    });
  }

  /**
   * The Customer's JSON, kept per rows read (the same object while their cache entry holds: a
   * write to any of their tables makes a new one) and profile, for as long as the clock stays
   * between the same two of the instants the view compares it with (subscription ends, demo
   * end): the view depends on nothing else (`toCustomer`).
   */
  const customerJson = new WeakMap<CustomerRows, Map<number | null, { json: Buffer; from: number; until: number }>>();
  /** The JSON kept for these rows and profile if the clock is still between its two instants. */
  function keptJsonOf(rows: CustomerRows, profileId: number | null, time: number): Buffer | undefined {
    const kept = customerJson.get(rows)?.get(profileId);
    return kept && kept.from <= time && time < kept.until ? kept.json : undefined;
  }
  async function customerJsonOf(id: number, profileId: number | null): Promise<Buffer | null> {
    const rows = await rowsOf(id);
    if (!rows) return null;
    const at = now();
    const time = at.getTime();
    const kept = keptJsonOf(rows, profileId, time);
    if (kept) return kept;
    let byProfile = customerJson.get(rows);
    const json = toJsonBytes(customerOfRows(rows, profileId, at));
    if (!customerRows) return json; // rows read afresh each time: nothing to key on
    const instants = [...rows.subscriptions.map((s) => s.expiration_date), rows.row.demo_expires_at]
      .map((value) => (value === null ? NaN : Date.parse(value)))
      .filter((t) => !Number.isNaN(t));
    const from = Math.max(-Infinity, ...instants.filter((t) => t <= time));
    const until = Math.min(Infinity, ...instants.filter((t) => t > time));
    if (!byProfile) customerJson.set(rows, (byProfile = new Map()));
    byProfile.set(profileId, { json, from, until });
    return json;
  }
  /** A visitor's Customer per locale and country (no cuid: that one is the caller's own). */
  const visitorJson = new Map<string, Buffer>();
  function visitorJsonOf(locale: string, country: string, cuid: string | null): Buffer {
    if (cuid !== null) return toJsonBytes(visitorCustomer(locale, country, cuid));
    const key = `${locale} ${country}`;
    let json = visitorJson.get(key);
    if (!json) {
      json = toJsonBytes(visitorCustomer(locale, country, null));
      if (visitorJson.size < MAX_VISITOR_VIEWS) visitorJson.set(key, json);
    }
    return json;
  }

  /**
   * Starts a session for a customer on the calling device: the device is registered (or
   * refreshed) and the session starts on the first profile. Log-in, register, social sign-on and
   * link codes all start sessions this way. Returns the token the client keeps.
   */
  async function startSession(customerId: number, device: DeviceIdentity): Promise<string> {
    const t = now();
    const deviceId = await deps.devices.register(customerId, device, t.toISOString());
    const owner = await deps.accounts.findById(customerId);
    // The first profile carries the customer's own name, as /data would have made it.
    const [first] = await profilesOf(customerId, owner?.first_name ?? owner?.user_name ?? null);
    return deps.sessions.create(customerId, device.platform, device.udid, t, {
      deviceId,
      profileId: first?.id ?? null,
    });
  }

  return {
    customerById,
    startSession,

    /** The caller's Customer; a visitor's (or a session's whose account just went) for visitors. */
    async currentCustomer(
      { customer: caller }: VisitorAuth,
      ctx: { locale: string; country: string; cuid: string | null },
    ) {
      const customer = caller
        ? await customerById(caller.customerId, { id: caller.sessionId, profileId: caller.profileId })
        : null;
      return customer ?? visitorCustomer(ctx.locale, ctx.country, ctx.cuid);
    },

    /** `currentCustomer` as JSON bytes, kept while it cannot change (GET /data, decision 037). */
    async currentCustomerJson(
      { customer: caller }: VisitorAuth,
      ctx: { locale: string; country: string; cuid: string | null },
    ): Promise<Buffer> {
      const json = caller ? await customerJsonOf(caller.customerId, caller.profileId) : null;
      return json ?? visitorJsonOf(ctx.locale, ctx.country, ctx.cuid);
    },

    /**
     * What `currentCustomerJson` would give now, when it is kept in memory (decision 124): a
     * caller's rows still valid by the table counters (read now) and their JSON for this profile
     * and this side of its instants, or a visitor's kept JSON; undefined otherwise (then ask
     * `currentCustomerJson`, which reads and makes what is missing).
     */
    peekCurrentCustomerJson(
      { customer: caller }: VisitorAuth,
      ctx: { locale: string; country: string; cuid: string | null },
    ): Buffer | undefined {
      if (!caller) return ctx.cuid === null ? visitorJson.get(`${ctx.locale} ${ctx.country}`) : undefined;
      const rows = customerRows?.peek(caller.customerId);
      return rows ? keptJsonOf(rows, caller.profileId, now().getTime()) : undefined;
    },

    /**
     * spec 1 §7 POST /customer: 11 for any wrong pair, whatever was wrong (spec 1 §8). Guesses
     * are throttled per account and address pair, so nobody can lock the owner out from
     * elsewhere (decision 032); a success forgets this pair's count.
     */
    async logIn(input: { login?: string; password?: string }, caller: CallerContext) {
      if (!input.login || !input.password) throw apiError(ApiErrorNumber.MissingParameter);
      const login = input.login.trim().toLowerCase();
      if (validateLogin(login) !== null) throw apiError(ApiErrorNumber.EmailNotValid);
      await deps.passwordGuard.beforeGuess(login, caller.ip);
      const row = await deps.accounts.findByLogin(login);
      const isValid = row?.password_hash
        ? await verify(row.password_hash, input.password)
        : (await verify(await DECOY_HASH_PROMISE, input.password), false);
      if (!row || !isValid) throw apiError(ApiErrorNumber.AuthenticationFailed);
      await deps.passwordGuard.succeeded(login, caller.ip);
      const token = await startSession(row.id, caller.device);
      const customer = await customerById(row.id);
      if (!customer) throw apiError(ApiErrorNumber.AuthenticationFailed);
      return { token, customer };
    },

    /** Ends the caller's session, if there is one: a visitor's log-out changes nothing. */
    async logOut({ customer: caller }: VisitorAuth) {
      if (!caller) return;
      await deps.sessions.delete(caller.sessionId);
      await deps.devices.deleteUnused(caller.customerId);
    },

    /**
     * spec 1 §7 POST /customer/register. 12 "already exists" is the spec's one answer that
     * reveals an account, so the call is rate limited per login and per address (decision 010).
     */
    async register(input: RegisterInput, caller: CallerContext) {
      if (input.login === undefined || input.password === undefined) throw apiError(ApiErrorNumber.MissingParameter);
      const login = input.login.trim().toLowerCase();
      if (validateLogin(login) !== null) throw apiError(ApiErrorNumber.EmailNotValid);
      const password = input.password;
      const passwordProblem =
        validatePassword(password) ??
        (input.passwordConfirm !== undefined ? validatePasswordConfirmation(password, input.passwordConfirm) : null);
      if (passwordProblem !== null) throw apiError(ApiErrorNumber.PasswordNotValid);
      const parentalCode = input.parentalCode ?? '';
      if (validateParentalCode(parentalCode, true) !== null) throw apiError(ApiErrorNumber.BadParameter);
      await countAttempts(
        deps.limiter,
        [
          { key: attemptKeys.registerLogin(login), rule: ATTEMPT_RULES.registerPerLogin },
          { key: attemptKeys.registerAddress(caller.ip), rule: ATTEMPT_RULES.registerPerAddress },
        ],
        now().getTime(),
      );
      if (await deps.accounts.findByLogin(login)) throw apiError(ApiErrorNumber.EmailAlreadyExists);
      const id = await deps.accounts
        .insert({
          uid: randomUUID(),
          login,
          passwordHash: await hash(password),
          parentalCodeHash: parentalCode ? await hash(parentalCode) : null,
          optin: isTrue(input.optin),
          locale: caller.locale,
          country: caller.country,
          now: now().toISOString(),
        })
        // Two registrations of one login at once: the unique index decides, the loser gets 12.
        .catch(async (error: unknown) => {
          if (await deps.accounts.findByLogin(login)) throw apiError(ApiErrorNumber.EmailAlreadyExists);
          throw error;
        });
      const token = await startSession(id, caller.device);
      const customer = await customerById(id);
      if (!customer) throw apiError(ApiErrorNumber.InternalError);
      return { token, customer };
    },

    /** spec 1 §7 GET /customer/check-login: counted with register, which reveals the same. */
    async checkLogin(rawLogin: string, ip: string): Promise<boolean> {
      const login = rawLogin.trim().toLowerCase();
      if (validateLogin(login) !== null) throw apiError(ApiErrorNumber.EmailNotValid);
      await countAttempts(
        deps.limiter,
        [{ key: attemptKeys.checkLoginAddress(ip), rule: ATTEMPT_RULES.checkLoginPerAddress }],
        now().getTime(),
      );
      return (await deps.accounts.findByLogin(login)) !== undefined;
    },

    /**
     * spec 1 §7 GET /customer/eligibility/check: 1 when the customer may start a free trial
     * (never had a subscription), 0 otherwise, -1 for a missing or unknown cuid (decision 010).
     */
    async checkEligibility(cuid: string | null): Promise<number> {
      if (!cuid) return -1;
      const row = await deps.accounts.findByUid(cuid);
      if (!row) return -1;
      return (await deps.accounts.hasSubscriptions(row.id)) ? 0 : 1;
    },

    /** spec 1 §7 GET /customer/token/check: 42 when the device token is expired or unknown. */
    async checkToken(token: string): Promise<true> {
      const found = await deps.sessions.findValid(token, now());
      if (!found) throw apiError(ApiErrorNumber.CustomerTokenExpired);
      return true;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
