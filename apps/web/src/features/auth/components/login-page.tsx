import { useTranslation } from '@/lib/use-translation';
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
  ssoError = null,
  hasSocialSignOn = false,
}: {
  onSuccess: () => void;
  requestedUrl?: string;
  /** The number a failed social sign-on came back with (`sso_error`), null without one. */
  ssoError?: string | null;
  /** The application enables social providers: link to the sign-in choice. */
  hasSocialSignOn?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('login.title')}>
      {ssoError !== null ? (
        <p className="form__error" role="alert">
          {/* 15: the provider gave no e-mail address (Facebook, when it was not granted). */}
          {ssoError === '15' ? t('login.ssoNoEmail') : t('validation.loginFailed')}
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
