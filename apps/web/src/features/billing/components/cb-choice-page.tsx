import { useTranslation } from '@/lib/use-translation';
import { offerOf } from '../api/billing-offer';
import { useCarriers, useVisitTrackers } from '../api/use-payment';
import type { PaymentScreenProps } from './operator-choice-page';
import { PaymentCard, PaymentTerms, UnknownOffer } from './payment-layout';
import { leaveToProvider, PaymentMethods } from './payment-methods';

/**
 * /billing/product/{product_id}/cb-choice (spec 3 §2): credit card and PayPal as the carriers data
 * lists them, with the terms and privacy links. The route sends visitors to log in first.
 */
export function CbChoicePage({
  productId,
  productPriceId,
  requestedUrl,
  offers,
  isLogged,
  advertisingAllowed,
  leave = leaveToProvider,
  purchaseContent = null,
}: PaymentScreenProps) {
  const { t } = useTranslation();
  const carriers = useCarriers(productId);
  useVisitTrackers(productId, advertisingAllowed);
  const offer = offerOf(offers, productId, productPriceId, 'card');
  // A purchase without the item it buys cannot start (the server would answer 2).
  if (!offer || (offer.type === 'Purchase' && !purchaseContent)) return <UnknownOffer requestedUrl={requestedUrl} />;
  const methods = carriers.data?.billings ?? [];

  return (
    <PaymentCard
      title={t('billing.cbTitle')}
      intro={t('billing.cbIntro')}
      offer={offer}
      purchaseContent={offer.type === 'Purchase' ? purchaseContent : null}
    >
      {carriers.isError ? (
        <p className="notice" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}
      {carriers.isPending ? (
        <ul className="payment-methods" aria-hidden="true">
          {[0, 1].map((i) => (
            <li key={i}>
              <span className="payment-method payment-method--placeholder skeleton" />
            </li>
          ))}
        </ul>
      ) : null}
      {carriers.isSuccess && methods.length === 0 ? <p className="notice">{t('billing.noMethod')}</p> : null}
      {methods.length > 0 ? (
        <PaymentMethods
          methods={methods}
          start={{
            productId,
            productPriceId: offer.productPriceID,
            requestedUrl,
            purchaseContent: offer.type === 'Purchase' ? purchaseContent : null,
          }}
          isLogged={isLogged}
          leave={leave}
        />
      ) : null}
      <PaymentTerms />
    </PaymentCard>
  );
}
