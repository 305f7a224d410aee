// Prices and terms of an offer (decision 025). Amounts are integer cents everywhere.
import { WITHDRAWAL_DAYS } from '../constants';

export type DurationUnit = 'Week' | 'Month';

export interface OfferTerms {
  priceCents: number;
  durationUnit: DurationUnit;
  durationCount: number;
  freeTrialDays: number;
  promoPriceCents: number | null;
  /** The promo is offered to subscriptions started between these dates (ISO, either may be open). */
  promoStartDate: string | null;
  promoEndDate: string | null;
  /** How long the promo price lasts from the subscription's start (null: for every term). */
  promoDurationDays: number | null;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The end of a term that starts at `start`: weeks are 7 days; months are calendar months in UTC,
 * the day clamped to the month's last (31 January + 1 month = 28 or 29 February).
 */
export function termEnd(start: Date, unit: DurationUnit, count: number): Date {
  if (unit === 'Week') return new Date(start.getTime() + count * 7 * DAY_MS);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + count;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** Whether the offer's promo price is offered to a subscription starting at `startedAt`. */
export function isPromoOffered(terms: OfferTerms, startedAt: Date): boolean {
  if (terms.promoPriceCents === null) return false;
  const at = startedAt.getTime();
  if (terms.promoStartDate !== null && at < Date.parse(terms.promoStartDate)) return false;
  if (terms.promoEndDate !== null && at >= Date.parse(terms.promoEndDate)) return false;
  return true;
}

/**
 * The price of a term charged at `chargedAt` for a subscription started at `startedAt`: the promo
 * price while its duration runs from the start (when the promo was offered then), else the price.
 */
export function termPriceCents(terms: OfferTerms, startedAt: Date, chargedAt: Date): number {
  if (!isPromoOffered(terms, startedAt)) return terms.priceCents;
  if (terms.promoDurationDays === null) return terms.promoPriceCents!;
  const promoEnds = startedAt.getTime() + terms.promoDurationDays * DAY_MS;
  return chargedAt.getTime() < promoEnds ? terms.promoPriceCents! : terms.priceCents;
}

export interface FirstCharge {
  /** Charged now: 0 during a free first period. */
  amountCents: number;
  trialDays: number;
}

/**
 * What a new subscription pays now (spec 3 §1: free first week or month, then the price). The
 * free period is given once per customer and product: whoever already had the product pays at once.
 */
export function firstCharge(terms: OfferTerms, hadProductBefore: boolean, now: Date): FirstCharge {
  if (terms.freeTrialDays > 0 && !hadProductBefore) return { amountCents: 0, trialDays: terms.freeTrialDays };
  return { amountCents: termPriceCents(terms, now, now), trialDays: 0 };
}

/** The first expiration date: the trial's end, or one term. */
export function firstExpiration(terms: OfferTerms, charge: FirstCharge, start: Date): Date {
  if (charge.trialDays > 0) return new Date(start.getTime() + charge.trialDays * DAY_MS);
  return termEnd(start, terms.durationUnit, terms.durationCount);
}

/** Renewal retries after a refused charge (decision 025): 1 day, then 3 days, then cancelled. */
export const RENEWAL_RETRY_DELAYS_DAYS = [1, 3] as const;

export type RenewalFailureStep = { kind: 'retry'; at: Date } | { kind: 'cancel' };

/** What follows the `failedAttempts`-th refused renewal charge (1 for the first refusal). */
export function afterRefusedRenewal(failedAttempts: number, now: Date): RenewalFailureStep {
  const delay = RENEWAL_RETRY_DELAYS_DAYS[failedAttempts - 1];
  return delay === undefined ? { kind: 'cancel' } : { kind: 'retry', at: new Date(now.getTime() + delay * DAY_MS) };
}

/** spec 3 §1: a withdrawal right of 14 days from the start of the contract. */
export function isWithinWithdrawal(startedAt: Date, now: Date): boolean {
  return now.getTime() - startedAt.getTime() < WITHDRAWAL_DAYS * DAY_MS;
}

/**
 * Until when cancelling is a withdrawal with a refund (spec 3 §1, 14 days; decision 083): only a
 * first term that was paid (a free first period has nothing to refund), still renewing and not
 * renewed yet (status Paid), within 14 days of its start. Null otherwise: cancelling is then the
 * ordinary unsubscribe. `firstChargeCents` is what the subscription's own billing charged (null
 * for a subscription made without one: seeded, imported, a store's).
 */
export function withdrawalDeadline(
  subscription: { status: string; startedAt: Date; firstChargeCents: number | null },
  now: Date,
): Date | null {
  if (subscription.status !== 'Paid' || !subscription.firstChargeCents || subscription.firstChargeCents <= 0)
    return null;
  const until = new Date(subscription.startedAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);
  return now < until ? until : null;
}
