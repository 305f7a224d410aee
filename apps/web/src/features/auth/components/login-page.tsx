import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './login-form';

/** /customer/login (spec 1 §2). */
export function LoginPage({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="login-title">
        <h1 className="auth-card__title" id="login-title">
          {t('login.title')}
        </h1>
        <LoginForm onSuccess={onSuccess} />
        <div className="auth-card__links">
          <Link to="/customer/forgot-password">{t('login.forgotPassword')}</Link>
          <Link to="/customer/forgot-login">{t('login.forgotLogin')}</Link>
        </div>
        <p className="auth-card__register">
          <Link to="/customer/register" className="button button--ghost button--block">
            {t('login.register')}
          </Link>
        </p>
      </section>
    </div>
  );
}
