import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';

const MINUTE = 60_000;

/**
 * How password guesses are throttled (docs/decisions/032). Refusals are per account AND address
 * pair, so whoever guesses from one address shuts out that address only: the owner, from their
 * own address, still gets in. They grow with the guesses: 5 a minute, 10 a quarter of an hour,
 * 30 a day. One address guessing many accounts is refused past 100 a quarter of an hour. The
 * account as a whole is never refused: past 100 guesses a quarter of an hour from everywhere,
 * every attempt on it waits ACCOUNT_SLOWDOWN_MS first.
 */
export const PASSWORD_GUESS_RULES = {
  pairMinute: { max: 5, windowMs: MINUTE },
  pairQuarter: { max: 10, windowMs: 15 * MINUTE },
  pairDay: { max: 30, windowMs: 24 * 60 * MINUTE },
  address: { max: 100, windowMs: 15 * MINUTE },
  accountCeiling: { max: 100, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** The wait of every attempt on an account over its ceiling: slows a crowd, locks nobody out. */
export const ACCOUNT_SLOWDOWN_MS = 1000;

const PAIR_TIERS = ['pairMinute', 'pairQuarter', 'pairDay'] as const;

/**
 * A counter that never restarts in practice (one window of about 35 years). The pair keys carry
 * the addresses that guessed, which nobody keeps, so support cannot name them to reset them:
 * counting one more here renames every pair key of the account at once (decision 084).
 */
const FORGIVEN_RULE: RateLimitRule = { max: Number.MAX_SAFE_INTEGER, windowMs: 2 ** 40 };

export const passwordGuessKeys = {
  pair: (tier: (typeof PAIR_TIERS)[number], account: string, ip: string) => `password:${tier}:${account}|${ip}`,
  /** How many times support forgave the account's refusals (decision 084): part of its pair keys. */
  forgiven: (account: string) => `password:forgiven:${account}`,
  address: (ip: string) => `login:ip:${ip}`,
  account: (account: string) => `password:account:${account}`,
};

/** The name an account's guesses are counted under: its login as log-in reads it (or its id). */
export const passwordGuardAccount = (row: { id: number; login: string | null }) => row.login ?? `#${row.id}`;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one guard of the account password, wherever it is typed: log-in, the current password of a
 * login or password change, the forgotten parental code. `account` names the account as typed
 * (the login, lower case), so unknown logins are counted exactly like known ones.
 */
export function createPasswordGuard(deps: {
  limiter: RateLimiter;
  now?: () => Date;
  /** Tests pass a recorder; the server waits for real. */
  sleep?: (ms: number) => Promise<void>;
}) {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? sleepFor;
  const pairKeys = async (account: string, ip: string) => {
    const forgiven = await deps.limiter.count(passwordGuessKeys.forgiven(account), FORGIVEN_RULE);
    const name = forgiven === 0 ? account : `${account}~${forgiven}`;
    return PAIR_TIERS.map((tier) => ({
      key: passwordGuessKeys.pair(tier, name, ip),
      rule: PASSWORD_GUESS_RULES[tier],
    }));
  };

  return {
    /**
     * Counts one guess before the password is checked (counting first is atomic: parallel
     * guesses cannot all read the same count) and throws TooManyAttemptsError when this pair or
     * this address is over its limit. Over the account's ceiling it only waits.
     */
    async beforeGuess(account: string, ip: string): Promise<void> {
      await countAttempts(
        deps.limiter,
        [...(await pairKeys(account, ip)), { key: passwordGuessKeys.address(ip), rule: PASSWORD_GUESS_RULES.address }],
        now().getTime(),
      );
      const overall = await deps.limiter.hit(passwordGuessKeys.account(account), PASSWORD_GUESS_RULES.accountCeiling);
      if (!overall.allowed) await sleep(ACCOUNT_SLOWDOWN_MS);
    },

    /**
     * The right password from this address: its pair starts again. The account's ceiling does
     * not: it only slows, and the owner's success must not hand a crowd of guessers a fresh one.
     */
    async succeeded(account: string, ip: string): Promise<void> {
      await Promise.all((await pairKeys(account, ip)).map(({ key }) => deps.limiter.reset(key)));
    },

    /**
     * Support unlocks the account (decision 084): every address's refusals of it end at once,
     * and the account's slowdown too. Guessing starts again from nothing, as after a right password.
     */
    async forgive(account: string): Promise<void> {
      await deps.limiter.hit(passwordGuessKeys.forgiven(account), FORGIVEN_RULE);
      await deps.limiter.reset(passwordGuessKeys.account(account));
    },
  };
}
export type PasswordGuard = ReturnType<typeof createPasswordGuard>;
