import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { useAppData } from '@playz/queries';
import { tvPaths } from '@/app/paths';
import { usePageFocus } from '@/navigation/use-page-focus';
import { TvButton } from '@/components/tv-button';
import { PhonePayment } from './phone-payment';
import { useBillingLink } from './use-billing-link';
import { StoreOffers, storeSubscriptions } from './store-offers';
import { useDevice } from '@/app/device-context';
import { useHandoffToPhone } from '@/remote/handoff';
import { DemoPaymentNotice } from './demo-payment-notice';

/**
 * The stores that know a visitor by the box's operator identity (decision 089): the Orange box's
 * line (ise2), the BBox's contract. The server signs the box in on that identity's account as it pays.
 */
const SELLS_TO_VISITORS: readonly string[] = ['OrangeAppshopTV', 'BAchat'];

/**
 * Subscribe in the TV's own store where it has one (decision 029), or by link code
 * (decision 030): the phone pays, the TV sees it paid. Visitors log in first, except in a store
 * that knows them without an account (decision 089).
 */
export function SubscribePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appData = useAppData().data;
  const logged = appData?.Customer.logged ?? false;
  const storeBilling = useDevice().storeBilling;
  const sellsInStore = !!storeBilling && storeSubscriptions(appData?.App.inAppPurchases ?? []).length > 0;
  const [paid, setPaid] = useState(false);
  const { link, error, retry } = useBillingLink(useCallback(() => setPaid(true), []));
  // A linked phone is offered the payment page at once (decision 034 Apps): no QR to scan.
  useHandoffToPhone(paid ? null : (link?.url ?? null));
  const logIn = useCallback(() => void navigate(tvPaths.login), [navigate]);
  const home = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  const needsLogIn = !logged || isApiError(error, ApiErrorNumber.AuthenticationFailed);
  const visitorBuys = needsLogIn && sellsInStore && SELLS_TO_VISITORS.includes(storeBilling.billingType);
  const firstChoice = sellsInStore ? 'store-offer-0' : 'subscribe-new-code';
  usePageFocus(paid ? 'subscribe-home' : needsLogIn && !visitorBuys ? 'subscribe-login' : firstChoice, true);
  return (
    <div className="link-page">
      <h1 className="page-title">{t('tv.subscribe.title')}</h1>
      {paid ? null : <DemoPaymentNotice />}
      {paid ? (
        <>
          <p className="link-page__lead" role="status">
            {t('tv.subscribe.paid')}
          </p>
          <TvButton focusKey="subscribe-home" primary label={t('tv.menu.home')} onSelect={home} />
        </>
      ) : visitorBuys ? (
        <div className="subscribe-choices">
          <StoreOffers billing={storeBilling} onPaid={() => setPaid(true)} />
          <TvButton focusKey="subscribe-login" label={t('tv.menu.login')} onSelect={logIn} />
        </div>
      ) : needsLogIn ? (
        <>
          <p className="link-page__lead">{t('tv.subscribe.logInFirst')}</p>
          <TvButton focusKey="subscribe-login" primary label={t('tv.menu.login')} onSelect={logIn} />
        </>
      ) : (
        <div className={sellsInStore ? 'subscribe-choices' : 'subscribe-phone'}>
          {storeBilling ? <StoreOffers billing={storeBilling} onPaid={() => setPaid(true)} /> : null}
          <PhonePayment
            lead={t('tv.subscribe.lead')}
            link={link}
            failed={!!error}
            newCodeKey="subscribe-new-code"
            onNewCode={retry}
          />
        </div>
      )}
    </div>
  );
}
