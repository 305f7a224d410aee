import type { Customer } from '@playz/api-contract';
import { DEFAULT_PARENTAL_THRESHOLD, needsParentalCode } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import { ParentalCodeRequiredError } from '../../lib/content-rating-errors';
import type { ParentalProofs } from '../../sessions/parental-proof';

/** What a View stream of a rated content asks of this caller (decision 059). */
export interface ParentalGate {
  /** The lowest rating that asks for the code (the account's, -16 by default). */
  threshold: number;
  /** Whether the call carries a proof of the code for this content, from this session, still good. */
  isProven(contentId: number): boolean;
}

/**
 * The caller's gate: none for a visitor (who plays previews only) nor for an account without a
 * parental code (there is nothing to ask; the account settings offer to set one).
 */
export function parentalGateOf(
  customer: Pick<Customer, 'hasParentalCode' | 'parentalThreshold'> | null,
  caller: CustomerAuth | null,
  proof: string | undefined,
  deps: { proofs: ParentalProofs; nowSeconds: number },
): ParentalGate | null {
  if (!customer || !caller || !customer.hasParentalCode) return null;
  return {
    threshold: customer.parentalThreshold ?? DEFAULT_PARENTAL_THRESHOLD,
    isProven: (contentId) => deps.proofs.verify(proof, caller.sessionId, contentId, deps.nowSeconds),
  };
}

/** A View of a content rated at or above the threshold needs the proof (ParentalCodeRequired, 4). */
export function assertParentalGate(
  gate: ParentalGate | null | undefined,
  content: { id: number; rating: number },
  usage: 'View' | 'Preview',
): void {
  if (usage !== 'View' || !gate) return;
  if (needsParentalCode(content.rating, gate.threshold) && !gate.isProven(content.id))
    throw new ParentalCodeRequiredError();
}
