import type { BillingOutcome } from '@playz/api-contract';
import { ApiErrorNumber, apiError, maskedCardNumber, type Platform } from '@playz/domain';
import type { CustomerAuth } from '../../../lib/access';
import type { ProviderRegistry } from '../providers/registry';
import type { Checkout } from './checkout.service';

const CARD = 'CreditCard';

type SavedCardRow = NonNullable<Awaited<ReturnType<Checkout['savedCardRows']['find']>>>;

/** The card on file as the account shows it: masked, never the token nor the number. */
const maskedOf = (card: SavedCardRow | undefined) =>
  card
    ? {
        brand: card.brand,
        maskedNumber: maskedCardNumber(card.last4),
        expiryMonth: card.expiry_month,
        expiryYear: card.expiry_year,
      }
    : null;

/**
 * The saved card (spec 3 §7 /billing/credit-card/save, decision 083): the processor's
 * registered-card flow. Starting one goes through the checkout (a CardSave billing, the
 * processor's page under 3-D Secure); the processor's signed notification saves the token
 * (the event applier), so nothing a client sends can save a card by itself.
 */
export function createSavedCards(deps: {
  registry: ProviderRegistry;
  checkout: Checkout;
  log: { error: (obj: object, msg: string) => void };
}) {
  const rows = deps.checkout.savedCardRows;
  return {
    start(input: {
      customer: CustomerAuth;
      requestedUrl?: string;
      platform: Platform;
      declaredBillingTypes: readonly string[];
      holderHash: string;
    }) {
      return deps.checkout.startCardSave({ ...input, billingType: CARD });
    },

    /** Where this customer's registration stands, asking the processor while it is Pending. */
    async outcome(
      customer: CustomerAuth,
      billingId: string,
    ): Promise<{ billing: BillingOutcome; card: ReturnType<typeof maskedOf> }> {
      const billing = await deps.checkout.confirm(
        billingId,
        (row) => row.customer_id === customer.customerId && row.kind === 'CardSave',
      );
      return { billing, card: maskedOf(await rows.find(customer.customerId)) };
    },

    /**
     * Forgets the card on file: refused (4) while a card subscription renews; the processor
     * cancels the token first (its "already cancelled" counts), and a processor that cannot be
     * reached changes nothing here (1).
     */
    async remove(customer: CustomerAuth): Promise<{ Result: boolean }> {
      const card = await rows.find(customer.customerId);
      if (!card) throw apiError(ApiErrorNumber.BillingNotFound, 'no saved card');
      if (await rows.hasRenewing(customer.customerId, card.billing_type))
        throw apiError(ApiErrorNumber.Forbidden, 'a card subscription renews on this card');
      const provider = deps.registry.get(card.billing_type);
      if (provider) {
        try {
          await provider.cancel(card.token);
        } catch (error) {
          deps.log.error({ err: error, billingType: card.billing_type }, 'saved card cancel failed');
          throw apiError(ApiErrorNumber.Error, 'the card processor did not confirm');
        }
      }
      await rows.remove(customer.customerId, card.token);
      return { Result: true };
    },
  };
}
export type SavedCards = ReturnType<typeof createSavedCards>;
