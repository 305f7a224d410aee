import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { offersPath } from '@/lib/catalogue-links';

/**
 * The billing error page (spec 3 §2 "title and message 'error_billing'", §8): after a refusal,
 * an abandon or a confirmation that failed. Its way out is the offers, carrying requested_url,
 * not the browser's back (which would reopen the operator's page).
 */
export function BillingErrorPage({ requestedUrl }: { requestedUrl: string }) {
  const { t } = useTranslation();
  return (
    <section className="error-page error-page--billing" aria-labelledby="billing-error-title">
      <span className="error-page__code error-page__code--billing" aria-hidden="true">
        !
      </span>
      <h1 className="error-page__title" id="billing-error-title">
        {t('errors.billingTitle')}
      </h1>
      <p className="error-page__message">{t('errors.billing')}</p>
      <div className="error-page__actions">
        <Link
          to={requestedUrl === '/' ? '/service/inter' : offersPath(requestedUrl)}
          className="button button--primary"
        >
          {t('billing.backToOffers')}
        </Link>
        <Link to="/" className="button button--ghost">
          {t('billing.backHome')}
        </Link>
      </div>
    </section>
  );
}
