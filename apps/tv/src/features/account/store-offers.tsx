import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InAppPurchase } from '@playz/api-contract';
import { formatPrice } from '@playz/domain';
import { STORE_NAMES, StoreBillingError, type StoreBilling } from '@playz/platform';
import { queryKeys, useAppData } from '@playz/queries';
import { TvButton } from '@/components/tv-button';

type Notice = { kind: 'status' | 'alert'; text: string } | null;

/**
 * The subscriptions the store sells, one per SKU (decision 029: a store product is matched to
 * our offer by its SKU). Purchases of one item are bought on the item's own page, not here.
 */
export function storeSubscriptions(offers: readonly InAppPurchase[]): InAppPurchase[] {
  const seen = new Set<string>();
  return offers.filter((offer) => {
    if (offer.type !== 'Subscription' || !offer.SKU || seen.has(offer.SKU)) return false;
    seen.add(offer.SKU);
    return true;
  });
}

/**
 * Paying in the TV's own store (store billing through the platform bridge, decision 036; spec 3 §4
 * store flows): each subscription offer as a button; the bridge buys it in the store and the
 * server verifies and saves the store's answer (decision 029). Saved: the customer is loaded
 * again and `onPaid` runs. Cancelled in the store: nothing charged, said so. BAchat continues on
 * its activation page. A refusal shows the payment error of spec 3 §8.
 */
export function StoreOffers({ billing, onPaid }: { billing: StoreBilling; onPaid: () => void }): ReactNode {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const data = useAppData().data;
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const offers = storeSubscriptions(data?.App.inAppPurchases ?? []);
  const store = STORE_NAMES[billing.billingType] ?? billing.billingType;
  if (offers.length === 0) return null;

  async function buy(offer: InAppPurchase) {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const outcome = await billing.subscribe({
        sku: offer.SKU!,
        customId: data?.Customer.storeCustomId ?? undefined,
        productId: String(offer.productID),
      });
      if (outcome.status === 'saved') {
        await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
        onPaid();
      } else if (outcome.status === 'redirected') {
        setNotice({ kind: 'status', text: t('tv.subscribe.storeRedirected', { store }) });
        window.location.assign(outcome.url);
      } else {
        setNotice({ kind: 'status', text: t('tv.subscribe.storeCancelled') });
      }
    } catch (error) {
      // The store's or the server's own words when it gave some (Samsung's codes, spec 3 §8); the
      // server's when it named why, written for the viewer (a trial already used, decision 072).
      const message =
        error instanceof StoreBillingError && (error.reason === 'store' || error.apiReason !== undefined)
          ? error.message
          : null;
      setNotice({ kind: 'alert', text: message ?? t('errors.billing') });
    } finally {
      setBusy(false);
    }
  }

  const priceOf = (offer: InAppPurchase) =>
    t(offer.durationUnit === 'Week' ? 'billing.perWeek' : 'billing.perMonth', {
      price: formatPrice(offer.price, offer.currency, i18n.language),
    });
  return (
    <section className="store-offers" aria-label={store}>
      <p className="link-page__lead">{t('tv.subscribe.storeTitle', { store })}</p>
      <div className="detail__actions">
        {offers.map((offer, index) => (
          <TvButton
            key={offer.SKU}
            focusKey={`store-offer-${index}`}
            primary={index === 0}
            label={`${offer.name} · ${priceOf(offer)}`}
            onSelect={() => void buy(offer)}
          />
        ))}
      </div>
      {notice ? (
        <p className={notice.kind === 'alert' ? 'link-page__error' : 'link-page__waiting'} role={notice.kind}>
          {notice.text}
        </p>
      ) : null}
    </section>
  );
}
