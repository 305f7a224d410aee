import {
  ApiErrorNumber,
  apiError,
  billingTypesAvailableOn,
  isBillingType,
  unsubscribeDecision,
  type Platform,
  type PurchaseStatus,
} from '@playz/domain';
import type { BillingRepository } from './billing.repository';

type Session = { id: string; customerId: number } | null;

export interface UnsubscribeRequest {
  billingType: string;
  productId: number;
  /** The caller's platform and the billing types it declared (spec 3 §7 common parameters). */
  platform: Platform;
  declaredBillingTypes: readonly string[];
}

/**
 * Billing calls of spec 3 §7. There is no payment provider yet: unsubscribing stops the renewal
 * at Playz only; the provider-side cancel comes with the payment adapters (docs/decisions/017).
 */
export function createBillingService(deps: {
  repo: BillingRepository;
  /** Account management is refused (4) from a kids profile (decision 009); 11 without session. */
  assertNotKidsProfile: (session: Session) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  return {
    /** spec 3 §4 Unsubscribe, §7 POST /billing/unsubscribe: Cancelled, access until expiry. */
    async unsubscribe(
      session: Session,
      request: UnsubscribeRequest,
    ): Promise<{ Result: boolean; Status: PurchaseStatus }> {
      if (!session) throw apiError(ApiErrorNumber.AuthenticationFailed);
      await deps.assertNotKidsProfile(session);
      if (!isBillingType(request.billingType)) throw apiError(ApiErrorNumber.BillingTypeNotFound);
      if (!(await deps.repo.isProductSold(request.productId))) throw apiError(ApiErrorNumber.ProductNotFound);
      const rows = await deps.repo.listSubscriptions(session.customerId, request.productId, request.billingType);
      const available = billingTypesAvailableOn(request.platform, request.declaredBillingTypes);
      const decide = (row: (typeof rows)[number]) =>
        unsubscribeDecision({ billingType: row.billing_type, status: row.status }, available);
      // The renewing subscription if there is one, else the latest term answers for the product.
      const target = rows.find((row) => decide(row) === 'cancel') ?? rows[0];
      if (!target) throw apiError(ApiErrorNumber.BillingNotFound);
      switch (decide(target)) {
        case 'notOnThisPlatform':
        case 'notRenewing':
          throw apiError(ApiErrorNumber.Forbidden);
        case 'alreadyEnded':
          return { Result: true, Status: target.status as PurchaseStatus };
        case 'cancel':
          return {
            Result: true,
            Status: (await deps.repo.cancelRenewal(target.id, now().toISOString())) as PurchaseStatus,
          };
      }
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
