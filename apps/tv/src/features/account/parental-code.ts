import type { Customer, Profile } from '@playz/api-contract';

/** spec 1 §1, spec 2 §4: the parental code has 4 digits. */
export const PARENTAL_CODE_LENGTH = 4;

/**
 * Whether moving to `target` needs the parental code: leaving a kids profile of an account that
 * has a code (spec 1 §3 profiles, apps/server's switchProfile rule). Staying on it never does.
 */
export function switchNeedsCode(
  customer: Pick<Customer, 'profiles' | 'currentProfileIndex' | 'hasParentalCode'>,
  target: Profile,
): boolean {
  const current = customer.profiles[customer.currentProfileIndex];
  return customer.hasParentalCode && current !== undefined && current.isKids && current.UUID !== target.UUID;
}
