import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { App } from '@playz/api-contract';
import { withRequestedUrl } from '@/lib/requested-url';
import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';
import { SocialSignOnButtons } from './social-sign-on-buttons';

/** /customer/register (spec 1 §2): the form, the social providers, and the way to log in instead. */
export function RegisterPage({
  providers,
  requestedUrl,
  onSuccess,
}: {
  providers: App['singleSignOns'];
  requestedUrl: string;
  onSuccess: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('register.title')} intro={t('register.intro')}>
      <SocialSignOnButtons providers={providers} requestedUrl={requestedUrl} />
      {providers.length > 0 ? <p className="auth-card__divider">{t('register.or')}</p> : null}
      <RegisterForm onSuccess={onSuccess} />
      <p className="auth-card__register">
        {t('register.haveAccount')}{' '}
        <Link to={withRequestedUrl('/customer/login', requestedUrl)} className="link-button">
          {t('login.submit')}
        </Link>
      </p>
    </AuthCard>
  );
}
