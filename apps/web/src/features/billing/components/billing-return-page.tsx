import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { Spinner } from '@/components/spinner';
import { useApi } from '@playz/queries';
import { billingErrorPath } from '@/lib/billing-links';
import { destinationOf, useBillingReturn } from '../api/billing-return';
import { fireMarketingTrackers } from '../api/use-payment';

/**
 * /billing/return/{billing_id} (spec 3 §2, §4 step 3): a splash while the payment is confirmed.
 * A subscription marks the customer logged in (the confirm call signed in a visitor who paid:
 * the customer is read again), fires the subscription trackers with consent, then replaces the
 * route with the welcome page; a purchase goes to its purchased page; a refusal or an abandon to
 * the billing error page.
 */
export function BillingReturnPage({
  billingId,
  search,
  advertisingAllowed,
  pollMs,
  maxWaitMs,
}: {
  billingId: string;
  search: string;
  advertisingAllowed: () => boolean;
  pollMs?: number;
  maxWaitMs?: number;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state, checkAgain } = useBillingReturn(billingId, search, { pollMs, maxWaitMs });
  const routed = useRef(false);

  useEffect(() => {
    if (routed.current) return;
    if (state.kind === 'failed') {
      routed.current = true;
      void navigate(billingErrorPath(null), { replace: true });
      return;
    }
    if (state.kind !== 'settled') return;
    routed.current = true;
    const { outcome } = state;
    const destination = destinationOf(outcome) ?? '/';
    void (async () => {
      if (outcome.state === 'Succeeded') {
        // Access (and for a visitor, the session) changed: every customer answer is stale.
        await queryClient.invalidateQueries();
        if (outcome.type === 'Subscription')
          void fireMarketingTrackers(api, outcome.productID, 'subscription', advertisingAllowed);
      }
      void navigate(destination, { replace: true });
    })();
  }, [state, navigate, queryClient, api, advertisingAllowed]);

  if (state.kind === 'pending') {
    return (
      <div className="payment-page">
        <section className="payment-card payment-card--status" aria-labelledby="billing-return-title">
          <span className="payment-status payment-status--pending" aria-hidden="true">
            …
          </span>
          <h1 className="payment-card__title" id="billing-return-title">
            {t('billing.pendingTitle')}
          </h1>
          <p className="payment-card__intro" role="status">
            {t('billing.pendingText')}
          </p>
          <button type="button" className="button button--primary button--block" onClick={checkAgain}>
            {t('billing.checkAgain')}
          </button>
          <Link to="/" className="payment-card__back">
            {t('billing.backHome')}
          </Link>
        </section>
      </div>
    );
  }

  return (
    <div className="payment-page">
      <section className="payment-card payment-card--status" aria-labelledby="billing-return-title" aria-busy="true">
        <Spinner size={56} />
        <h1 className="payment-card__title" id="billing-return-title">
          {t('billing.returnTitle')}
        </h1>
        <p className="payment-card__intro" role="status">
          {t('billing.returnText')}
        </p>
      </section>
    </div>
  );
}
