import type { InAppPurchase } from '@playz/api-contract';

/**
 * The offer a payment screen is about: the one clicked (product_price_id), else the product's
 * first offer of the screen's billing kind, else its first offer. The msisdn and choice screens
 * show its price text (spec 3 §2).
 */
export function offerOf(
  offers: readonly InAppPurchase[],
  productId: number,
  productPriceId: number | null,
  preferred: 'operator' | 'card',
): InAppPurchase | null {
  const ofProduct = offers.filter((offer) => offer.productID === productId);
  if (productPriceId !== null) {
    const clicked = ofProduct.find((offer) => offer.productPriceID === productPriceId);
    if (clicked) return clicked;
  }
  const isOperator = (offer: InAppPurchase) => offer.billingType === 'Wap2';
  return ofProduct.find((offer) => isOperator(offer) === (preferred === 'operator')) ?? ofProduct[0] ?? null;
}

/** A free first period of up to 7 days is "the first week", longer is "the first month" (spec 3 §1). */
export function freeTrialKind(offer: Pick<InAppPurchase, 'freeTrial' | 'freeTrialDays'>): 'week' | 'month' | null {
  if (offer.freeTrial <= 0 && offer.freeTrialDays <= 0) return null;
  return offer.freeTrialDays > 0 && offer.freeTrialDays <= 7 ? 'week' : 'month';
}

/** A positive integer from a route parameter or query value, else null. */
export function positiveId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
