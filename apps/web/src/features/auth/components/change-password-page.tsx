import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, validateEditPasswordForm } from '@playz/domain';
import { Form, MandatoryFieldsNote } from '@/components/form/form';
import { NewPasswordFields } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { Spinner } from '@/components/spinner';
import { failureOf } from '@/lib/form-failure';
import { usePasswordSecret, useResetPassword } from '../api/use-recovery';
import { AuthCard, AuthNotice } from './auth-card';

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
  const form = useForm({ password: '', passwordConfirm: '' }, { validate: validateEditPasswordForm });
  const reset = useResetPassword();

  const send = (values: { password: string; passwordConfirm: string }) =>
    reset.mutate(
      { secret, password: values.password, password_confirm: values.passwordConfirm },
      {
        onError: (error) => {
          if (isApiError(error, ApiErrorNumber.CustomerTokenExpired)) return onExpired();
          form.showFailure(
            failureOf(error, { [ApiErrorNumber.PasswordNotValid]: { field: 'password', key: 'passwordInvalid' } }),
          );
        },
      },
    );

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

  return (
    <AuthCard title={t('recovery.resetTitle')} intro={t('recovery.resetIntro')}>
      <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={reset.isPending}>
        <NewPasswordFields password={form.register('password')} confirmation={form.register('passwordConfirm')} />
        <MandatoryFieldsNote />
        <SubmitButton isPending={reset.isPending} label={t('common.save')} />
      </Form>
    </AuthCard>
  );
}
