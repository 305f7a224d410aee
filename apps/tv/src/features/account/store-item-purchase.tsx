import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InAppPurchase } from '@playz/api-contract';
import { formatPrice } from '@playz/domain';
import { STORE_NAMES, StoreBillingError, type StoreBilling, type StoreItem } from '@playz/platform';
import { queryKeys, useAppData } from '@playz/queries';
import { TvButton } from '@/components/tv-button';

type Notice = { kind: 'status' | 'alert'; text: string } | null;

/** Whether this TV's store sells the offer's item itself (decision 093): a store with one-off products, an offer with a SKU. */
export const sellsItemInStore = (billing: StoreBilling | undefined, offer: InAppPurchase | null | undefined) =>
  !!billing?.buyItem && !!offer?.SKU;

/**
 * One item bought in the TV's own store (decision 093; the rent page's film, the live event's
 * pass; spec 3 §4 store flows): the offer's store
 * product through the platform bridge, the receipt posted with the item, the server verifying it
 * at the store. Saved: the customer is read again and `onPaid` runs. Cancelled in the store:
 * nothing charged, said so. A refusal: the store's or the server's words, else the payment error
 * of spec 3 §8.
 */
export function StoreItemPurchase({
  billing,
  offer,
  item,
  label,
  focusKey,
  onPaid,
}: {
  billing: StoreBilling;
  offer: InAppPurchase;
  item: StoreItem;
  label: string;
  focusKey: string;
  onPaid: () => void;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const customId = useAppData().data?.Customer.storeCustomId ?? undefined;
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const store = STORE_NAMES[billing.billingType] ?? billing.billingType;
  const price = formatPrice(offer.price, offer.currency, i18n.language);
  // A live event's pass has no hours: it lasts as long as the event and its replay (decision 093).
  const pass = item.contentType === 'LiveEvent';

  async function buy() {
    if (busy || !billing.buyItem || !offer.SKU) return;
    setBusy(true);
    setNotice(null);
    try {
      const outcome = await billing.buyItem({ sku: offer.SKU, customId, productId: String(offer.productID) }, item);
      if (outcome.status === 'saved') {
        await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
        onPaid();
      } else {
        setNotice({ kind: 'status', text: t('tv.subscribe.storeCancelled') });
      }
    } catch (error) {
      const message =
        error instanceof StoreBillingError && (error.reason === 'store' || error.apiReason !== undefined)
          ? error.message
          : null;
      setNotice({ kind: 'alert', text: message ?? t('errors.billing') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="store-offers" aria-label={store}>
      <p className="link-page__lead">
        {pass
          ? t('tv.purchase.passLead', { label, store })
          : t('tv.purchase.storeLead', { label, store, hours: offer.purchaseHours ?? 48 })}
      </p>
      <div className="detail__actions">
        <TvButton
          focusKey={focusKey}
          primary
          label={t(pass ? 'tv.purchase.passButton' : 'tv.purchase.storeButton', { store, price })}
          onSelect={() => void buy()}
        />
      </div>
      {notice ? (
        <p className={notice.kind === 'alert' ? 'link-page__error' : 'link-page__waiting'} role={notice.kind}>
          {notice.text}
        </p>
      ) : null}
    </section>
  );
}
