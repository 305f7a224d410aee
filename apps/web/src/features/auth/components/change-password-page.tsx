import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, validateEditPasswordForm } from '@playz/domain';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { failureOf } from '@/lib/form-failure';
import { useForm } from '@/lib/use-form';
import { usePasswordSecret, useResetPassword } from '../api/use-recovery';
import { AuthCard, AuthNotice } from './auth-card';

const ORDER = ['password', 'passwordConfirm'] as const;

/**
 * /customer/change-password?secret= (spec 1 §2, §4): a spinner while the secret is checked, the
 * password form when valid, the 'Le lien a expiré' page with a back button when not, and
 * not-found when the check did not finish (`notFound`, the app's error page).
 */
export function ChangePasswordPage({ secret, notFound }: { secret: string; notFound: ReactNode }) {
  const { t } = useTranslation();
  const check = usePasswordSecret(secret);
  const [isExpired, setIsExpired] = useState(false);

  if (secret === '' || check.isError) return <>{notFound}</>;
  if (check.isPending) {
    return (
      <div className="auth-page" aria-busy="true">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (check.data === 'expired' || isExpired) return <LinkExpired />;
  return <ResetForm secret={secret} onExpired={() => setIsExpired(true)} />;
}

function LinkExpired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };
  return (
    <AuthCard title={t('errors.linkExpired')} intro={t('recovery.linkExpiredText')}>
      <button type="button" className="button button--primary button--block" onClick={goBack}>
        {t('errors.back')}
      </button>
      <div className="auth-card__links">
        <Link to="/customer/forgot-password">{t('recovery.newLink')}</Link>
      </div>
    </AuthCard>
  );
}

function ResetForm({ secret, onExpired }: { secret: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ password: '', passwordConfirm: '' }, ORDER);
  const reset = useResetPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check(validateEditPasswordForm(form.values))) return;
    reset.mutate(
      { secret, password: form.values.password, password_confirm: form.values.passwordConfirm },
      {
        onError: (error) => {
          if (isApiError(error, ApiErrorNumber.CustomerTokenExpired)) return onExpired();
          form.showFailure(
            failureOf(error, { [ApiErrorNumber.PasswordNotValid]: { field: 'password', key: 'passwordInvalid' } }),
          );
        },
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('recovery.resetDoneTitle')}>
        <AuthNotice>
          <p>{t('recovery.resetDone')}</p>
        </AuthNotice>
        <Link to="/customer/login" className="button button--primary button--block">
          {t('login.submit')}
        </Link>
      </AuthCard>
    );
  }

  const message = (field: (typeof ORDER)[number]) => {
    const key = form.fieldErrors[field];
    return key ? t(`validation.${key}`) : null;
  };
  return (
    <AuthCard title={t('recovery.resetTitle')} intro={t('recovery.resetIntro')}>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={reset.isPending || undefined}>
        {form.formError ? (
          <p className="form__error" role="alert">
            {t(form.formError)}
          </p>
        ) : null}
        <FormField
          ref={form.refFor('password')}
          label={t('account.newPassword')}
          isRequired
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.target.value)}
          error={message('password')}
        />
        <FormField
          ref={form.refFor('passwordConfirm')}
          label={t('account.passwordConfirm')}
          isRequired
          name="password_confirm"
          type="password"
          autoComplete="new-password"
          value={form.values.passwordConfirm}
          onChange={(event) => form.setValue('passwordConfirm', event.target.value)}
          error={message('passwordConfirm')}
        />
        <p className="form__note">{t('login.mandatoryFields')}</p>
        <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
          {reset.isPending ? <Spinner size={18} /> : null}
          <span>{t('common.save')}</span>
        </button>
      </form>
    </AuthCard>
  );
}
