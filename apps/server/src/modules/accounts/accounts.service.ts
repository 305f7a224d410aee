import { hash, verify } from '@node-rs/argon2';
import type { Customer } from '@playz/api-contract';
import { ApiErrorNumber, apiError, validateLogin } from '@playz/domain';
import type { AccountsRepository } from './accounts.repository';
import { toCustomer, visitorCustomer } from './customer-view';
import type { SessionRepository } from './session.repository';

/**
 * A hash of a random password, verified when the login is unknown so both answers take the same
 * time: the log-in call does not tell whether an e-mail has an account (issue 3).
 */
const DECOY_HASH_PROMISE = hash('decoy-password-never-used');

export function createAccountsService(deps: {
  accounts: AccountsRepository;
  sessions: SessionRepository;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function customerById(id: number): Promise<Customer | null> {
    const row = await deps.accounts.findById(id);
    if (!row) return null;
    const [subscriptions, demo] = await Promise.all([
      deps.accounts.listSubscriptions(id),
      row.demo_campaign_id !== null ? deps.accounts.findDemoCampaign(row.demo_campaign_id) : Promise.resolve(undefined),
    ]);
    return toCustomer(row, subscriptions, demo ?? null, now());
  }

  return {
    customerById,

    async currentCustomer(
      session: { customerId: number } | null,
      ctx: { locale: string; country: string; cuid: string | null },
    ) {
      const customer = session ? await customerById(session.customerId) : null;
      return customer ?? visitorCustomer(ctx.locale, ctx.country, ctx.cuid);
    },

    /** spec 1 §7 POST /customer: 11 for any wrong pair, whatever was wrong (spec 1 §8). */
    async logIn(
      input: { login?: string; password?: string; ssoSource?: string },
      device: { platform: string; udid: string | null },
    ) {
      if (input.ssoSource !== undefined) throw apiError(ApiErrorNumber.SsoSourceNotValid);
      if (!input.login || !input.password) throw apiError(ApiErrorNumber.MissingParameter);
      const login = input.login.trim().toLowerCase();
      if (validateLogin(login) !== null) throw apiError(ApiErrorNumber.EmailNotValid);
      const row = await deps.accounts.findByLogin(login);
      const isValid = row?.password_hash
        ? await verify(row.password_hash, input.password)
        : (await verify(await DECOY_HASH_PROMISE, input.password), false);
      if (!row || !isValid) throw apiError(ApiErrorNumber.AuthenticationFailed);
      const token = await deps.sessions.create(row.id, device.platform, device.udid);
      const customer = await customerById(row.id);
      if (!customer) throw apiError(ApiErrorNumber.AuthenticationFailed);
      return { token, customer };
    },

    async logOut(session: { id: string } | null) {
      if (session) await deps.sessions.delete(session.id);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
