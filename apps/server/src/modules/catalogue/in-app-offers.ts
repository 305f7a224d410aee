import type { InAppPurchase } from '@playz/api-contract';

/**
 * spec 3 §4 "Billing types available per platform" for GET /inapp: every offer once per billing
 * type the caller's platform can pay with (its own type first), so a Tizen set gets Samsung
 * checkout offers and every platform the Dummy ones (dummy is always added).
 */
export function offersOnPlatform(offers: readonly InAppPurchase[], billingTypes: readonly string[]): InAppPurchase[] {
  return offers.flatMap((offer) => {
    const own = billingTypes.includes(offer.billingType) ? [offer] : [];
    const others = billingTypes
      .filter((type) => type !== offer.billingType)
      .map((type) => ({ ...offer, billingType: type }));
    return [...own, ...others];
  });
}
