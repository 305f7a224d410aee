import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StoreBilling } from '@playz/platform';
import { queryKeys, type AppData } from '@playz/queries';
import { storeSubscriptions } from './store-offers';

/**
 * Spec 3 §4 "Orange app shop: … Non-logged users are identified by ise2": on the Orange box a
 * visitor is asked about once at start. The app shop's check runs for each Orange offer until one
 * is held for this line; the server then finds (or makes) the line's account and signs the box in
 * (decision 089), and the app data is loaded again, so a box whose line pays is signed in without a
 * press. Nothing held: the visitor stays one, with nothing shown (a failure is not the viewer's
 * business at start: the subscribe page asks the app shop again when they choose to).
 */
export function useStoreVisitorSignIn(billing: StoreBilling | undefined, appData: AppData | undefined) {
  const queryClient = useQueryClient();
  const asked = useRef(false);
  const visitor = appData !== undefined && !appData.Customer.logged;
  useEffect(() => {
    if (asked.current || !visitor || billing?.billingType !== 'OrangeAppshopTV' || !appData) return;
    asked.current = true;
    const offers = storeSubscriptions(appData.App.inAppPurchases);
    void (async () => {
      for (const offer of offers) {
        const outcome = await billing.restore({ sku: offer.SKU!, productId: String(offer.productID) });
        if (outcome?.status === 'saved') {
          await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
          return;
        }
      }
    })().catch((error: unknown) => console.warn('[orange] the start check found no line', error));
  }, [billing, appData, visitor, queryClient]);
}
