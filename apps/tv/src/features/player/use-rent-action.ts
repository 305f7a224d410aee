import { useTranslation } from 'react-i18next';
import { formatPrice } from '@playz/domain';
import { purchaseLabelKey } from '@playz/i18n';
import { itemOfferFor, useAppData } from '@playz/queries';
import { tvPaths } from '@/app/paths';

/** A rental's button: its label with the price, its page, and whether it is the only way in. */
export interface RentAction {
  label: string;
  path: string;
  /** Sold alone (decision 107): no subscription opens it, so the purchase is offered alone. */
  alone: boolean;
}

/**
 * The rental a locked film offers beside the subscription (spec 3 §3 ContentPurchase, decision
 * 040), as the web's locked player does: its button's label and the TV page that sells it. Null
 * when the item is not a film or the service rents none.
 */
export function useRentAction(
  id: string,
  isFilm: boolean,
  /** The content's own offer when an editor sells it alone (its productPriceID, decision 107). */
  ownOffer: number | null = null,
): RentAction | null {
  const { t, i18n } = useTranslation();
  const offers = useAppData().data?.App.inAppPurchases ?? [];
  const offer = isFilm || ownOffer !== null ? itemOfferFor(offers, 'Content', ownOffer) : null;
  if (!offer) return null;
  const hours = offer.purchaseHours ?? null;
  const price = formatPrice(offer.price, offer.currency, i18n.language);
  return {
    label: t(purchaseLabelKey('rent', hours), { price, hours }),
    path: tvPaths.rent(id),
    alone: ownOffer !== null,
  };
}
