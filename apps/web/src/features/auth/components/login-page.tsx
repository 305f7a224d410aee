import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { LoginForm } from './login-form';

/**
 * /customer/login (spec 1 §2): the form, the ways out to recovery and registration, and the
 * log-in error of a social sign-on that failed on the way back from its provider. The desktop
 * #/customer/login dialog shows this same screen in an AuthDialogFrame.
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
        <AuthLink to="/customer/forgot-password">{t('login.forgotPassword')}</AuthLink>
        <AuthLink to="/customer/forgot-login">{t('login.forgotLogin')}</AuthLink>
      </div>
      <p className="auth-card__register">
        <AuthLink to="/customer/register" requestedUrl={requestedUrl} className="button button--ghost button--block">
          {t('login.register')}
        </AuthLink>
      </p>
      {hasSocialSignOn ? (
        <p className="auth-card__choice">
          <AuthLink to="/customer/authentication" requestedUrl={requestedUrl}>
            {t('register.otherWays')}
          </AuthLink>
        </p>
      ) : null}
    </AuthCard>
  );
}
