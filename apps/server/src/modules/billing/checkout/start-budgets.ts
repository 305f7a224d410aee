import type { RateLimiter, RateLimitRule } from '../../../lib/rate-limiter';
import { countAttempts } from '../../../lib/too-many-attempts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const rules = (hour: number, day: number): RateLimitRule[] => [
  { max: hour, windowMs: HOUR },
  { max: day, windowMs: DAY },
];

/**
 * How many payment starts and store receipt checks one address, one account and one mobile line
 * may make (decision 063). A start is a billing row and a transaction at the provider, which for an
 * operator may text the line its PIN; a receipt check calls the store. Above these, the caller is
 * told to try later (429, error 4 and the catalogue's "too many attempts"). The per-address numbers
 * are far higher than the account's: a mobile carrier puts thousands of phones behind one address
 * (carrier-grade NAT), and operator billing is how most of them pay. A line gets few, since nobody
 * pays for the same number more than a few times in an hour; the account's sit in between.
 */
export const BILLING_BUDGETS = {
  startsPerAddress: rules(100, 500),
  startsPerAccount: rules(10, 30),
  startsPerLine: rules(3, 6),
  receiptChecksPerAccount: rules(20, 60),
  receiptChecksPerAddress: rules(40, 150),
} as const;

export function createBillingBudgets(limiter: RateLimiter, now: () => Date) {
  const checks = (name: string, value: string | number | null, list: readonly RateLimitRule[]) =>
    value === null ? [] : list.map((rule) => ({ key: `billing-${name}:${value}:${rule.windowMs}`, rule }));
  return {
    /** Counts a payment start; throws TooManyAttemptsError when a budget is spent. */
    countStart(from: { ip: string; customerId: number | null; msisdn: string | null }): Promise<void> {
      return countAttempts(
        limiter,
        [
          ...checks('start-ip', from.ip, BILLING_BUDGETS.startsPerAddress),
          ...checks('start-account', from.customerId, BILLING_BUDGETS.startsPerAccount),
          ...checks('start-line', from.msisdn, BILLING_BUDGETS.startsPerLine),
        ],
        now().getTime(),
      );
    },
    /**
     * Counts a store receipt save or restore (a call to the store); a visitor's box proving its
     * identity (decision 089) has no account yet and counts on its address only.
     */
    countReceiptCheck(from: { ip: string; customerId: number | null }): Promise<void> {
      return countAttempts(
        limiter,
        [
          ...checks('receipt-ip', from.ip, BILLING_BUDGETS.receiptChecksPerAddress),
          ...checks('receipt-account', from.customerId, BILLING_BUDGETS.receiptChecksPerAccount),
        ],
        now().getTime(),
      );
    },
  };
}
export type BillingBudgets = ReturnType<typeof createBillingBudgets>;
