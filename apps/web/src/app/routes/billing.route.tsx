import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { PurchaseContentRequest } from '@playz/api-contract';
import { itemOfferFor, useLoadedAppData } from '@playz/queries';
import { billingChoicePath, offerPath, purchasePath } from '@/lib/billing-links';
import { loginPath } from '@/lib/catalogue-links';
import { requestedUrlFrom } from '@/lib/requested-url';
import { isAdvertisingAllowed } from '@playz/queries';
import { positiveId, purchaseContentFrom } from '@/features/billing/api/billing-offer';
import { linkKeyFrom } from '@/features/billing/api/use-billing-link';
import { BillingErrorPage } from '@/features/billing/components/billing-error-page';
import { BillingLinkCodePage, BillingLinkPage } from '@/features/billing/components/billing-link-page';
import { BillingReturnPage } from '@/features/billing/components/billing-return-page';
import { CbChoicePage } from '@/features/billing/components/cb-choice-page';
import { MsisdnPage } from '@/features/billing/components/msisdn-page';
import { OperatorChoicePage } from '@/features/billing/components/operator-choice-page';
import { PurchasedPage, ticketNumberOf } from '@/features/billing/components/purchased-page';
import { useLogout } from '@playz/queries';
import { ErrorPage } from '@/features/errors/components/error-page';
import { OfferCard } from '@/features/landing/components/offer-card';
import { PurchaseLinkOffer } from '@/features/billing/components/purchase-link-offer';

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
    purchaseContent: purchaseContentFrom(query.get('purchase_content')),
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
  const { productId, productPriceId, requestedUrl, offers, isLogged, purchaseContent } = usePaymentScreen();
  if (productId === null) return <ErrorPage kind="not-found" />;
  if (!isLogged) return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  return (
    <CbChoicePage
      {...{ productId, productPriceId, requestedUrl, offers, isLogged, purchaseContent }}
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

/** Logs the other account out, then opens log-in coming back to the link page. */
function SwitchAccountButton({ requestedUrl }: { requestedUrl: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <button
      type="button"
      className="button button--primary button--large button--block"
      disabled={logout.isPending}
      onClick={() => logout.logOut(() => void navigate(loginPath(requestedUrl)))}
    >
      {t('billing.link.logout')}
    </button>
  );
}

/** /billing/link: the code typed from the TV (spec 3 §1 cross screen; decision 030). */
export function BillingLinkCodeRoute() {
  return <BillingLinkCodePage />;
}

/**
 * /billing/link/{token or code}: the phone pays for the TV's account with the service's
 * subscription offers (the landing's cards), each leading into its payment flow and back here.
 */
export function BillingLinkRoute() {
  const { App, Customer } = useLoadedAppData();
  const { token = '' } = useParams();
  const key = linkKeyFrom(token);
  if (!key) return <Navigate to="/billing/link" replace />;
  const subscriptions = App.inAppPurchases.filter((offer) => offer.type === 'Subscription');
  return (
    <BillingLinkPage
      key={token}
      linkKey={key}
      viewer={{ logged: Customer.logged, uid: Customer.UID }}
      switchAccount={(requestedUrl) => <SwitchAccountButton requestedUrl={requestedUrl} />}
      offers={(requestedUrl, purchase) => {
        // The item's own offer when it names one (decisions 073 and 107), else its product's.
        const offered = purchase
          ? itemOfferFor(App.inAppPurchases, purchase.contentType, purchase.productPriceID)
          : null;
        return (
          <div className="offers billing-link__offers">
            {purchase
              ? offered && (
                  <PurchaseLinkOffer
                    offer={offered}
                    label={purchase.label}
                    kind={purchase.contentType === 'LiveEvent' ? 'pass' : 'rent'}
                    href={purchasePath(offered, purchase, requestedUrl)}
                  />
                )
              : subscriptions.map((offer, index) => (
                  <OfferCard
                    key={offer.productPriceID}
                    offer={offer}
                    href={offerPath(offer, true, requestedUrl)}
                    featured={index === 0}
                  />
                ))}
          </div>
        );
      }}
    />
  );
}
