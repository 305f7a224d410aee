import type { InAppPurchase, PurchaseContentRequest } from '@playz/api-contract';
import { itemOfferFor } from '@playz/queries';
import { loginPath } from './catalogue-links';

// Routes of the web payment flows (spec 3 §2, decision 028). The landing, the payment screens and
// the players all build them, and features do not import each other: they live here.

export type BillingChoicePage = 'operator-choice' | 'cb-choice' | 'msisdn';

export interface BillingChoiceQuery {
  /** The offer (productPriceID) the viewer clicked: a product has several (weekly, monthly). */
  productPriceId?: number | null | undefined;
  operatorId?: number | null | undefined;
  requestedUrl?: string | null | undefined;
  /** What a single purchase buys (spec 3 §7 purchase_content), carried into the start calls. */
  purchaseContent?: PurchaseContentRequest | null | undefined;
}

export function billingChoicePath(productId: number, page: BillingChoicePage, query: BillingChoiceQuery = {}): string {
  const search = new URLSearchParams();
  if (query.productPriceId) search.set('product_price_id', String(query.productPriceId));
  if (query.operatorId !== null && query.operatorId !== undefined) search.set('operator_id', String(query.operatorId));
  if (query.purchaseContent) search.set('purchase_content', JSON.stringify(query.purchaseContent));
  if (query.requestedUrl && query.requestedUrl !== '/') search.set('requested_url', query.requestedUrl);
  const text = search.toString();
  return `/billing/product/${productId}/${page}${text ? `?${text}` : ''}`;
}

/**
 * Where an offer click leads (spec 3 §2 /service/inter, §4). Operator billing (Wap2) opens the
 * operator grid, even for a visitor: the server makes the account when the operator has been paid.
 * Every other offer is paid by card or PayPal, which need an account: a visitor logs in first and
 * comes back to the choice.
 */
export function offerPath(
  offer: Pick<InAppPurchase, 'billingType' | 'productID' | 'productPriceID'>,
  isLogged: boolean,
  requestedUrl: string | null,
): string {
  const isOperator = offer.billingType === 'Wap2';
  const path = billingChoicePath(offer.productID, isOperator ? 'operator-choice' : 'cb-choice', {
    productPriceId: offer.productPriceID,
    requestedUrl,
  });
  return isOperator || isLogged ? path : loginPath(path);
}

/**
 * Where a buy button leads: the card/PayPal choice of the purchase offer with what it buys and the
 * player to come back to. Purchases are card and PayPal offers: a visitor is sent to log in by the
 * choice page itself, which comes back to it (decision 028).
 */
export function purchasePath(
  offer: Pick<InAppPurchase, 'productID' | 'productPriceID'>,
  content: PurchaseContentRequest,
  requestedUrl: string,
): string {
  return billingChoicePath(offer.productID, 'cb-choice', {
    productPriceId: offer.productPriceID,
    purchaseContent: { contentType: content.contentType, contentTypeID: content.contentTypeID },
    requestedUrl,
  });
}

/**
 * The buy button of a locked player (spec 3 §3 ContentPurchase, LivePurchase): a film rental or a
 * live event pass, when the service sells one; null otherwise. An item that names its own offer
 * (`ownOffer`, its productPriceID: a content an editor sells alone, decision 107) is sold at that
 * offer only, as the checkout requires; none when the service no longer lists it.
 */
export function purchaseButtonFor(
  offers: readonly InAppPurchase[],
  content: PurchaseContentRequest,
  requestedUrl: string,
  ownOffer: number | null = null,
): {
  kind: 'rent' | 'pass';
  href: string;
  price: number;
  currency: string;
  hours: number | null;
  alone: boolean;
} | null {
  const offer = itemOfferFor(offers, content.contentType, ownOffer);
  if (!offer) return null;
  return {
    kind: content.contentType === 'LiveEvent' ? 'pass' : 'rent',
    href: purchasePath(offer, content, requestedUrl),
    price: offer.price,
    currency: offer.currency,
    hours: offer.purchaseHours ?? null,
    alone: ownOffer !== null && content.contentType === 'Content',
  };
}

/** The purchased page of a bought content (spec 3 §4 step 3: content type, id, then purchased). */
export function purchasedPath(content: PurchaseContentRequest): string {
  const segment = { Content: 'content', ContentList: 'content-list', LiveEvent: 'live-event' }[content.contentType];
  return `/${segment}/${content.contentTypeID}/purchased`;
}

/** The billing error page (spec 3 §2, §8), with the page to come back to when trying again. */
export function billingErrorPath(requestedUrl: string | null | undefined): string {
  return requestedUrl && requestedUrl !== '/'
    ? `/error/billing?requested_url=${encodeURIComponent(requestedUrl)}`
    : '/error/billing';
}
