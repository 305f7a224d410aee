import { describe, expect, it } from 'vitest';
import type { InAppPurchase } from '@playz/api-contract';
import { billingErrorPath, offerPath, purchaseButtonFor, purchasedPath } from './billing-links';

const weekly = { billingType: 'Wap2', productID: 1, productPriceID: 12 };
const monthly = { billingType: 'CreditCard', productID: 1, productPriceID: 11 };

describe('offer click (spec 3 §2 /service/inter, §4; decision 028)', () => {
  it('opens the operator grid for operator billing, visitors included, carrying requested_url', () => {
    expect(offerPath(weekly, false, '/channels')).toBe(
      '/billing/product/1/operator-choice?product_price_id=12&requested_url=%2Fchannels',
    );
  });

  it('opens the card choice for a logged customer, and log-in first for a visitor', () => {
    expect(offerPath(monthly, true, null)).toBe('/billing/product/1/cb-choice?product_price_id=11');
    expect(offerPath(monthly, false, null)).toBe(
      `/customer/login?requested_url=${encodeURIComponent('/billing/product/1/cb-choice?product_price_id=11')}`,
    );
  });

  it('names the purchased page by content type and id, and the billing error page', () => {
    expect(purchasedPath({ contentType: 'Content', contentTypeID: 5 })).toBe('/content/5/purchased');
    expect(purchasedPath({ contentType: 'ContentList', contentTypeID: 6 })).toBe('/content-list/6/purchased');
    expect(purchasedPath({ contentType: 'LiveEvent', contentTypeID: 7 })).toBe('/live-event/7/purchased');
    expect(billingErrorPath('/channels')).toBe('/error/billing?requested_url=%2Fchannels');
    expect(billingErrorPath(null)).toBe('/error/billing');
  });
});

describe('the buy button of a content sold alone (spec 3 §3 ContentPurchase, decision 107)', () => {
  const offers = [
    { type: 'Purchase', productID: 10, product: 'ContentPurchase', productPriceID: 21, price: 2.99, currency: 'EUR' },
    { type: 'Purchase', productID: 10, product: 'ContentPurchase', productPriceID: 23, price: 4.99, currency: 'EUR' },
  ] as InAppPurchase[];
  const film = { contentType: 'Content', contentTypeID: 1001 } as const;

  it('sells it at its own offer and price; without one, at the product’s first offer', () => {
    const own = purchaseButtonFor(offers, film, '/content/1001', 23);
    expect(own).toMatchObject({ kind: 'rent', price: 4.99, currency: 'EUR' });
    expect(own?.href).toContain('product_price_id=23');
    expect(own?.href).toContain(`purchase_content=${encodeURIComponent(JSON.stringify(film))}`);
    expect(purchaseButtonFor(offers, film, '/content/1001')?.price).toBe(2.99);
    // An offer the service no longer lists sells nothing.
    expect(purchaseButtonFor(offers, film, '/content/1001', 99)).toBeNull();
  });
});
