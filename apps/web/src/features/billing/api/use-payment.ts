import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@playz/api-client';
import type { PurchaseContentRequest } from '@playz/api-contract';
import { useApi } from '@playz/queries';
import { rememberStartedBilling } from './billing-session';
import { fireTrackers } from './marketing-trackers';

/** GET /billing/direct-pass/carriers (spec 3 §7): operators and the other payment methods. */
export function useCarriers(productId: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['billing', 'carriers', productId],
    queryFn: async ({ signal }) =>
      (await api.getDirectPassCarriers({ query: { product_id: String(productId) }, signal })).Carriers,
  });
}

export interface StartInput {
  productId: number;
  productPriceId: number | null;
  requestedUrl: string | null;
  operatorId?: number | undefined;
  msisdn?: string | undefined;
  /** What a single purchase buys (spec 3 §7 purchase_content); none for a subscription. */
  purchaseContent?: PurchaseContentRequest | null | undefined;
}

function startQuery(input: StartInput) {
  return {
    product_id: String(input.productId),
    product_price_id: input.productPriceId === null ? undefined : String(input.productPriceId),
    operator_id: input.operatorId === undefined ? undefined : String(input.operatorId),
    msisdn: input.msisdn,
    purchase_content: input.purchaseContent
      ? JSON.stringify({
          contentType: input.purchaseContent.contentType,
          contentTypeID: input.purchaseContent.contentTypeID,
        })
      : undefined,
    requested_url: input.requestedUrl ?? undefined,
  };
}

/**
 * Direct pass (spec 3 §4 step 1): the operator page to open, or null when the operator needs
 * the mobile number first.
 */
export async function startDirectPass(api: ApiClient, input: StartInput): Promise<string | null> {
  const { Url, BillingID } = await api.getDirectPassUrl({ query: startQuery(input) });
  if (Url === null || BillingID === null) return null;
  rememberStartedBilling(BillingID, 'direct-pass');
  return Url;
}

/** Credit card (spec 3 §4 step 2): the hidden form to post to the card processor's page. */
export async function startCreditCard(api: ApiClient, input: StartInput) {
  const { RedirectData, BillingID } = await api.getCreditCardUrl({
    query: { ...startQuery(input), billing_type_param: 'CB' },
  });
  rememberStartedBilling(BillingID, 'credit-card');
  return RedirectData;
}

/**
 * A new card for a running card subscription (spec 3 §7 /billing/credit-card/update): the same
 * hosted page as a payment, posted the same way; the return page confirms it like a card payment
 * and goes back to the account (decision 028).
 */
export async function startCardUpdate(api: ApiClient, productId: number, doc: Document = document): Promise<void> {
  const { RedirectData, BillingID } = await api.getCreditCardUpdate({
    query: { product_id: String(productId), requested_url: '/customer/account' },
  });
  rememberStartedBilling(BillingID, 'credit-card');
  postRedirectForm(RedirectData.RedirectUrl, RedirectData.RedirectParams, doc);
}

/**
 * The card on file (spec 3 §7 /billing/credit-card/save, decision 083): the processor's page
 * registers the card under 3-D Secure, nothing paid; the return page confirms it like a card
 * payment and goes back to the account.
 */
export async function startCardSave(api: ApiClient, doc: Document = document): Promise<void> {
  const { RedirectData, BillingID } = await api.saveCreditCard({ body: { requested_url: '/customer/account' } });
  if (!RedirectData) throw new Error('the card processor gave no page');
  rememberStartedBilling(BillingID, 'credit-card');
  postRedirectForm(RedirectData.RedirectUrl, RedirectData.RedirectParams, doc);
}

/** PayPal: the approval page to open. */
export async function startPaypal(api: ApiClient, input: StartInput): Promise<string> {
  const { Url, BillingID } = await api.getPaypalUrl({ query: { ...startQuery(input), billing_type_param: 'PAYPAL' } });
  rememberStartedBilling(BillingID, 'paypal');
  return Url;
}

/**
 * Posts the card processor's form (3-D Secure redirect, spec 3 §4 step 2). A real form
 * submission: the processor's page needs a top-level POST navigation, not a fetch.
 */
export function postRedirectForm(url: string, params: Record<string, string>, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(params)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}

/**
 * Marketing trackers of an action (spec 3 §3, §4), fired only with advertising consent: without
 * it nothing is even asked, so no advertiser is named to this browser.
 */
export async function fireMarketingTrackers(
  api: ApiClient,
  productId: number,
  action: 'visit' | 'subscription',
  advertisingAllowed: () => boolean,
  operatorId?: number,
): Promise<string[]> {
  if (!advertisingAllowed()) return [];
  try {
    const { MarketingTrackers } = await api.getMarketingTrackers({
      query: {
        product_id: String(productId),
        action,
        operator_id: operatorId === undefined ? undefined : String(operatorId),
      },
    });
    return fireTrackers(action === 'visit' ? MarketingTrackers.Visit : MarketingTrackers.Subscription, action);
  } catch (error) {
    // A tracker is never worth a failed payment screen.
    console.warn('[billing] marketing trackers failed', error);
    return [];
  }
}

/** The visit trackers of a payment choice screen, once per product and mount. */
export function useVisitTrackers(productId: number, advertisingAllowed: () => boolean) {
  const api = useApi();
  const fired = useRef<number | null>(null);
  useEffect(() => {
    if (fired.current === productId) return;
    fired.current = productId;
    void fireMarketingTrackers(api, productId, 'visit', advertisingAllowed);
  }, [api, productId, advertisingAllowed]);
}
