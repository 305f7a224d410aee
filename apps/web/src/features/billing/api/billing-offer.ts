import type { InAppPurchase, PurchaseContentRequest } from '@playz/api-contract';

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

const CONTENT_TYPES: readonly string[] = ['Content', 'ContentList', 'LiveEvent'];

/**
 * What a purchase buys, from the `purchase_content` query of a payment screen (the JSON of spec 3
 * §7): only its two fields, else null. The server checks it again (3 when it does not parse).
 */
export function purchaseContentFrom(value: string | null): PurchaseContentRequest | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as { contentType?: unknown; contentTypeID?: unknown } | null;
    if (!parsed || typeof parsed.contentType !== 'string' || !CONTENT_TYPES.includes(parsed.contentType)) return null;
    const id = positiveId(String(parsed.contentTypeID));
    if (id === null) return null;
    return { contentType: parsed.contentType as PurchaseContentRequest['contentType'], contentTypeID: id };
  } catch {
    return null;
  }
}
