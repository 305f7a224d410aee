import type { Content, Customer } from '@playz/api-contract';
import { canPlay, itemsOpeningContent, purchasedItems, type PlayerKind, type PurchasedItem } from '@playz/domain';

/**
 * Whether a player asks for View or Preview (spec 3 §4 Access rules): full access, the offer's
 * access type, or a valid purchase of one of `items` (the content, its list, the live event).
 * The server decides again on every stream call; this only spares a viewer who bought the item
 * the preview they would otherwise be served.
 */
export function mayWatch(
  customer: Pick<Customer, 'hasFullAccess' | 'productAccess' | 'purchases'>,
  kind: PlayerKind,
  items: readonly PurchasedItem[] = [],
  now: Date = new Date(),
): boolean {
  if (customer.hasFullAccess) return true;
  return canPlay(kind, [...customer.productAccess, ...boughtItems(customer, now)], items);
}

/**
 * Whether a content an editor sells alone (its `productPriceID` set, decision 107) plays for the
 * viewer: only a valid purchase of it opens it, as the server decides; no subscription does.
 */
export function mayWatchSoldAlone(
  customer: Pick<Customer, 'purchases'>,
  items: readonly PurchasedItem[],
  now: Date = new Date(),
): boolean {
  const bought = boughtItems(customer, now);
  return items.some((item) => bought.includes(item));
}

function boughtItems(customer: Pick<Customer, 'purchases'>, now: Date): PurchasedItem[] {
  return purchasedItems(
    (customer.purchases ?? []).map((purchase) => ({
      status: purchase.status,
      units: purchase.units,
      contentType: purchase.purchaseContent.contentType,
      contentTypeID: purchase.purchaseContent.contentTypeID,
      startDate: purchase.purchaseContent.startDate,
      endDate: purchase.purchaseContent.endDate,
    })),
    now,
  );
}

/**
 * The purchases that open `content` (spec 3 §4 Access rules): the content itself, the list it is
 * in (an episode's season) and an episode's series, as the server's rule (content-entitlement)
 * has them, so a viewer who bought the season is asked nothing more for its episodes than the
 * server asks. The server also counts the parent of any other list, which Content does not
 * carry: for a content of a list inside another list the client may ask Preview where the server
 * would give View, never the other way. Without `content` (not read yet): its own purchase only.
 */
export function itemsOpening(
  id: string,
  content: Pick<Content, 'contentListID' | 'seriesID'> | undefined,
): PurchasedItem[] {
  // Before the content is read, what is known: its own purchase.
  const listIds = [content?.contentListID ?? null, content?.seriesID ?? null].filter((n): n is number => n !== null);
  return itemsOpeningContent({ id: Number(id), listIds });
}
