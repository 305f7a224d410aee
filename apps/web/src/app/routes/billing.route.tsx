import { Navigate, useLocation, useParams } from 'react-router';
import type { PurchaseContentRequest } from '@playz/api-contract';
import { useLoadedAppData } from '@/lib/app-data';
import { billingChoicePath } from '@/lib/billing-links';
import { loginPath } from '@/lib/catalogue-links';
import { requestedUrlFrom } from '@/lib/requested-url';
import { isAdvertisingAllowed } from '@/features/consent/api/consent-store';
import { positiveId } from '@/features/billing/api/billing-offer';
import { BillingErrorPage } from '@/features/billing/components/billing-error-page';
import { BillingReturnPage } from '@/features/billing/components/billing-return-page';
import { CbChoicePage } from '@/features/billing/components/cb-choice-page';
import { MsisdnPage } from '@/features/billing/components/msisdn-page';
import { OperatorChoicePage } from '@/features/billing/components/operator-choice-page';
import { PurchasedPage, ticketNumberOf } from '@/features/billing/components/purchased-page';
import { ErrorPage } from '@/features/errors/components/error-page';

/** What every payment choice screen reads from its URL and the application data. */
function usePaymentScreen() {
  const { App, Customer } = useLoadedAppData();
  const { productId } = useParams();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const requestedUrl = requestedUrlFrom(search, '');
  return {
    productId: positiveId(productId),
    productPriceId: positiveId(query.get('product_price_id')),
    operatorId: positiveId(query.get('operator_id')),
    requestedUrl: requestedUrl || null,
    offers: App.inAppPurchases,
    isLogged: Customer.logged,
    helpEmail: App.publisher.email,
  };
}

/** /billing/product/{product_id}/operator-choice (spec 3 §2): visitors too (decision 028). */
export function OperatorChoiceRoute() {
  const { productId, productPriceId, requestedUrl, offers, isLogged } = usePaymentScreen();
  if (productId === null) return <ErrorPage kind="not-found" />;
  return (
    <OperatorChoicePage
      {...{ productId, productPriceId, requestedUrl, offers, isLogged }}
      advertisingAllowed={isAdvertisingAllowed}
    />
  );
}

/** /billing/product/{product_id}/msisdn: reached from the grid, with the operator chosen there. */
export function MsisdnRoute() {
  const { productId, operatorId, productPriceId, requestedUrl, offers, helpEmail } = usePaymentScreen();
  if (productId === null) return <ErrorPage kind="not-found" />;
  if (operatorId === null)
    return <Navigate to={billingChoicePath(productId, 'operator-choice', { productPriceId, requestedUrl })} replace />;
  return (
    <MsisdnPage
      productId={productId}
      productPriceId={productPriceId}
      operatorId={operatorId}
      requestedUrl={requestedUrl}
      offers={offers}
      helpEmail={helpEmail}
    />
  );
}

/** /billing/product/{product_id}/cb-choice: card and PayPal need an account, so log-in comes first. */
export function CbChoiceRoute() {
  const { pathname, search } = useLocation();
  const { productId, productPriceId, requestedUrl, offers, isLogged } = usePaymentScreen();
  if (productId === null) return <ErrorPage kind="not-found" />;
  if (!isLogged) return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  return (
    <CbChoicePage
      {...{ productId, productPriceId, requestedUrl, offers, isLogged }}
      advertisingAllowed={isAdvertisingAllowed}
    />
  );
}

/** /billing/return/{billing_id}: the splash while the payment is confirmed (spec 3 §2). */
export function BillingReturnRoute() {
  const { billingId = '' } = useParams();
  const { search } = useLocation();
  return (
    <BillingReturnPage
      key={billingId}
      billingId={billingId}
      search={search}
      advertisingAllowed={isAdvertisingAllowed}
    />
  );
}

/** /error/billing (spec 3 §2 billing error page). */
export function BillingErrorRoute() {
  const { search } = useLocation();
  return <BillingErrorPage requestedUrl={requestedUrlFrom(search)} />;
}

/** /content/{id}/purchased, /content-list/{id}/purchased, /live-event/{id}/purchased (decision 028). */
export function PurchasedRoute({ kind }: { kind: PurchaseContentRequest['contentType'] }) {
  const { Customer } = useLoadedAppData();
  const { id } = useParams();
  const contentId = positiveId(id);
  if (contentId === null) return <ErrorPage kind="not-found" />;
  return (
    <PurchasedPage
      key={`${kind}-${contentId}`}
      kind={kind}
      id={contentId}
      ticketNumber={ticketNumberOf(Customer, kind, contentId)}
    />
  );
}
