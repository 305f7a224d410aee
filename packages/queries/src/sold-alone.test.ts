import { describe, expect, it } from 'vitest';
import type { Customer, InAppPurchase } from '@playz/api-contract';
import { itemOfferFor } from './purchase-offer';
import { mayWatch, mayWatchSoldAlone } from './watch-access';

// Decision 107: a content an editor sells alone names its offer (productPriceID). The apps sell
// it at that offer only and ask View only once it is bought, as the server decides.

const NOW = new Date('2026-11-29T12:00:00Z');
const offer = (productPriceID: number, product: string, price: number) =>
  ({ type: 'Purchase', productID: 10, product, productPriceID, price, currency: 'EUR' }) as InAppPurchase;
const OFFERS = [
  offer(21, 'ContentPurchase', 2.99),
  offer(22, 'LivePurchase', 4.99),
  offer(23, 'ContentPurchase', 4.99),
];

const purchaseOf = (contentTypeID: number, endDate: string) => ({
  ...{ purchaseID: 1, billingType: 'CreditCard', productPriceID: 23, price: 4.99, currency: 'EUR' },
  ...{ status: 'Paid', units: 1, expirationDate: endDate },
  purchaseContent: {
    ...{ ticketNumber: 'T1', contentType: 'Content' as const, contentTypeID, label: 'Le Phare', status: 'Paid' },
    ...{ startDate: '2026-11-29T10:00:00Z', endDate },
  },
});
const subscriber = (purchases: ReturnType<typeof purchaseOf>[] = []) =>
  ({ hasFullAccess: false, productAccess: ['service'], purchases }) as unknown as Customer;

describe('spec 3 §4 access rules for a content sold alone (decision 107)', () => {
  it('spec 3 §4 a subscription does not open it; its valid purchase does, an ended one no more', () => {
    const items = ['Content:1001' as const];
    expect(mayWatch(subscriber(), 'content', items, NOW)).toBe(true);
    expect(mayWatchSoldAlone(subscriber(), items, NOW)).toBe(false);
    expect(mayWatchSoldAlone(subscriber([purchaseOf(1001, '2026-12-01T10:00:00Z')]), items, NOW)).toBe(true);
    expect(mayWatchSoldAlone(subscriber([purchaseOf(1001, '2026-11-29T11:00:00Z')]), items, NOW)).toBe(false);
    expect(mayWatchSoldAlone(subscriber([purchaseOf(1002, '2026-12-01T10:00:00Z')]), items, NOW)).toBe(false);
  });

  it('spec 3 §3 ContentPurchase: sold at its own offer only, none when the service no longer lists it', () => {
    expect(itemOfferFor(OFFERS, 'Content', 23)?.productPriceID).toBe(23);
    expect(itemOfferFor(OFFERS, 'Content', 99)).toBeNull();
    // Without an offer of its own: the product's first offer, as before.
    expect(itemOfferFor(OFFERS, 'Content', null)?.productPriceID).toBe(21);
    expect(itemOfferFor(OFFERS, 'LiveEvent', null)?.productPriceID).toBe(22);
  });
});
