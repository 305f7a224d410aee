import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@playz/domain';
import { itemOfferFor, useAppData, useContent } from '@playz/queries';
import { tvPaths } from '@/app/paths';
import { NotFoundPage } from '@/components/not-found-page';
import { TvButton } from '@/components/tv-button';
import { usePageFocus } from '@/navigation/use-page-focus';
import { useHandoffToPhone } from '@/remote/handoff';
import { PhonePayment } from './phone-payment';
import { useBillingLink } from './use-billing-link';
import { DemoPaymentNotice } from './demo-payment-notice';
import { sellsItemInStore, StoreItemPurchase } from './store-item-purchase';
import { useDevice } from '@/app/device-context';

/**
 * /rent/{id} (decision 040): a film rented from the TV's locked player. The TV does not take a
 * card: it shows a payment link for this one film (QR code and typed code) and offers it to the
 * linked phones at once; the phone pays by card or PayPal with its 3-D Secure step, the TV sees
 * the link Paid and plays the film. On a TV whose store sells one-off products (Google Play,
 * Amazon; decision 093) the store's own button comes first, the phone's link stays below it.
 */
export function RentPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const appData = useAppData().data;
  const content = useContent(id, valid);
  // A content an editor sells alone is sold at its own offer only (decision 107).
  const offer = itemOfferFor(appData?.App.inAppPurchases ?? [], 'Content', content.data?.productPriceID ?? null);
  const storeBilling = useDevice().storeBilling;
  const inStore = sellsItemInStore(storeBilling, offer);
  const item = useMemo(
    () => (valid ? { contentType: 'Content' as const, contentTypeID: Number(id) } : null),
    [id, valid],
  );
  const [paid, setPaid] = useState(false);
  const { link, error, retry } = useBillingLink(
    useCallback(() => setPaid(true), []),
    offer && item ? item : null,
  );
  useHandoffToPhone(paid ? null : (link?.url ?? null));
  const watch = useCallback(() => void navigate(tvPaths.contentPlayer(id), { replace: true }), [navigate, id]);
  usePageFocus(paid ? 'rent-watch' : inStore ? 'rent-store' : 'rent-new-code', true);
  if (!valid || !offer) return <NotFoundPage />;
  const label = content.data?.title ?? '';
  const price = formatPrice(offer.price, offer.currency, i18n.language);
  const phone = (
    <PhonePayment
      lead={t('tv.purchase.lead', { price, label })}
      link={link}
      failed={!!error}
      newCodeKey="rent-new-code"
      onNewCode={retry}
    />
  );
  return (
    <div className="link-page">
      <h1 className="page-title">{t(inStore ? 'tv.purchase.storeTitle' : 'tv.purchase.title')}</h1>
      {paid ? null : <DemoPaymentNotice />}
      {paid ? (
        <>
          <p className="link-page__lead" role="status">
            {t('tv.purchase.paid', { label })}
          </p>
          <TvButton focusKey="rent-watch" primary label={t('tv.purchase.watch')} onSelect={watch} />
        </>
      ) : inStore && storeBilling && item ? (
        // The store's button on the left, the phone's link code beside it (as the subscribe page).
        <div className="subscribe-choices">
          <StoreItemPurchase
            billing={storeBilling}
            offer={offer}
            item={item}
            label={label}
            focusKey="rent-store"
            onPaid={() => setPaid(true)}
          />
          {phone}
        </div>
      ) : (
        phone
      )}
    </div>
  );
}
