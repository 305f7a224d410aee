import { useEffect, useState } from 'react';
import type { ApiClient } from '@playz/api-client';
import { isApiError } from '@playz/api-client';
import type { BillingOutcome } from '@playz/api-contract';
import { billingErrorPath, purchasedPath } from '@/lib/billing-links';
import { withRequestedUrl } from '@/lib/requested-url';
import { useApi } from '@playz/queries';
import { startedBillingRoute, WEB_BILLING_ROUTES, type WebBillingRoute } from './billing-session';

/** How often, and how long, the return page asks while the provider has not answered (decision 028). */
export const RETURN_POLL_MS = 2000;
export const RETURN_MAX_WAIT_MS = 20_000;

const BILLING_ID = /^[0-9a-f]{24}$/;

/**
 * Where the viewer goes once a payment is settled (spec 3 §4 step 3): a subscription to the
 * welcome page (carrying requested_url), a purchase to the content's purchased page, a card change
 * to the account; a refusal or an abandon to the billing error page. Pending goes nowhere yet.
 */
export function destinationOf(outcome: BillingOutcome): string | null {
  if (outcome.state === 'Pending') return null;
  if (outcome.state !== 'Succeeded') return billingErrorPath(outcome.requestedUrl);
  if (outcome.type === 'Subscription') return withRequestedUrl('/customer/welcome', outcome.requestedUrl);
  if (outcome.type === 'Purchase') return outcome.purchaseContent ? purchasedPath(outcome.purchaseContent) : '/';
  return '/customer/account';
}

/** The billing type of a billing this browser did not remember: the web type whose data knows it. */
async function findRoute(api: ApiClient, billingId: string): Promise<WebBillingRoute | null> {
  for (const route of WEB_BILLING_ROUTES) {
    try {
      await api.getBillingData({ params: { type: route }, query: { billing_id: billingId } });
      return route;
    } catch (error) {
      // 32 "not this type's billing", 33 "type not installed": try the next one.
      if (!isApiError(error) || (error.number !== 32 && error.number !== 33)) throw error;
    }
  }
  return null;
}

/**
 * One look at where the billing stands. Direct pass and card have a confirm call that also asks
 * the provider (decision 025). PayPal's confirm captures the approved payment, so it is made once
 * with what PayPal put in the return URL; later looks read the billing data.
 */
async function confirmOnce(
  api: ApiClient,
  route: WebBillingRoute,
  billingId: string,
  search: string,
  isFirst: boolean,
): Promise<BillingOutcome> {
  if (route === 'direct-pass') return (await api.confirmDirectPass({ body: { billing_id: billingId } })).Billing;
  if (route === 'credit-card') return (await api.confirmCreditCard({ body: { billing_id: billingId } })).Billing;
  if (isFirst) {
    const params = new URLSearchParams(search);
    return (
      await api.confirmPaypal({
        query: {
          billing_id: billingId,
          billing_credit_id: params.get('billing_credit_id') ?? params.get('token') ?? undefined,
          subscription_id: params.get('subscription_id') ?? undefined,
        },
      })
    ).Billing;
  }
  return (await api.getBillingData({ params: { type: 'paypal' }, query: { billing_id: billingId } })).Billing;
}

export type ReturnState =
  | { kind: 'checking' }
  /** Still Pending after the wait: the viewer may look again (the reconciler keeps going). */
  | { kind: 'pending' }
  | { kind: 'settled'; outcome: BillingOutcome }
  /** Unknown billing, a confirm that failed: the billing error page (spec 3 §4 step 3). */
  | { kind: 'failed' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The return splash's work (spec 3 §2 /billing/return/{billing_id}): confirm, and while the
 * billing is Pending ask again every `pollMs` up to `maxWaitMs`.
 */
export function useBillingReturn(
  billingId: string,
  search: string,
  { pollMs = RETURN_POLL_MS, maxWaitMs = RETURN_MAX_WAIT_MS }: { pollMs?: number; maxWaitMs?: number } = {},
) {
  const api = useApi();
  const [state, setState] = useState<ReturnState>({ kind: 'checking' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let isCancelled = false;
    const deadline = Date.now() + maxWaitMs;
    setState({ kind: 'checking' });
    void (async () => {
      try {
        if (!BILLING_ID.test(billingId)) throw new Error('not a billing id');
        const route = startedBillingRoute(billingId) ?? (await findRoute(api, billingId));
        if (!route) throw new Error('no web billing type knows this billing');
        for (let look = 0; !isCancelled; look += 1) {
          // PayPal's capture runs once per page, not once per "check again".
          const outcome = await confirmOnce(api, route, billingId, search, look === 0 && round === 0);
          if (isCancelled) return;
          if (outcome.state !== 'Pending') return setState({ kind: 'settled', outcome });
          if (Date.now() + pollMs > deadline) return setState({ kind: 'pending' });
          await sleep(pollMs);
        }
      } catch (error) {
        if (isCancelled) return;
        console.error('[billing] confirmation failed', error);
        setState({ kind: 'failed' });
      }
    })();
    return () => {
      isCancelled = true;
    };
  }, [api, billingId, search, pollMs, maxWaitMs, round]);

  return { state, checkAgain: () => setRound((r) => r + 1) };
}
