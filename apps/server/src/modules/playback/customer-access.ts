import type { Customer } from '@playz/api-contract';
import { purchasedItems, type Access } from '@playz/domain';

/**
 * Everything a customer may watch now (spec 3 §4 Access rules): the access types of their offers
 * and the items they bought one by one, while each purchase is valid.
 */
export function accessOfCustomer(customer: Customer | null, now: Date): Access[] {
  if (!customer) return [];
  const purchases = customer.purchases.map((p) => ({
    status: p.status,
    units: p.units,
    contentType: p.purchaseContent.contentType,
    contentTypeID: p.purchaseContent.contentTypeID,
    startDate: p.purchaseContent.startDate,
    endDate: p.purchaseContent.endDate,
  }));
  return [...customer.productAccess, ...purchasedItems(purchases, now)];
}
