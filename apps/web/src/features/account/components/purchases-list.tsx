import { useTranslation } from '@/lib/use-translation';
import type { Purchase } from '@playz/api-contract';
import { formatPrice, isPurchaseValid } from '@playz/domain';

/** The purchase's access state, as the account's status chips say it. */
function statusOf(purchase: Purchase, now: Date): 'active' | 'refunded' | 'expired' {
  if (purchase.status === 'Refunded') return 'refunded';
  const isValid = isPurchaseValid(
    {
      status: purchase.status,
      units: purchase.units,
      contentType: purchase.purchaseContent.contentType,
      contentTypeID: purchase.purchaseContent.contentTypeID,
      startDate: purchase.purchaseContent.startDate,
      endDate: purchase.purchaseContent.endDate,
    },
    now,
  );
  return isValid ? 'active' : 'expired';
}

/**
 * The single purchases under the subscriptions (spec 3 §3 Purchase, PurchaseContent): what was
 * bought, its ticket number, until when it opens the item ("no time limit" without an end) and
 * what it cost. Newest first, as the server lists them.
 */
export function PurchasesList({ purchases, now }: { purchases: readonly Purchase[]; now: Date }) {
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <section className="purchases" aria-labelledby="account-purchases-title">
      <h3 className="purchases__title" id="account-purchases-title">
        {t('account.purchases')}
      </h3>
      <ul className="subscription-list">
        {purchases.map((purchase) => {
          const status = statusOf(purchase, now);
          const end = purchase.expirationDate ?? purchase.purchaseContent.endDate;
          const date = end ? dateFormat.format(new Date(end)) : null;
          return (
            <li key={purchase.purchaseID} className="subscription purchase">
              <div className="subscription__head">
                <h4 className="subscription__offer">{purchase.purchaseContent.label}</h4>
                <span className={`status status--${status === 'expired' ? 'inactive' : status}`}>
                  {t(`account.status.${status}`)}
                </span>
              </div>
              <p className="subscription__price">{formatPrice(purchase.price, purchase.currency, i18n.language)}</p>
              <p className="subscription__detail">
                {date === null
                  ? t('account.purchaseUnlimited')
                  : t(status === 'active' ? 'account.purchaseUntil' : 'account.purchaseEndedOn', { date })}
              </p>
              <p className="purchase__ticket">
                {t('account.ticketNumber', { ticket: purchase.purchaseContent.ticketNumber })}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
