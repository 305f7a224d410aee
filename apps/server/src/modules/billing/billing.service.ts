import {
  ApiErrorNumber,
  apiError,
  billingTypesAvailableOn,
  isBillingType,
  isWithinWithdrawal,
  unsubscribeDecision,
  type Platform,
  type PurchaseStatus,
} from '@playz/domain';
import type { AdultAuth } from '../../lib/access';
import type { BillingRepository } from './billing.repository';
import type { EventApplier } from './checkout/apply-provider-event';
import type { ProviderRegistry } from './providers/registry';

export interface UnsubscribeRequest {
  billingType: string;
  productId: number;
  /** The caller's platform and the billing types it declared (spec 3 §7 common parameters). */
  platform: Platform;
  declaredBillingTypes: readonly string[];
}

type Answer = { Result: boolean; Status: PurchaseStatus };

/**
 * Unsubscribe and cancel (spec 3 §4, §7; decisions 017 and 025): the provider is told first (its
 * "already cancelled" counts as success), then the subscription here. A provider that refuses or
 * cannot be reached changes nothing here and answers 1, logged, so the viewer may try again. Both
 * are adult calls: a kids profile may not manage the subscription (decisions 009, 055).
 */
export function createBillingService(deps: {
  repo: BillingRepository;
  registry: ProviderRegistry;
  events: EventApplier;
  log: { error: (obj: object, msg: string) => void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The subscription a call is about, and whether it may be stopped (spec 3 §4 rules). */
  async function target(auth: AdultAuth, request: UnsubscribeRequest) {
    if (!isBillingType(request.billingType)) throw apiError(ApiErrorNumber.BillingTypeNotFound);
    if (!(await deps.repo.isProductSold(request.productId))) throw apiError(ApiErrorNumber.ProductNotFound);
    const rows = await deps.repo.listSubscriptions(auth.customerId, request.productId, request.billingType);
    const available = billingTypesAvailableOn(request.platform, request.declaredBillingTypes);
    const decide = (row: (typeof rows)[number]) =>
      unsubscribeDecision({ billingType: row.billing_type, status: row.status }, available);
    // The renewing subscription if there is one, else the latest term answers for the product.
    const row = rows.find((r) => decide(r) === 'cancel') ?? rows[0];
    if (!row) throw apiError(ApiErrorNumber.BillingNotFound);
    const decision = decide(row);
    if (decision === 'notOnThisPlatform' || decision === 'notRenewing') throw apiError(ApiErrorNumber.Forbidden);
    return { row, decision };
  }

  /** Tells the provider to stop renewing; its refusal is the viewer's error toast (1). */
  async function cancelAtProvider(row: { billing_type: string; provider_ref: string | null }) {
    const provider = deps.registry.get(row.billing_type);
    // Subscriptions made before the providers (seeded, imported) only stop here.
    if (!provider || !row.provider_ref) return;
    try {
      await provider.cancel(row.provider_ref);
    } catch (error) {
      deps.log.error({ err: error, billingType: row.billing_type }, 'provider cancel failed');
      throw apiError(ApiErrorNumber.Error, 'the payment provider did not confirm the cancellation');
    }
  }

  return {
    /** spec 3 §4 Unsubscribe, §7 POST /billing/unsubscribe: Cancelled, access until expiry. */
    async unsubscribe(auth: AdultAuth, request: UnsubscribeRequest): Promise<Answer> {
      const { row, decision } = await target(auth, request);
      if (decision === 'alreadyEnded') return { Result: true, Status: row.status as PurchaseStatus };
      await cancelAtProvider(row);
      const status = await deps.repo.cancelRenewal(row.id, now().toISOString(), 'unsubscribed by the customer');
      return { Result: true, Status: status as PurchaseStatus };
    },

    /**
     * spec 3 §7 POST /billing/cancel: as unsubscribe; within the withdrawal period of a paid
     * start (spec 3 §1, 14 days) the first payment is refunded and access ends now (decision 025).
     */
    async cancel(auth: AdultAuth, request: UnsubscribeRequest): Promise<Answer> {
      const { row, decision } = await target(auth, request);
      if (decision === 'alreadyEnded') return { Result: true, Status: row.status as PurchaseStatus };
      await cancelAtProvider(row);
      const at = now();
      const billing = row.billing_id ? await deps.repo.findBilling(row.billing_id) : undefined;
      const provider = deps.registry.get(row.billing_type);
      const refundable =
        billing?.provider_ref &&
        billing.amount_cents > 0 &&
        provider &&
        isWithinWithdrawal(new Date(row.created_at), at);
      if (refundable) {
        try {
          const event = await provider.refund({
            providerRef: billing.provider_ref!,
            amountCents: billing.amount_cents,
            currency: billing.currency,
            key: `withdrawal:${row.id}`,
          });
          await deps.events.apply({ ...event, billingId: billing.id });
          return { Result: true, Status: 'Refunded' };
        } catch (error) {
          deps.log.error({ err: error, billingType: row.billing_type }, 'withdrawal refund failed');
        }
      }
      const status = await deps.repo.cancelRenewal(row.id, at.toISOString(), 'cancelled by the customer');
      return { Result: true, Status: status as PurchaseStatus };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
