import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PURCHASE_STATUSES } from './subscription-validity';
import { ALL_PRODUCT_ACCESS, playbackUsage, type PlayerKind } from './product-access';
import { isPurchaseValid, itemsOpeningContent, purchasedItems, type PurchaseLike } from './purchase-access';

const now = new Date('2026-11-24T12:00:00Z');
const film: PurchaseLike = {
  status: 'Paid',
  units: 1,
  contentType: 'Content',
  contentTypeID: 1001,
  startDate: '2026-11-24T10:00:00Z',
  endDate: '2026-11-26T10:00:00Z',
};

describe('purchase access (spec 3 §4 Access rules: units above zero, matching purchaseContent, dates)', () => {
  it('a paid purchase opens its own content for its dates only', () => {
    const access = purchasedItems([film], now);
    expect(playbackUsage('content', access, itemsOpeningContent({ id: 1001, listIds: [] }))).toBe('View');
    expect(playbackUsage('content', access, itemsOpeningContent({ id: 1002, listIds: [] }))).toBe('Preview');
    expect(purchasedItems([film], new Date('2026-11-26T10:00:00Z'))).toEqual([]);
    expect(purchasedItems([film], new Date('2026-11-24T09:59:59Z'))).toEqual([]);
  });

  it('a list purchase opens the episodes of the list; a refunded or zero-unit purchase opens nothing', () => {
    const season: PurchaseLike = { ...film, contentType: 'ContentList', contentTypeID: 7, endDate: null };
    expect(
      playbackUsage('episode', purchasedItems([season], now), itemsOpeningContent({ id: 3, listIds: [9, 7] })),
    ).toBe('View');
    expect(purchasedItems([{ ...season, status: 'Refunded' }], now)).toEqual([]);
    expect(purchasedItems([{ ...season, units: 0 }], now)).toEqual([]);
  });

  it('over any status, units and instant: access only when valid, and never to another item', () => {
    const kinds: PlayerKind[] = ['live', 'content', 'list', 'episode'];
    fc.assert(
      fc.property(
        fc.constantFrom(...PURCHASE_STATUSES),
        fc.integer({ min: -1, max: 3 }),
        fc.integer({ min: -72, max: 72 }),
        fc.constantFrom(...kinds),
        fc.integer({ min: 1, max: 5 }),
        (status, units, hours, kind, otherId) => {
          const purchase = { ...film, status, units };
          const at = new Date(now.getTime() + hours * 3600_000);
          const items = itemsOpeningContent({ id: 1001, listIds: [] });
          const expected = isPurchaseValid(purchase, at) ? 'View' : 'Preview';
          expect(playbackUsage(kind, purchasedItems([purchase], at), items)).toBe(expected);
          expect(playbackUsage(kind, purchasedItems([purchase], at), [`Content:${otherId}`])).toBe('Preview');
        },
      ),
    );
  });

  it('offers still decide without purchases (the access types of spec 2 §4 unchanged)', () => {
    for (const access of ALL_PRODUCT_ACCESS)
      expect(playbackUsage('content', [access])).toBe(access === 'video' ? 'Preview' : 'View');
  });
});
