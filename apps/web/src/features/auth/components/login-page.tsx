import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withRequestedUrl } from '@/lib/requested-url';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

/**
 * /customer/login (spec 1 §2): the form, the ways out to recovery and registration, and the
 * log-in error of a social sign-on that failed on the way back from its provider.
 */
export function LoginPage({
  onSuccess,
  requestedUrl = '/',
  hasSsoError = false,
  hasSocialSignOn = false,
}: {
  onSuccess: () => void;
  requestedUrl?: string;
  hasSsoError?: boolean;
  /** The application enables social providers: link to the sign-in choice. */
  hasSocialSignOn?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('login.title')}>
      {hasSsoError ? (
        <p className="form__error" role="alert">
          {t('validation.loginFailed')}
        </p>
      ) : null}
      <LoginForm onSuccess={onSuccess} />
      <div className="auth-card__links">
        <Link to="/customer/forgot-password">{t('login.forgotPassword')}</Link>
        <Link to="/customer/forgot-login">{t('login.forgotLogin')}</Link>
      </div>
      <p className="auth-card__register">
        <Link to={withRequestedUrl('/customer/register', requestedUrl)} className="button button--ghost button--block">
          {t('login.register')}
        </Link>
      </p>
      {hasSocialSignOn ? (
        <p className="auth-card__choice">
          <Link to={withRequestedUrl('/customer/authentication', requestedUrl)}>{t('register.otherWays')}</Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
