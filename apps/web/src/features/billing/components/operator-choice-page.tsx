import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { InAppPurchase, PurchaseContentRequest } from '@playz/api-contract';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { useApi } from '@playz/queries';
import { billingChoicePath } from '@/lib/billing-links';
import { offerOf } from '../api/billing-offer';
import { operatorGrid, type OperatorTile } from '../api/operators';
import { startDirectPass, useCarriers, useVisitTrackers } from '../api/use-payment';
import { PaymentCard, PaymentTerms, UnknownOffer } from './payment-layout';
import { leaveToProvider, PaymentMethods, type LeavePage } from './payment-methods';

export interface PaymentScreenProps {
  productId: number;
  productPriceId: number | null;
  requestedUrl: string | null;
  offers: readonly InAppPurchase[];
  isLogged: boolean;
  advertisingAllowed: () => boolean;
  leave?: LeavePage;
  /** What a single purchase buys (?purchase_content=); null for a subscription. */
  purchaseContent?: PurchaseContentRequest | null;
}

/**
 * /billing/product/{product_id}/operator-choice (spec 3 §2): the operator logos, "others", a
 * separator, then the other payment methods. A tile starts the direct pass with the operator
 * (its parent's id for a brand): the operator's page opens, or the mobile number page when the
 * operator needs the number first (spec 3 §4 step 1).
 */
export function OperatorChoicePage({
  productId,
  productPriceId,
  requestedUrl,
  offers,
  isLogged,
  advertisingAllowed,
  leave = leaveToProvider,
}: PaymentScreenProps) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const carriers = useCarriers(productId);
  const [busy, setBusy] = useState<number | null>(null);
  useVisitTrackers(productId, advertisingAllowed);
  const offer = offerOf(offers, productId, productPriceId, 'operator');
  if (!offer) return <UnknownOffer requestedUrl={requestedUrl} />;

  const start = { productId, productPriceId: offer.productPriceID, requestedUrl };
  const choose = async (tile: OperatorTile) => {
    setBusy(tile.key);
    try {
      const url = await startDirectPass(api, { ...start, operatorId: tile.billingOperatorId });
      if (url) return leave(url);
      void navigate(
        billingChoicePath(productId, 'msisdn', {
          productPriceId: offer.productPriceID,
          operatorId: tile.billingOperatorId,
          requestedUrl,
        }),
      );
    } catch (error) {
      console.error('[billing] direct pass start failed', error);
      toast.showError();
      setBusy(null);
    }
  };

  const grid = carriers.data ? operatorGrid(carriers.data.operators) : null;
  // The logos are wordmarks: the name is read out, and shown only under the generic "others" mark.
  const tile = (operator: OperatorTile, label: string, isOthers = false) => (
    <li key={operator.key}>
      <button
        type="button"
        className={`operator-tile${isOthers ? ' operator-tile--others' : ''}`}
        onClick={() => void choose(operator)}
        disabled={busy !== null}
        aria-busy={busy === operator.key || undefined}
      >
        <img className="operator-tile__logo" src={operator.logoUrl} alt="" width={120} height={48} />
        <span className={isOthers ? 'operator-tile__name' : 'visually-hidden'}>{label}</span>
        {busy === operator.key ? (
          <span className="operator-tile__busy">
            <Spinner size={22} />
          </span>
        ) : null}
      </button>
    </li>
  );

  return (
    <PaymentCard title={t('billing.operatorTitle')} intro={t('billing.operatorIntro')} offer={offer} wide>
      {carriers.isError ? (
        <p className="notice" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}
      {!grid && carriers.isPending ? (
        <ul className="operator-grid" aria-hidden="true">
          {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
            <li key={i}>
              <span className="operator-tile operator-tile--placeholder skeleton" />
            </li>
          ))}
        </ul>
      ) : null}
      {grid ? (
        <>
          <ul className="operator-grid" aria-label={t('billing.operators')}>
            {grid.tiles.map((operator) => tile(operator, operator.name))}
            {tile(grid.others, t('billing.otherOperators'), true)}
          </ul>
          {carriers.data && carriers.data.billings.length > 0 ? (
            <>
              <p className="payment-separator">
                <span>{t('billing.orPayWith')}</span>
              </p>
              <PaymentMethods methods={carriers.data.billings} start={start} isLogged={isLogged} leave={leave} />
            </>
          ) : null}
        </>
      ) : null}
      <PaymentTerms />
    </PaymentCard>
  );
}
