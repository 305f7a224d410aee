import { useTranslation } from 'react-i18next';
import { formatPrice } from '@playz/domain';
import { purchaseLabelKey } from '@playz/i18n';
import { purchaseOfferFor, useAppData } from '@playz/queries';
import { tvPaths } from '@/app/paths';

/**
 * The rental a locked film offers beside the subscription (spec 3 §3 ContentPurchase, decision
 * 040), as the web's locked player does: its button's label and the TV page that sells it. Null
 * when the item is not a film or the service rents none.
 */
export function useRentAction(id: string, isFilm: boolean): { label: string; path: string } | null {
  const { t, i18n } = useTranslation();
  const offers = useAppData().data?.App.inAppPurchases ?? [];
  const offer = isFilm ? purchaseOfferFor(offers, 'Content') : null;
  if (!offer) return null;
  const hours = offer.purchaseHours ?? null;
  const price = formatPrice(offer.price, offer.currency, i18n.language);
  return { label: t(purchaseLabelKey('rent', hours), { price, hours }), path: tvPaths.rent(id) };
}
