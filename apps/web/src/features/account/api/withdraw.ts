import { useSubscriptionEnd } from './subscription-end';

/**
 * POST /billing/cancel (spec 3 §7): the withdrawal of spec 3 §1 (decision 083). The answer's
 * Status (Refunded) is shown at once, and the withdrawal's offer is gone.
 */
export const useWithdraw = () =>
  useSubscriptionEnd(
    (api, body) => api.cancelSubscription({ body }),
    (status) => ({ status, withdrawalUntil: null }),
  );
