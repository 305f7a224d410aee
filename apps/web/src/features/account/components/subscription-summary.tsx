import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { App, Customer } from '@playz/api-contract';
import { formatPrice, timeLeft, type TimeLeft } from '@playz/domain';
import { toSubscriptionView, type SubscriptionView } from '../api/subscription-view';
import { HourglassIcon } from './account-icons';
import { PurchasesList } from './purchases-list';
import { UnsubscribeButton, UnsubscribeConfirm } from './unsubscribe-confirm';
import { WithdrawButton, WithdrawConfirm } from './withdraw-confirm';

/**
 * The subscription block of my account (spec 1 §2, spec 3 §4): offer, price, status label, time
 * left, the card it is charged on, the unsubscribe button where this device may unsubscribe
 * (#unsubscribe-confirm), then the single purchases (spec 3 §3 Purchase). The card is changed in
 * the saved card's section, one button for both (decision 083 addendum).
 */
export function SubscriptionSummary({ app, customer, now }: { app: App; customer: Customer; now: Date }) {
  const { t } = useTranslation();
  const views = customer.subscriptions.map((subscription) => toSubscriptionView(subscription, app.inAppPurchases, now));
  const demo = customer.demoCampaign;
  const purchases = customer.purchases ?? [];
  const purchasesList = purchases.length > 0 ? <PurchasesList purchases={purchases} now={now} /> : null;

  if (views.length === 0 && !demo) {
    return (
      <>
        <div className="account-empty">
          <p>{t('account.noSubscription')}</p>
          <Link to="/service/inter" className="button button--primary">
            {t('account.seeOffers')}
          </Link>
        </div>
        {purchasesList}
      </>
    );
  }
  const unsubscribable = customer.subscriptions.flatMap((subscription, index) =>
    views[index]!.canUnsubscribe ? [{ subscription, offerName: views[index]!.offerName }] : [],
  );
  const withdrawable = customer.subscriptions.flatMap((subscription, index) =>
    views[index]!.withdrawalUntil ? [{ subscription, offerName: views[index]!.offerName }] : [],
  );
  return (
    <>
      <ul className="subscription-list">
        {views.map((view, index) => (
          <li key={customer.subscriptions[index]!.purchaseID} className="subscription">
            <SubscriptionRow
              view={view}
              purchaseID={customer.subscriptions[index]!.purchaseID}
              contactEmail={app.publisher.email}
              // The card a card subscription is charged on, as the processor masked it (decision 058 addendum).
              card={customer.subscriptions[index]!.billingType === 'CreditCard' ? (customer.creditCard ?? null) : null}
            />
          </li>
        ))}
        {demo ? (
          <li className="subscription">
            <div className="subscription__head">
              <h3 className="subscription__offer">{demo.name}</h3>
              <span className="status status--active">{t('account.demoAccess')}</span>
            </div>
            {demo.expirationDate && Date.parse(demo.expirationDate) > now.getTime() ? (
              <TimeLeftLine left={timeLeft(demo.expirationDate, now)} />
            ) : demo.durationDays === null ? (
              <p className="subscription__detail">{t('account.unlimited')}</p>
            ) : null}
          </li>
        ) : null}
      </ul>
      <UnsubscribeConfirm choices={unsubscribable} />
      <WithdrawConfirm choices={withdrawable} />
      {purchasesList}
    </>
  );
}

function SubscriptionRow({
  view,
  purchaseID,
  contactEmail,
  card,
}: {
  view: SubscriptionView;
  purchaseID: number;
  contactEmail: string;
  card: Customer['creditCard'];
}) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(view.expirationDate));
  const price = formatPrice(view.price, view.currency, i18n.language);
  return (
    <>
      <div className="subscription__head">
        <h3 className="subscription__offer">{view.offerName}</h3>
        <span className={`status status--${view.isValid ? view.status : 'inactive'}`}>
          {t(`account.status.${view.isValid || view.status === 'refunded' ? view.status : 'expired'}`)}
        </span>
      </div>
      <p className="subscription__price">
        {t(view.period === 'week' ? 'landing.pricePerWeek' : 'landing.pricePerMonth', { price })}
      </p>
      {view.nextTermDate ? <p className="subscription__detail">{t('account.nextTerm', { date })}</p> : null}
      {card ? (
        <p className="subscription__detail">
          {t('account.cardOnFile', { brand: card.brand ?? '', number: card.maskedNumber })}
          {card.expiryMonth !== null && card.expiryYear !== null
            ? ` · ${t('account.cardExpiry', { month: String(card.expiryMonth).padStart(2, '0'), year: card.expiryYear })}`
            : null}
        </p>
      ) : null}
      {view.status === 'cancelled' ? (
        <p className="subscription__detail">
          {t(view.isValid ? 'account.cancelledUntil' : 'account.endedOn', { date })} {t('account.cancelledContact')}{' '}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </p>
      ) : null}
      {view.status === 'refunded' ? (
        <p className="subscription__detail">
          {t(view.isValid ? 'account.cancelledUntil' : 'account.endedOn', { date })} {t('account.refundedText')}
        </p>
      ) : null}
      {view.timeLeft ? <TimeLeftLine left={view.timeLeft} /> : null}
      {view.withdrawalUntil ? (
        <p className="subscription__detail">
          {t('account.withdrawUntil', {
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
              new Date(view.withdrawalUntil),
            ),
          })}
        </p>
      ) : null}
      {view.canUnsubscribe ? (
        <div className="subscription__actions">
          {view.canUnsubscribe ? <UnsubscribeButton purchaseID={purchaseID} /> : null}
          {view.withdrawalUntil ? <WithdrawButton purchaseID={purchaseID} /> : null}
        </div>
      ) : null}
    </>
  );
}

/** Days when at least 1 day is left, else hours with the soon-expiry icon (spec 1 §2). */
function TimeLeftLine({ left }: { left: TimeLeft }) {
  const { t } = useTranslation();
  const text = t(left.unit === 'days' ? 'time.daysLeft' : 'time.hoursLeft', { count: left.value });
  return (
    <p className={`time-left${left.isSoon ? ' time-left--soon' : ''}`}>
      {left.isSoon ? (
        <span className="time-left__icon" title={t('account.expiresSoon')}>
          <HourglassIcon size={18} />
          <span className="visually-hidden">{t('account.expiresSoon')}</span>
        </span>
      ) : null}
      <span>{text}</span>
    </p>
  );
}
