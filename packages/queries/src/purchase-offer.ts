import type { InAppPurchase, PurchaseContentRequest } from '@playz/api-contract';

/** The product sold one by one for each kind of item (spec 3 §3 products ContentPurchase, LivePurchase). */
const PURCHASE_PRODUCT: Record<PurchaseContentRequest['contentType'], string> = {
  Content: 'ContentPurchase',
  ContentList: 'ContentPurchase',
  LiveEvent: 'LivePurchase',
};

/**
 * The Purchase offer that sells this kind of item, if the service sells one (the first listed):
 * the web's buy buttons, the phone paying for its TV and the TV's locked player all offer this one.
 */
export function purchaseOfferFor(
  offers: readonly InAppPurchase[],
  contentType: PurchaseContentRequest['contentType'],
): InAppPurchase | null {
  return offers.find((offer) => offer.type === 'Purchase' && offer.product === PURCHASE_PRODUCT[contentType]) ?? null;
}

/**
 * The offer that sells an item that may name its own (its productPriceID: a live event's pass, a
 * content an editor sells alone; decisions 073 and 107): that one only, as the checkout requires,
 * or none when the service no longer lists it; else the product's offer (`purchaseOfferFor`).
 */
export function itemOfferFor(
  offers: readonly InAppPurchase[],
  contentType: PurchaseContentRequest['contentType'],
  ownOffer: number | null,
): InAppPurchase | null {
  if (ownOffer === null) return purchaseOfferFor(offers, contentType);
  return offers.find((offer) => offer.type === 'Purchase' && offer.productPriceID === ownOffer) ?? null;
}
