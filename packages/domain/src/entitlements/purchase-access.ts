import type { PurchasedItem } from './access';

export interface PurchaseLike {
  status: string;
  units: number;
  contentType: string;
  contentTypeID: number;
  startDate: string | null;
  endDate: string | null;
}

/** Statuses that give nothing (refunded, cancelled, never paid). */
const PURCHASE_WITHOUT_ACCESS: readonly string[] = ['PreOrder', 'Error', 'Refunded', 'Cancelled', 'Unsubscription'];

/**
 * spec 3 §4 Access rules: purchase access needs units above zero and a matching purchaseContent,
 * "optionally within its start and end dates".
 */
export function isPurchaseValid(purchase: PurchaseLike, now: Date): boolean {
  if (purchase.units <= 0 || PURCHASE_WITHOUT_ACCESS.includes(purchase.status)) return false;
  const at = now.getTime();
  if (purchase.startDate !== null && Date.parse(purchase.startDate) > at) return false;
  return purchase.endDate === null || Date.parse(purchase.endDate) > at;
}

export function purchasedItems(purchases: readonly PurchaseLike[], now: Date): PurchasedItem[] {
  return purchases
    .filter((p) => isPurchaseValid(p, now))
    .map((p) => `${p.contentType}:${p.contentTypeID}` as PurchasedItem);
}

/** The items whose purchase opens a content: itself, or the list (series, season) it is in. */
export function itemsOpeningContent(content: { id: number; listIds: readonly number[] }): PurchasedItem[] {
  return [`Content:${content.id}`, ...content.listIds.map((id) => `ContentList:${id}` as PurchasedItem)];
}
