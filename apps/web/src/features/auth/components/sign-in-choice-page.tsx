import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { App } from '@playz/api-contract';
import { withRequestedUrl } from '@/lib/requested-url';
import { AuthCard } from './auth-card';
import { SocialSignOnButtons } from './social-sign-on-buttons';

/**
 * /customer/authentication (spec 1 §2 sign-in choice): the three social providers, e-mail log-in
 * or registration. Each keeps the page the visitor came for.
 */
export function SignInChoicePage({
  providers,
  requestedUrl,
}: {
  providers: App['singleSignOns'];
  requestedUrl: string;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('register.choiceTitle')} intro={t('register.choiceIntro')}>
      <SocialSignOnButtons providers={providers} requestedUrl={requestedUrl} />
      {providers.length > 0 ? <p className="auth-card__divider">{t('register.or')}</p> : null}
      <Link to={withRequestedUrl('/customer/login', requestedUrl)} className="button button--light button--block">
        <span>{t('register.withEmail')}</span>
      </Link>
      <p className="auth-card__register">
        {t('register.noAccount')}{' '}
        <Link to={withRequestedUrl('/customer/register', requestedUrl)} className="link-button">
          {t('login.register')}
        </Link>
      </p>
    </AuthCard>
  );
}
