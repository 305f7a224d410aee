import type { PurchaseContentRequest } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';

/** The error number of an item that cannot be bought because it does not exist (spec 3 §8). */
export const PURCHASE_ERRORS = { Content: 20, ContentList: 21, LiveEvent: 100 } as const;

/**
 * The product that sells each kind of item one by one (spec 3 §3 ContentPurchase, LivePurchase),
 * the rule the clients' purchaseOfferFor (@playz/queries) offers by. The server holds it too: a
 * caller choosing the offer itself bought the 48-hour film rental for a live event, or the event
 * pass (which never ends) for a film or a whole series.
 */
export const PURCHASE_PRODUCT_OF = {
  Content: 'ContentPurchase',
  ContentList: 'ContentPurchase',
  LiveEvent: 'LivePurchase',
} as const;

/**
 * spec 3 §7 `purchase_content`: the JSON `{"contentType","contentTypeID"}` of the item a single
 * purchase buys. Absent or empty → null; anything else that does not parse → 3. The payment
 * calls and the TV's payment link (decision 040) read it the same way.
 */
export function parsePurchaseContent(raw: string | undefined): PurchaseContentRequest | null {
  if (raw === undefined || raw === '') return null;
  try {
    const value = JSON.parse(raw) as Partial<PurchaseContentRequest>;
    const types = ['ContentList', 'Content', 'LiveEvent'];
    if (
      typeof value === 'object' &&
      value !== null &&
      types.includes(String(value.contentType)) &&
      Number.isSafeInteger(value.contentTypeID) &&
      Number(value.contentTypeID) > 0
    )
      return { contentType: value.contentType!, contentTypeID: Number(value.contentTypeID) };
  } catch {
    // fall through: 3
  }
  throw apiError(ApiErrorNumber.BadParameter, 'purchase_content must be {"contentType","contentTypeID"}');
}

/** The item a store purchase names (Play's obfuscatedExternalProfileId; decision 093): one rule with the TV's bridge. */
export { purchaseItemTag } from '@playz/domain';
