import { useSubscriptionEnd } from './subscription-end';

/**
 * POST /billing/unsubscribe (spec 3 §7). "After successful unsubscribe the status becomes
 * cancelled (or the status returned by the server)" (spec 3 §4).
 */
export const useUnsubscribe = () =>
  useSubscriptionEnd(
    (api, body) => api.unsubscribe({ body }),
    (status) => ({ status }),
  );
