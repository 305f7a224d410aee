import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { App, Customer } from '@playz/api-contract';
import { socialProviderName, webmailUrl } from '@/lib/customer-login';
import { useDialogRoute } from '@/lib/dialog-route';
import { withRequestedUrl } from '@/lib/requested-url';
import { useWelcomeMailbox } from '../api/use-welcome';
import { welcomeVariantOf } from '../api/welcome-variant';

/**
 * /customer/welcome after a subscription (spec 1 §2, spec 3 §2): greeting with the service name,
 * success message, the login, the variant's block (mailbox, social provider, no account, demo),
 * the access button to requested_url or home, and the terms text with its links.
 */
export function WelcomePage({
  app,
  customer,
  requestedUrl,
  debug,
}: {
  app: App;
  customer: Customer;
  requestedUrl: string;
  debug: string | null;
}) {
  const { t } = useTranslation();
  const provider = socialProviderName(customer);
  const variant = welcomeVariantOf(customer, provider, debug);
  const mailbox = useWelcomeMailbox(variant === 'mailbox' && customer.hasDomainMailbox);
  const editLogin = useDialogRoute('/customer/edit-login');
  const editPassword = useDialogRoute('/customer/edit-password');

  return (
    <div className="welcome-page">
      <section className="welcome-card" aria-labelledby="welcome-title">
        <span className="welcome-card__check" aria-hidden="true">
          ✓
        </span>
        <h1 className="welcome-card__title" id="welcome-title">
          {t('welcome.greeting', { name: app.name })}
        </h1>
        <p className="welcome-card__success" role="status">
          {t('welcome.success')}
        </p>

        {variant !== 'anonymous' && customer.login ? (
          <p className="welcome-card__login">
            {t('welcome.yourLogin')} <strong>{customer.login}</strong>
          </p>
        ) : null}

        {variant === 'mailbox' ? (
          <div className="welcome-block">
            <p>{t('welcome.mailboxIntro', { domain: app.siteDomain })}</p>
            <dl className="account-facts">
              <div>
                <dt>{t('account.mailboxLogin')}</dt>
                <dd>{mailbox.data?.Login ?? customer.login ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('account.mailboxPassword')}</dt>
                <dd className="account-facts__secret">{mailbox.data?.Password ?? '••••••••'}</dd>
              </div>
            </dl>
            <div className="welcome-block__links">
              <Link to={editLogin.to} state={editLogin.state}>
                {t('account.editLogin')}
              </Link>
              <Link to={editPassword.to} state={editPassword.state}>
                {t('account.editPassword')}
              </Link>
              <a href={webmailUrl(app.siteDomain)} target="_blank" rel="noreferrer">
                {t('account.webmail')}
              </a>
            </div>
          </div>
        ) : null}

        {variant === 'social' ? (
          <p className="welcome-block">{t('welcome.social', { provider: provider ?? 'Google' })}</p>
        ) : null}

        {variant === 'anonymous' ? (
          <div className="welcome-block">
            <p>{t('welcome.noAccount')}</p>
            <Link to={withRequestedUrl('/customer/register', requestedUrl)}>{t('login.register')}</Link>
          </div>
        ) : null}

        {variant === 'demo' ? (
          <p className="welcome-block">
            {customer.demoCampaign?.durationDays
              ? t('welcome.demoDays', { name: customer.demoCampaign.name, count: customer.demoCampaign.durationDays })
              : t('welcome.demoUnlimited', { name: customer.demoCampaign?.name ?? app.name })}
          </p>
        ) : null}

        <Link to={requestedUrl} className="button button--primary button--large button--block">
          {t('welcome.access')}
        </Link>

        <p className="welcome-card__terms">
          {t('welcome.terms')} <Link to="/service/infos/terms">{t('account.terms')}</Link>
          {' · '}
          <a href={app.withdrawalFormUrl}>{t('account.withdrawalForm')}</a>
        </p>
      </section>
    </div>
  );
}
