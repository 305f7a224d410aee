import {
  ApiErrorNumber,
  apiError,
  billingTypesAvailableOn,
  isBillingType,
  unsubscribeDecision,
  withdrawalDeadline,
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
  async function cancelAtProvider(customerId: number, row: { billing_type: string; provider_ref: string | null }) {
    const provider = deps.registry.get(row.billing_type);
    // Subscriptions made before the providers (seeded, imported) only stop here.
    if (!provider || !row.provider_ref) return;
    try {
      await provider.cancel(row.provider_ref);
    } catch (error) {
      deps.log.error({ err: error, billingType: row.billing_type }, 'provider cancel failed');
      throw apiError(ApiErrorNumber.Error, 'the payment provider did not confirm the cancellation');
    }
    // A cancelled token charges nothing any more: when it was the card on file, that goes too.
    await deps.repo.forgetCancelledToken(customerId, row.provider_ref, now().toISOString());
  }

  /** spec 3 §4 Unsubscribe, §7 POST /billing/unsubscribe: Cancelled, access until expiry. */
  async function unsubscribe(auth: AdultAuth, request: UnsubscribeRequest): Promise<Answer> {
    const { row, decision } = await target(auth, request);
    if (decision === 'alreadyEnded') return { Result: true, Status: row.status as PurchaseStatus };
    await cancelAtProvider(auth.customerId, row);
    const status = await deps.repo.cancelRenewal(row.id, now().toISOString(), 'unsubscribed by the customer');
    return { Result: true, Status: status as PurchaseStatus };
  }

  return {
    unsubscribe,

    /**
     * spec 3 §7 POST /billing/cancel: within the withdrawal period of a paid first term (spec 3 §1,
     * 14 days; `withdrawalDeadline`, decision 083) the first payment is refunded and access ends
     * now (Refunded); otherwise, a free first period or after 14 days, it is the ordinary
     * unsubscribe. The refund is asked first with a key per subscription (the provider pays it
     * once however often it is asked): a provider that refuses or cannot be reached changes
     * nothing here and answers 1, so the viewer may try again and money is neither lost nor doubled.
     */
    async cancel(auth: AdultAuth, request: UnsubscribeRequest): Promise<Answer> {
      const { row, decision } = await target(auth, request);
      if (decision === 'alreadyEnded') return { Result: true, Status: row.status as PurchaseStatus };
      const at = now();
      const billing = row.billing_id ? await deps.repo.findBilling(row.billing_id) : undefined;
      const provider = deps.registry.get(row.billing_type);
      const deadline = withdrawalDeadline(
        { status: row.status, startedAt: new Date(row.created_at), firstChargeCents: billing?.amount_cents ?? null },
        at,
      );
      if (!deadline || !billing?.provider_ref || !provider) return unsubscribe(auth, request);
      let event;
      try {
        event = await provider.refund({
          providerRef: billing.provider_ref,
          amountCents: billing.amount_cents,
          currency: billing.currency,
          key: `withdrawal:${row.id}`,
        });
      } catch (error) {
        deps.log.error({ err: error, billingType: row.billing_type }, 'withdrawal refund failed');
        throw apiError(ApiErrorNumber.Error, 'the payment provider did not confirm the refund');
      }
      const applied = await deps.events.apply({ ...event, billingId: billing.id });
      if (applied.outcome === 'rejected') {
        deps.log.error({ subscription: row.id, reason: applied.reason }, 'withdrawal refund not applied');
        throw apiError(ApiErrorNumber.Error, 'the refund could not be recorded');
      }
      // Refunded never renews (the job charges renewing statuses only); the provider is told too,
      // and a provider that does not answer now is not the viewer's concern: the refund stands.
      await cancelAtProvider(auth.customerId, row).catch(() => undefined);
      return { Result: true, Status: 'Refunded' };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
